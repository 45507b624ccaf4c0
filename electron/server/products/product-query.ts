import { sql, type Expression, type SqlBool } from 'kysely';
import type { StockLevel } from '../../../shared/contracts/products.js';
import type { Builder } from '../db/query.js';
import type { CursorKey } from '../catalog/catalog-query.js';
import { floorStock, sellingPackageId } from '../catalog/selling-package.js';

/** A product row as the manager's list reads it: the product, its package at the sales floor, its tax class. */
export interface ProductRow {
  productId: string;
  sku: string | null;
  name: string;
  brand: string;
  type: string;
  subtype: string;
  size: string;
  weight: number;
  unitType: string;
  deli: number;
  priceCents: number;
  unitCostCents: number | null;
  priceBreaks: string;
  taxClass: string;
  cannabisWeightMg: number | null;
  thcMg: number | null;
  cbdMg: number | null;
  barcodes: string;
  packageId: string;
  packageLabel: string;
  discountPpm: number;
  discountDescription: string;
  lowStockMilli: number | null;
  /** JSON: the product's tags. */
  tags: string;
  onHandMilli: number;
  availableMilli: number;
  active: number;
  createdAt: string;
  updatedAt: string;
}

/** What the list is narrowed to: words (LIKE patterns), a category, a brand, a stock level, archived or not. */
export interface ProductFilter {
  dispensaryId: string;
  locationId: string;
  terms: string[];
  type?: string;
  brand?: string;
  stock?: StockLevel;
  archived: boolean;
  after?: CursorKey;
  limit: number;
}

/** The stock filter in SQL, as shared/catalog/stock-level.ts decides it. */
function stockCondition(level: StockLevel, locationId: string): Expression<SqlBool> {
  const available = floorStock(locationId, 'available');
  if (level === 'out') return sql<SqlBool>`${available} <= 0`;
  if (level === 'low') {
    return sql<SqlBool>`(${available} > 0 AND p.low_stock_milli IS NOT NULL AND ${available} <= p.low_stock_milli)`;
  }
  return sql<SqlBool>`(${available} > 0 AND (p.low_stock_milli IS NULL OR ${available} > p.low_stock_milli))`;
}

/** Text the search words are looked for in: name, brand, SKU, barcodes and tags (their JSON). */
const HAYSTACK = sql<string>`lower(p.name || ' ' || p.brand || ' ' || COALESCE(p.sku, '') || ' ' || p.barcodes || ' ' || p.tags)`;

/**
 * Products of a store (archived ones too) with the package each sells from next at `locationId`
 * (its price, cost and tag) and what it has on that location's sales floor.
 */
export function selectProducts(k: Builder, dispensaryId: string, locationId: string) {
  return productRows(k, locationId).where('p.dispensary_id', '=', dispensaryId);
}

/** Products (`p`) with the package each sells from next at `locationId` and their floor's stock. */
function productRows(k: Builder, locationId: string) {
  return k
    .selectFrom('products as p')
    .innerJoin('packages as k', (join) =>
      join.onRef('k.product_id', '=', 'p.id').on('k.id', '=', sellingPackageId(locationId)),
    )
    .innerJoin('tax_classes as c', 'c.id', 'p.tax_class_id')
    .select([
      'p.id as productId',
      'p.sku',
      'p.name',
      'p.brand',
      'p.type',
      'p.subtype',
      'p.size',
      'p.weight',
      'p.unit_type as unitType',
      'p.deli',
      'k.price_cents as priceCents',
      'k.unit_cost_cents as unitCostCents',
      'p.price_breaks as priceBreaks',
      'c.code as taxClass',
      'p.cannabis_weight_mg as cannabisWeightMg',
      'p.thc_mg as thcMg',
      'p.cbd_mg as cbdMg',
      'p.barcodes',
      'k.id as packageId',
      'k.label as packageLabel',
      'k.discount_ppm as discountPpm',
      'k.discount_description as discountDescription',
      'p.low_stock_milli as lowStockMilli',
      'p.tags',
      floorStock(locationId, 'onHand').as('onHandMilli'),
      floorStock(locationId, 'available').as('availableMilli'),
      'p.active',
      'p.created_at as createdAt',
      'p.updated_at as updatedAt',
    ]);
}

/**
 * One page of the list, by name (any case) then id, one more row than the page to tell a next one.
 * The page's products are chosen first, from the products alone (a stock filter sums the floor's
 * packages of each); only they are joined to the package they sell from next.
 */
export function productPage(k: Builder, f: ProductFilter) {
  let page = k
    .selectFrom('products as p')
    .select('p.id')
    .where('p.dispensary_id', '=', f.dispensaryId)
    .where('p.active', '=', f.archived ? 0 : 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('packages as e')
          .select('e.id')
          .whereRef('e.product_id', '=', 'p.id')
          .where('e.location_id', '=', f.locationId),
      ),
    );
  for (const term of f.terms) page = page.where(sql<SqlBool>`${HAYSTACK} LIKE ${term} ESCAPE '\\'`);
  if (f.type) page = page.where('p.type', '=', f.type);
  if (f.brand) page = page.where(sql`lower(p.brand)`, '=', f.brand.toLowerCase());
  if (f.stock) page = page.where(stockCondition(f.stock, f.locationId));
  const after = f.after;
  if (after) {
    page = page.where((eb) =>
      eb.or([
        eb(sql<string>`lower(p.name)`, '>', after.name),
        eb.and([eb(sql<string>`lower(p.name)`, '=', after.name), eb('p.id', '>', after.id)]),
      ]),
    );
  }
  const ids = page
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(f.limit + 1);
  return productRows(k, f.locationId)
    .innerJoin(ids.as('pg'), 'pg.id', 'p.id')
    .select(sql<string>`lower(p.name)`.as('sortName'))
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id');
}
