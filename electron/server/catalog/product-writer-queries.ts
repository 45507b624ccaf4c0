import { sql } from 'kysely';
import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';
import type { DataLayer } from '../db/data-layer.js';
import { claimsSplitAt } from './package-stock.js';
import type { ProductUpsert } from './product-upsert.js';
import { sellingPackageId } from './selling-package.js';

/** A product and its package as the writer's statements take them: the row's values and its ids. */
export type WriteValues = Omit<ProductUpsert, 'deli' | 'tags' | 'kept' | keyof CannabisContent> &
  CannabisContent & {
    deli: number;
    /** JSON. */
    tags: string;
    dispensaryId: string;
    locationId: string;
    now: string;
    productId: string;
    packageId: string;
    unitId: string;
    /** The package label's key (`tagKey`), written with it. */
    packageLabelKey: string;
  };

/** What an import writes to a product, new or existing (it is active again once imported). */
const productColumns = (p: WriteValues) => ({
  type: p.type,
  subtype: p.subtype,
  brand: p.brand,
  name: p.name,
  size: p.size,
  weight: p.weight,
  unit_type: p.unitType,
  barcodes: p.barcodes,
  tax_class_id: p.taxClassId,
  deli: p.deli,
  cannabis_weight_mg: p.cannabisWeightMg,
  thc_mg: p.thcMg,
  tags: p.tags,
  active: 1,
  updated_at: p.now,
});

/** What an import writes to a product's package at the location, new or existing. */
const packageColumns = (p: WriteValues) => ({
  unit_id: p.unitId,
  label: p.packageLabel,
  // The database keeps it too (migration 55's triggers), with a second write of the row when not given.
  label_key: p.packageLabelKey,
  price_cents: p.priceCents,
  discount_ppm: p.discountPpm,
  discount_description: p.discountDescription,
  on_hand_milli: p.onHandMilli,
});

/** The catalog writer's statements (product-writer.ts), prepared once per data layer. */
export function productWriterQueries(db: DataLayer) {
  return {
    existing: db.prepare((k, p: { dispensaryId: string; locationId: string }) =>
      k
        .selectFrom('products as p')
        .leftJoin('packages as k', (join) =>
          join.onRef('k.product_id', '=', 'p.id').on('k.id', '=', sellingPackageId(p.locationId)),
        )
        .select((eb) => [
          'p.sku',
          'p.name',
          'p.id as productId',
          'p.cannabis_weight_mg as cannabisWeightMg',
          'p.thc_mg as thcMg',
          'p.tags',
          'p.subtype',
          'p.brand',
          'p.size',
          'p.barcodes',
          'k.id as packageId',
          'k.unit_id as unitId',
          eb.fn.coalesce('k.reserved_milli', eb.val(0)).as('reservedMilli'),
          eb.fn.coalesce('k.on_hand_milli', eb.val(0)).as('onHandMilli'),
          eb.fn.coalesce('k.label', eb.val('')).as('packageLabel'),
          eb.fn.coalesce('k.discount_ppm', eb.val(0)).as('discountPpm'),
          eb.fn.coalesce('k.discount_description', eb.val('')).as('discountDescription'),
          sql<number>`CASE WHEN EXISTS (SELECT 1 FROM receipt_lines rl JOIN packages rk ON rk.id = rl.package_id
            WHERE rk.product_id = p.id) THEN 1 ELSE 0 END`.as('received'),
        ])
        .where('p.dispensary_id', '=', p.dispensaryId)
        .where('p.sku', 'is not', null),
    ),
    lockStore: db.prepare((k, p: { dispensaryId: string }) =>
      db.dialect.forNoKeyUpdate(k.selectFrom('dispensaries').select('id').where('id', '=', p.dispensaryId)),
    ),
    owner: db.prepare((k, p: { id: string }) =>
      k.selectFrom('products').select(['dispensary_id as dispensaryId', 'sku']).where('id', '=', p.id),
    ),
    insertProduct: db.prepare((k, p: WriteValues) =>
      k.insertInto('products').values({
        id: p.productId,
        dispensary_id: p.dispensaryId,
        sku: p.sku,
        ...productColumns(p),
        created_at: p.now,
      }),
    ),
    updateProduct: db.prepare((k, p: WriteValues) =>
      k.updateTable('products').set(productColumns(p)).where('id', '=', p.productId),
    ),
    insertPackage: db.prepare((k, p: WriteValues) =>
      k.insertInto('packages').values({
        id: p.packageId,
        product_id: p.productId,
        location_id: p.locationId,
        ...packageColumns(p),
      }),
    ),
    updatePackage: db.prepare((k, p: WriteValues) =>
      k
        .updateTable('packages')
        .set({ ...packageColumns(p), ...claimsSplitAt(p.onHandMilli) })
        .where('id', '=', p.packageId),
    ),
    // One price for a product at a location, whichever of its packages a line takes.
    updatePricing: db.prepare((k, p: WriteValues) =>
      k
        .updateTable('packages')
        .set({ price_cents: p.priceCents, discount_ppm: p.discountPpm, discount_description: p.discountDescription })
        .where('product_id', '=', p.productId)
        .where('location_id', '=', p.locationId)
        .where('id', '<>', p.packageId),
    ),
    // A product with received packages: its price on every package at the location, its stock and tags left alone.
    updatePricingOnly: db.prepare((k, p: WriteValues) =>
      k
        .updateTable('packages')
        .set({ price_cents: p.priceCents, discount_ppm: p.discountPpm, discount_description: p.discountDescription })
        .where('product_id', '=', p.productId)
        .where('location_id', '=', p.locationId),
    ),
  };
}
