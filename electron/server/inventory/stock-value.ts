import { sql, type RawBuilder } from 'kysely';
import type { StockValue, StockValueLine } from '../../../shared/contracts/stock-value.js';
import { addValues } from '../../../shared/inventory/value-figures.js';
import { categoryLabel } from '../../../shared/labels.js';
import type { Prepared } from '../db/query.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

/** One category's sums as read: amounts in thousandths of a cent (quantity × unit amount), exact. */
interface CategoryRow {
  category: string;
  products: number | string;
  quantityMilli: number | string;
  costMilliCents: number | string;
  retailMilliCents: number | string;
  costed: number | string;
  quantityWithoutCostMilli: number | string;
  retailWithoutCostMilliCents: number | string;
}

/** Thousandths of a cent to cents, halves up. */
const cents = (milliCents: number | string) => Math.round(Number(milliCents) / 1000);

/**
 * What a store's stock on hand is worth (README "Stock value"), for its managers (`store:manage`):
 * each package's quantity on hand at its unit cost and at its price, summed by category. A package's
 * cost is its own (receiving sets it from the shipper's price; the product's form, that of the package
 * it sells from next): stock in packages without one adds nothing at cost, and is said apart (its
 * quantity and its value at price). Stock below zero (registers that sold offline more than was
 * held) counts as none. A category's amounts are rounded once, and the store's total is the sum of
 * its categories', so the lines add up to the cent.
 */
export class StockValues {
  private readonly byCategory: Prepared<{ dispensaryId: string }, CategoryRow>;

  constructor(
    private readonly access: StoreAccess,
    private readonly now: () => Date,
  ) {
    const onHand = sql<number>`CASE WHEN k.on_hand_milli > 0 THEN k.on_hand_milli ELSE 0 END`;
    const noCost = (amount: RawBuilder<number>) =>
      sql<number>`SUM(CASE WHEN k.cost_cents IS NULL THEN ${amount} ELSE 0 END)`;
    this.byCategory = access.serverOnlyDb.prepare((k, p: { dispensaryId: string }) =>
      k
        .selectFrom('products as p')
        .innerJoin('packages as k', 'k.product_id', 'p.id')
        .select([
          'p.type as category',
          sql<number>`COUNT(DISTINCT p.id)`.as('products'),
          sql<number>`SUM(${onHand})`.as('quantityMilli'),
          // Each package's exact cost (migration 068), to a thousandth of a cent: summed, then rounded.
          sql<number>`SUM(CASE WHEN k.cost_cents IS NULL THEN 0 ELSE CAST(${onHand} AS bigint) * k.cost_cents * 1000 / k.cost_milli END)`.as(
            'costMilliCents',
          ),
          sql<number>`SUM(${onHand} * k.price_cents)`.as('retailMilliCents'),
          // A product counts once: with a cost when some of its stock has one, else without.
          sql<number>`COUNT(DISTINCT CASE WHEN k.cost_cents IS NOT NULL THEN p.id END)`.as('costed'),
          noCost(onHand).as('quantityWithoutCostMilli'),
          noCost(sql<number>`${onHand} * k.price_cents`).as('retailWithoutCostMilliCents'),
        ])
        .where('p.dispensary_id', '=', p.dispensaryId)
        .where('k.on_hand_milli', '>', 0)
        .groupBy('p.type'),
    );
  }

  async of(actor: SetupActor, shortName: string): Promise<Omit<StockValue, 'resultCode' | 'resultReason'>> {
    const store = await this.access.store(actor, shortName);
    const rows = await this.access.serverOnlyDb.all(this.byCategory, { dispensaryId: store.id });
    const categories: StockValueLine[] = rows
      .map((row) => ({
        category: row.category,
        categoryName: categoryLabel(row.category),
        products: Number(row.products),
        quantityMilli: Number(row.quantityMilli),
        costCents: cents(row.costMilliCents),
        retailCents: cents(row.retailMilliCents),
        withoutCost: Number(row.products) - Number(row.costed),
        quantityWithoutCostMilli: Number(row.quantityWithoutCostMilli),
        retailWithoutCostCents: cents(row.retailWithoutCostMilliCents),
      }))
      .sort((a, b) => b.retailCents - a.retailCents || a.categoryName.localeCompare(b.categoryName));
    const total = addValues(categories);
    return { dispensaryShortName: store.shortName, asOf: this.now().toISOString(), categories, total };
  }
}
