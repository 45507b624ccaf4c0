import type { LeftOutStore } from '../../../shared/contracts/reports.js';
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

/** A store and the first day of its records. */
export interface StoreStart {
  store: Dispensary;
  start: string;
}

/** The stores asked for, each with the first day of its records. */
export async function storeStarts(k: Builder, q: Queryable, stores: readonly Dispensary[]): Promise<StoreStart[]> {
  const starts: StoreStart[] = [];
  for (const store of stores) starts.push({ store, start: await recordsStart(k, q, store) });
  return starts;
}

/** A store left out of a day before its records, as the answer names it. */
export const leftOutStore = ({ store, start }: StoreStart): LeftOutStore => ({
  dispensaryShortName: store.shortName,
  dispensaryName: store.name,
  timeZone: store.timezone,
  firstDay: start,
});

/**
 * The stores whose stock at the end of `day` is known (their records start on it or before) and
 * those left out (README "Reports": inventory value across stores).
 */
export function splitByRecords(starts: readonly StoreStart[], day: string) {
  return {
    kept: starts.filter(({ start }) => start <= day),
    leftOut: starts.filter(({ start }) => start > day).map(leftOutStore),
  };
}

/**
 * Refuses a day whose end has not come (README "Reports": inventory value), in words naming `to` and
 * its last day: a day after today in the store's time zone (today is its stock so far). `stores` are
 * those asked for (a chain's: each store's own today).
 */
export function checkDayEnded(stores: readonly Dispensary[], day: string, now: Date): void {
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
}

/**
 * Refuses a day before the records of every store asked for, in words naming `to` and the first day
 * some store's stock is known (the earliest start); a day some store has records of is not refused:
 * the others are left out.
 */
export function checkSomeRecords(starts: readonly StoreStart[], day: string): void {
  if (starts.length === 0 || starts.some(({ start }) => start <= day)) return;
  const first = [...starts].sort((a, b) => a.start.localeCompare(b.start))[0]!;
  const why =
    starts.length === 1
      ? 'the store’s records start that day, and its stock before then is not known'
      : `no store’s records start before then (${first.store.name}’s start that day), and their stock before then is not known`;
  throw new ServicePayError('INVALID_INPUT', `to must be on or after ${first.start}: ${why}`, {
    field: 'to',
    details: { firstDay: first.start },
  });
}
