import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { skuKey } from './sku-key.js';

/** A product whose SKU another product of its store has in another case. */
export interface SkuTwin {
  productId: string;
  name: string;
  sku: string;
  archived: boolean;
}

/**
 * The store's SKUs that more than one product has, each in its own case (`skuKey`: allowed before
 * migration 59, which keeps both): by SKU as the first product written so has it, its products by
 * SKU then name. A manager gives one of each set another SKU (`servicepay products edit`); until then
 * each is found by its SKU as written, and a third spelling names neither.
 */
export async function skuTwins(db: DataLayer, q: Queryable, dispensaryId: string): Promise<SkuTwin[][]> {
  const rows = await q.all(
    db.builder
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'active'])
      .where('dispensary_id', '=', dispensaryId)
      .where('sku', 'is not', null)
      .orderBy('sku')
      .orderBy('name')
      .orderBy('id'),
  );
  const byKey = new Map<string, SkuTwin[]>();
  for (const row of rows) {
    const twin = { productId: row.id, name: row.name, sku: row.sku!, archived: row.active !== 1 };
    const key = skuKey(twin.sku);
    byKey.set(key, [...(byKey.get(key) ?? []), twin]);
  }
  return [...byKey.values()].filter((twins) => twins.length > 1);
}
