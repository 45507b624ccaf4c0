import type { OverlapProduct } from '../../../shared/deals/overlap.js';
import type { Deal } from '../../../shared/deals/deal.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** Whether `deal` is one an overlap is warned of (shared/deals/overlap.ts): a running exclusive deal. */
const warnable = (deal: Deal) => deal.exclusive && deal.active;

/**
 * The store's products as the overlap of exclusive deals reads them (their brand, category, tags,
 * name, and one unit's price: its dearest package's), by name: two deals scoped differently (a
 * brand, a category) overlap where one product is in both, which only the catalog says, and which
 * of them applies to it depends on its price. None read unless two of `deals` are running and exclusive.
 */
export async function overlapProducts(
  db: DataLayer,
  q: Queryable,
  dispensaryId: string,
  deals: readonly Deal[],
): Promise<OverlapProduct[]> {
  if (deals.filter(warnable).length < 2) return [];
  const rows = await q.all(
    db.builder
      .selectFrom('products as p')
      .leftJoin('packages as pk', 'pk.product_id', 'p.id')
      .select(['p.id', 'p.name', 'p.brand', 'p.type', 'p.tags', 'p.deli'])
      .select((eb) => eb.fn.max('pk.price_cents').as('priceCents'))
      .where('p.dispensary_id', '=', dispensaryId)
      .where('p.active', '=', 1)
      .groupBy(['p.id', 'p.name', 'p.brand', 'p.type', 'p.tags', 'p.deli'])
      .orderBy('p.name')
      .orderBy('p.id'),
  );
  return rows.map((row) => ({
    productId: row.id,
    name: row.name,
    brand: row.brand,
    category: row.type,
    tags: JSON.parse(row.tags) as string[],
    priceCents: row.priceCents === null ? null : Number(row.priceCents),
    weighed: Number(row.deli) === 1,
  }));
}
