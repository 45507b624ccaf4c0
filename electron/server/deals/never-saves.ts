import type { Deal, DealScope } from '../../../shared/deals/deal.js';
import { coversEverything, inScope } from '../../../shared/deals/scope-index.js';
import { formatMoney } from '../../../shared/money.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** The fields whose change makes a bundle's or a fixed price's price worth checking again against its products. */
const PRICED = ['kind', 'active', 'bundleQuantity', 'bundlePriceCents', 'priceCents', 'scope'] as const;

/** True when `deal` is an active bundle or fixed price new, or changed in what its savings depend on. */
export function savingsToCheck(deal: Deal, before: Deal | null): boolean {
  if ((deal.kind !== 'bundle' && deal.kind !== 'fixed_price') || !deal.active) return false;
  return before === null || PRICED.some((field) => JSON.stringify(deal[field]) !== JSON.stringify(before[field]));
}

/**
 * Why a bundle or a fixed price can never take anything off (`bundleNeverSaves`, `fixedPriceNeverSaves`),
 * with the field the words follow; null when it may.
 */
export async function neverSaves(
  db: DataLayer,
  q: Queryable,
  dispensaryId: string,
  deal: Deal,
): Promise<{ field: 'bundlePriceCents' | 'priceCents'; words: string } | null> {
  if (deal.kind === 'fixed_price') {
    const words = await fixedPriceNeverSaves(db, q, dispensaryId, deal);
    return words === null ? null : { field: 'priceCents', words };
  }
  const words = await bundleNeverSaves(db, q, dispensaryId, deal);
  return words === null ? null : { field: 'bundlePriceCents', words };
}

/**
 * Why a fixed price can never take anything off, or null: no product in scope is dearer than it, at
 * its full shelf price ("each at $60.00" of $45.00 jars). Unsaid as for a bundle (no product sold
 * yet, or one sold by weight, whose price is a gram's).
 */
async function fixedPriceNeverSaves(
  db: DataLayer,
  q: Queryable,
  dispensaryId: string,
  deal: Deal,
): Promise<string | null> {
  const price = deal.priceCents;
  if (price === null) return null;
  const products = await pricedIn(db, q, dispensaryId, deal.scope);
  if (products.length === 0 || products.some((one) => one.deli)) return null;
  const dearest = Math.max(...products.map((one) => one.priceCents));
  if (dearest > price) return null;
  return (
    `of ${formatMoney(price)} never saves anything: its dearest product is ${formatMoney(dearest)}. ` +
    'Lower the price, or add dearer products to it'
  );
}

/**
 * Why a bundle can never take anything off, or null: its `bundleQuantity` dearest units in scope, at
 * their full shelf prices (before any promotion, so never less than a sale could pay), cost no more
 * than its price ("any 3 for $300.00" of $75.00 pre-rolls). Unsaid when the scope holds no product
 * sold yet, or a product sold by weight (a bundle's unit of it has no one price). The words follow
 * the field they are about, `bundlePriceCents` (README "Errors"): "of $300.00 for 3 never saves …".
 */
async function bundleNeverSaves(db: DataLayer, q: Queryable, dispensaryId: string, deal: Deal): Promise<string | null> {
  const { bundleQuantity: quantity, bundlePriceCents: price } = deal;
  // The deal's own checks (deal-checks.ts) have refused a bundle without them.
  if (quantity === null || price === null) return null;
  const products = await pricedIn(db, q, dispensaryId, deal.scope);
  if (products.length === 0 || products.some((one) => one.deli)) return null;
  const dearest = Math.max(...products.map((one) => one.priceCents));
  const most = dearest * quantity;
  if (most > price) return null;
  return (
    `of ${formatMoney(price)} for ${quantity} never saves anything: its dearest product is ` +
    `${formatMoney(dearest)}, so any ${quantity} cost at most ${formatMoney(most)}. Lower the bundle's price, ` +
    'or add dearer products to it'
  );
}

/** The store's active products that may be in `scope`, each with its dearest package's price. */
async function pricedIn(db: DataLayer, q: Queryable, dispensaryId: string, scope: DealScope) {
  const lower = (names: readonly string[]) => names.map((name) => name.trim().toLowerCase());
  const rows = await q.all(
    db.builder
      .selectFrom('products as p')
      .innerJoin('packages as pk', 'pk.product_id', 'p.id')
      .select(['p.id', 'p.brand', 'p.type', 'p.tags', 'p.deli'])
      .select((eb) => eb.fn.max('pk.price_cents').as('priceCents'))
      .where('p.dispensary_id', '=', dispensaryId)
      .where('p.active', '=', 1)
      .$if(!coversEverything(scope), (query) =>
        query.where((eb) =>
          eb.or([
            ...(scope.productIds.length ? [eb('p.id', 'in', scope.productIds)] : []),
            ...(scope.brands.length ? [eb(eb.fn('lower', ['p.brand']), 'in', lower(scope.brands))] : []),
            ...(scope.categories.length ? [eb(eb.fn('lower', ['p.type']), 'in', lower(scope.categories))] : []),
            // Tags are matched below, by the engine's own rule: here every product with a tag may be.
            ...(scope.tags.length ? [eb('p.tags', '!=', '[]')] : []),
          ]),
        ),
      )
      .groupBy(['p.id', 'p.brand', 'p.type', 'p.tags', 'p.deli']),
  );
  return rows
    .map((row) => ({
      productId: row.id,
      brand: row.brand,
      category: row.type,
      tags: JSON.parse(row.tags) as string[],
      deli: Number(row.deli) === 1,
      priceCents: Number(row.priceCents),
    }))
    .filter((line) => inScope(scope, line));
}
