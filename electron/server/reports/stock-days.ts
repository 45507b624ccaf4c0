import { ServicePayError } from '../../../shared/errors.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Builder, Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/**
 * The first store day of a store's records: the day it was set up, or an earlier day a record of
 * it was made on (a sale or a movement of stock kept with an earlier time, as demo sales are).
 * Before that day nothing says what the store held: today's stock put back further would be the
 * stock it started its records with, not the stock it had.
 */
export async function recordsStart(k: Builder, q: Queryable, store: Dispensary): Promise<string> {
  const earliest = (table: 'orders' | 'stock_adjustments' | 'receipts' | 'catalog_stock_sets') =>
    k
      .selectFrom(table)
      .select((e) => e.fn.min<string | null>(table === 'orders' ? 'created_at' : 'at').as('at'))
      .where('dispensary_id', '=', store.id);
  const row = await q.first(
    k
      .selectFrom('dispensaries')
      .select([
        'created_at as createdAt',
        earliest('orders').as('order'),
        earliest('stock_adjustments').as('adjustment'),
        earliest('receipts').as('receipt'),
        earliest('catalog_stock_sets').as('stockSet'),
      ])
      .where('id', '=', store.id),
  );
  const instants = [row?.createdAt, row?.order, row?.adjustment, row?.receipt, row?.stockSet].filter(
    (at): at is string => typeof at === 'string' && at !== '',
  );
  // ISO instants as stored: the smallest text is the earliest.
  const first = instants.sort()[0] ?? new Date(0).toISOString();
  return zonedDate(new Date(first), store.timezone);
}

/**
 * Refuses a day whose stock at its end cannot be told (README "Reports": inventory value), in words
 * naming `to` and the day it may be: a day after today in the store's time zone (its end has not come;
 * today is its stock so far), or a day before the store's records start. `stores` are those asked for
 * (a chain's: each store's own today and records).
 */
export async function checkStockDay(
  k: Builder,
  q: Queryable,
  stores: readonly Dispensary[],
  day: string,
  now: Date,
): Promise<void> {
  const one = stores.length === 1;
  for (const store of stores) {
    const today = zonedDate(now, store.timezone);
    if (day > today) {
      const where = one ? 'in the store’s time zone' : `at ${store.name}`;
      throw new ServicePayError(
        'INVALID_INPUT',
        `to must be on or before ${today} (today ${where}, ${store.timezone}): the end of ${day} has not come yet`,
        { field: 'to', details: { lastDay: today } },
      );
    }
  }
  let latest: { store: Dispensary; start: string } | null = null;
  for (const store of stores) {
    const start = await recordsStart(k, q, store);
    if (day < start && (latest === null || start > latest.start)) latest = { store, start };
  }
  if (latest) {
    const whose = one ? 'the store’s' : `${latest.store.name}’s`;
    throw new ServicePayError(
      'INVALID_INPUT',
      `to must be on or after ${latest.start}: ${whose} records start that day, and its stock before then is not known`,
      { field: 'to', details: { firstDay: latest.start } },
    );
  }
}
