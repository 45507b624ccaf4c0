import { sql } from 'kysely';
import type { InventoryValueFigures, InventoryValueRow } from '../../../shared/contracts/reports.js';
import { addValues, noValue } from '../../../shared/inventory/value-figures.js';
import { categoryLabel } from '../../../shared/labels.js';
import type { Builder, Queryable } from '../db/query.js';

/** One package as it is now. */
interface PackageNow {
  packageId: string;
  productId: string;
  category: string;
  onHand: number;
  price: number;
  /** Its exact cost: `costCents` for `costMilli` thousandths of a unit; null: not known (migration 068). */
  cost: { costCents: number; costMilli: number } | null;
}

/** Quantities (thousandths) by package, from a grouped read. */
async function byPackage(q: Queryable, query: Parameters<Queryable['all']>[0]): Promise<Map<string, number>> {
  const rows = (await q.all(query as never)) as { packageId: string; milli: number | string }[];
  return new Map(rows.map((row) => [row.packageId, Number(row.milli)]));
}

/**
 * A store's stock on hand at the end of a store day (README "Reports": inventory value): each
 * package's quantity now, with what moved it since put back — adjustments and counts made after
 * that day, stock set by catalog imports after it, deliveries received after it, and the lines of
 * orders handed over after its end (less those of orders handed over before it and reopened since).
 * Valued at the packages' unit costs and prices as they are now (a past price or cost is not kept).
 */
export async function stockAtDayEnd(
  k: Builder,
  q: Queryable,
  dispensaryId: string,
  day: string,
  dayEnd: string,
): Promise<{ rows: InventoryValueRow[]; total: InventoryValueFigures }> {
  const packages = (
    await q.all(
      k
        .selectFrom('packages as pk')
        .innerJoin('products as p', 'p.id', 'pk.product_id')
        .select([
          'pk.id as packageId',
          'p.id as productId',
          'p.type as category',
          'pk.on_hand_milli as onHand',
          'pk.price_cents as price',
          'pk.cost_cents as costCents',
          'pk.cost_milli as costMilli',
        ])
        .where('p.dispensary_id', '=', dispensaryId),
    )
  ).map(({ costCents, costMilli, ...row }): PackageNow => ({
    ...row,
    onHand: Number(row.onHand),
    price: Number(row.price),
    cost:
      costCents === null || costMilli === null ? null : { costCents: Number(costCents), costMilli: Number(costMilli) },
  }));
  // What moved each package after the day, by store day: adjustments and counts, and stock a catalog
  // import set (a new product's, or a count it changed), a movement at its time.
  const movedAfter = (table: 'stock_adjustments' | 'catalog_stock_sets') =>
    byPackage(
      q,
      k
        .selectFrom(table)
        .select(['package_id as packageId', sql<number>`SUM(delta_milli)`.as('milli')])
        .where('dispensary_id', '=', dispensaryId)
        .where('store_day', '>', day)
        .groupBy('package_id'),
    );
  const adjusted = await movedAfter('stock_adjustments');
  const imported = await movedAfter('catalog_stock_sets');
  const received = await byPackage(
    q,
    k
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
      .select(['l.package_id as packageId', sql<number>`SUM(l.received_milli)`.as('milli')])
      .where('r.dispensary_id', '=', dispensaryId)
      .where('r.store_day', '>', day)
      .where('l.package_id', 'is not', null)
      .groupBy('l.package_id'),
  );
  // Units leave the shelf as an order is handed over (COMPLETED), and come back if it is reopened
  // (a counter sale's void): a paid order not handed over still holds them on the shelf.
  const handedOver = sql<number>`SUM(CASE WHEN h.to_status = 'COMPLETED' THEN i.quantity_milli
    ELSE -i.quantity_milli END)`;
  const sold = await byPackage(
    q,
    k
      .selectFrom('order_status_history as h')
      .innerJoin('orders as o', 'o.id', 'h.order_id')
      .innerJoin('order_items as i', 'i.order_id', 'o.id')
      .select(['i.package_id as packageId', handedOver.as('milli')])
      .where('o.dispensary_id', '=', dispensaryId)
      .where('h.at', '>=', dayEnd)
      .where((e) => e.or([e('h.to_status', '=', 'COMPLETED'), e('h.from_status', '=', 'COMPLETED')]))
      .groupBy('i.package_id'),
  );
  const categories = new Map<
    string,
    InventoryValueRow & { products: number; productIds: Set<string>; costed: Set<string> }
  >();
  for (const pkg of packages) {
    const then =
      pkg.onHand -
      (adjusted.get(pkg.packageId) ?? 0) -
      (imported.get(pkg.packageId) ?? 0) -
      (received.get(pkg.packageId) ?? 0) +
      (sold.get(pkg.packageId) ?? 0);
    if (then <= 0) continue;
    let line = categories.get(pkg.category);
    if (!line) {
      line = {
        category: pkg.category,
        categoryName: categoryLabel(pkg.category),
        ...noValue(),
        productIds: new Set(),
        costed: new Set(),
      };
      categories.set(pkg.category, line);
    }
    line.productIds.add(pkg.productId);
    line.quantityMilli += then;
    // Thousandths of a cent (each package's cut as stock-value.ts's SQL cuts it), rounded once per category.
    if (pkg.cost) line.costCents += Math.trunc((then * pkg.cost.costCents * 1000) / pkg.cost.costMilli);
    line.retailCents += then * pkg.price;
    // A product counts once: with a cost when some of its stock has one; stock without one is said apart.
    if (pkg.cost !== null) line.costed.add(pkg.productId);
    else {
      line.quantityWithoutCostMilli += then;
      line.retailWithoutCostCents += then * pkg.price;
    }
  }
  const rows = [...categories.values()]
    .map(({ productIds, costed, ...line }) => ({
      ...line,
      products: productIds.size,
      withoutCost: productIds.size - costed.size,
      costCents: Math.round(line.costCents / 1000),
      retailCents: Math.round(line.retailCents / 1000),
      retailWithoutCostCents: Math.round(line.retailWithoutCostCents / 1000),
    }))
    .sort((a, b) => b.retailCents - a.retailCents || a.categoryName.localeCompare(b.categoryName));
  return { rows, total: addInventory(rows) };
}

/** Inventory figures added up (a store's categories, a chain's stores). */
export const addInventory = addValues;
