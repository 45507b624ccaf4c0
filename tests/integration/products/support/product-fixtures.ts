import type { FastifyInstance } from 'fastify';
import type { ProductCreate, ProductView } from '../../../../shared/contracts/products.js';
import { productColumns } from '../../../../electron/server/products/product-columns.js';
import { checkedDraft } from '../../../../electron/server/products/product-draft.js';
import { draftOf } from '../../../../electron/server/products/product-view.js';
import type { ProductColumns } from '../../../../electron/server/products/products-repository.js';

/** Weighed flower's price breaks at the usual weights, 1 g to an ounce, lightest first. */
export const FLOWER_BREAKS = [
  { weightMg: 1000, priceCents: 1200 },
  { weightMg: 3500, priceCents: 3500 },
  { weightMg: 7000, priceCents: 6500 },
  { weightMg: 14000, priceCents: 12000 },
  { weightMg: 28000, priceCents: 22000 },
];

/** A new weighed flower with price breaks at the usual weights (1 g to an ounce). */
export const NEW_FLOWER: ProductCreate = {
  sku: 'GV-TEST-1',
  name: 'Test Haze (by the gram)',
  brand: 'Green Valley Deli',
  type: 'flower',
  subtype: 'Sativa',
  size: 'per gram',
  weight: 1,
  unitType: 'g',
  deli: true,
  priceCents: 1200,
  // Given heaviest first: the service keeps them lightest first.
  priceBreaks: [...FLOWER_BREAKS].reverse(),
  taxClass: 'cannabis',
  thcMg: 220,
  cbdMg: 4,
  barcodes: ['00012345678905'],
  packageLabel: '1A4060300002EE1000000123',
  lowStockThreshold: 28,
};

/**
 * Every product and package row and the audit trail's length, to show that a refused request wrote
 * nothing (and that an accepted one wrote what it says).
 */
export async function productRows(app: FastifyInstance) {
  const { db } = app.ctx;
  const products = await db.all(db.builder.selectFrom('products').selectAll().orderBy('id'));
  const packages = await db.all(db.builder.selectFrom('packages').selectAll().orderBy('id'));
  const audit = await db.first(db.builder.selectFrom('audit_events').select((eb) => eb.fn.countAll<number>().as('n')));
  return { products, packages, audit: Number(audit!.n) };
}

/** A product's columns as the service writes them. */
export function productColumnsOf(view: ProductView, taxClassId: number): Required<ProductColumns> {
  return productColumns(checkedDraft(draftOf(view)), taxClassId);
}
