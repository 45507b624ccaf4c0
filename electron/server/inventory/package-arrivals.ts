import { sql } from 'kysely';
import { storeStamp } from '../../../shared/store-time.js';
import type { Builder, Queryable } from '../db/query.js';

/** How a package's stock first came in, and when (ISO 8601 UTC). */
export interface Arrival {
  how: 'received' | 'imported' | 'adjusted';
  at: string;
}

/** Each first arrival by package, as `[packageId, at]` rows of one source. */
type FirstRows = { packageId: string; at: string }[];

/**
 * When each of `packageIds` first had stock, and how: a delivery received, a catalog import that set
 * its stock, or an adjustment (a count's among them) that added to it; the earliest of them. A
 * package none of them gave stock (the demo's, loaded as it is) has none. For the few packages a
 * person is asked to tell apart, not for lists: each source is read by package.
 */
export async function arrivalsOf(
  k: Builder,
  q: Queryable,
  packageIds: readonly string[],
): Promise<Map<string, Arrival>> {
  const arrivals = new Map<string, Arrival>();
  if (packageIds.length === 0) return arrivals;
  const first = sql<string>`MIN(at)`.as('at');
  const received = k
    .selectFrom('receipt_lines as l')
    .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
    .select(['l.package_id as packageId', sql<string>`MIN(r.at)`.as('at')])
    .where('l.package_id', 'in', packageIds)
    .where('l.received_milli', '>', 0)
    .groupBy('l.package_id');
  const added = (table: 'catalog_stock_sets' | 'stock_adjustments') =>
    k
      .selectFrom(table)
      .select(['package_id as packageId', first])
      .where('package_id', 'in', packageIds)
      .where('delta_milli', '>', 0)
      .groupBy('package_id');
  // In that order: a delivery and an import of the same moment read as the delivery.
  const sources: [Arrival['how'], FirstRows][] = [
    ['received', (await q.all(received)) as FirstRows],
    ['imported', await q.all(added('catalog_stock_sets'))],
    ['adjusted', await q.all(added('stock_adjustments'))],
  ];
  for (const [how, rows] of sources) {
    for (const row of rows) {
      const known = arrivals.get(row.packageId);
      if (!known || row.at < known.at) arrivals.set(row.packageId, { how, at: row.at });
    }
  }
  return arrivals;
}

/** "received on Nov 30, 2026, 10:00 AM MST", "stocked by a catalog import on …": an arrival in the store's time. */
export function arrivalInWords(arrival: Arrival, timeZone: string): string {
  const when = storeStamp(arrival.at, timeZone);
  if (arrival.how === 'received') return `received on ${when}`;
  return `stocked by ${arrival.how === 'imported' ? 'a catalog import' : 'an adjustment'} on ${when}`;
}
