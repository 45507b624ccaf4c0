import { zonedDate } from '../../../../shared/zoned-day.js';
import { timeOrderedUuid } from '../../db/ids.js';
import type { Builder, Queryable } from '../../db/query.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { PackageStockSet } from '../product-upsert.js';

const CHUNK = 500;

/**
 * Keeps the stock an import set, package by package (`catalog_stock_sets`, migration 58), in the
 * import's write: a movement at its time, which the inventory value at an earlier day puts back
 * (reports/stock-at-day.ts), as it puts back adjustments, deliveries and sales.
 */
export async function recordStockSets(
  k: Builder,
  tx: Queryable,
  store: Pick<Dispensary, 'id' | 'timezone'>,
  sets: readonly PackageStockSet[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const storeDay = zonedDate(now, store.timezone);
  const rows = sets.map((set) => ({
    id: timeOrderedUuid(),
    dispensary_id: store.id,
    package_id: set.packageId,
    product_id: set.productId,
    delta_milli: set.afterMilli - set.beforeMilli,
    before_milli: set.beforeMilli,
    after_milli: set.afterMilli,
    at,
    store_day: storeDay,
  }));
  // A few hundred rows a statement (9 parameters each, well under both engines' limits): a catalog of
  // thousands of new products is a few statements, not one each.
  for (let from = 0; from < rows.length; from += CHUNK) {
    await tx.run(k.insertInto('catalog_stock_sets').values(rows.slice(from, from + CHUNK)));
  }
}
