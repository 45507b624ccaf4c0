import { sql, type ExpressionBuilder } from 'kysely';
import { invalidInput } from '../../../shared/errors.js';
import { issueCursor, readCursor, type PagedList } from '../db/list-cursor.js';
import type { Builder } from '../db/query.js';
import type { Database, ProductsTable } from '../db/schema.js';
import { floorStock, sellingPackageId } from './selling-package.js';

/** What a catalog screen asks for: free text, a category, a page size and where the last page ended. */
export interface CatalogQuery {
  /** Words that must all appear in the name, brand, type, subtype, SKU, barcodes or package label. */
  search?: string;
  /** One product type (category), e.g. FLOWER. */
  type?: string;
  /** Page size, 1 to 200 (default 50). */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Where a page ended in the catalog's order (case-insensitive name, then id). */
export interface CursorKey {
  name: string;
  id: string;
}

/** A cursor of a list by name: where its last row was, bound to the list and its filters (db/list-cursor.ts). */
export function encodeCursor(list: PagedList, key: CursorKey): string {
  return issueCursor(list, [key.name, key.id]);
}

/** The place an `encodeCursor` cursor names, when issued for `list` with these filters; else refused in words. */
export function decodeCursor(list: PagedList, cursor: string): CursorKey {
  const [name, id] = readCursor(list, cursor, 2) as [string, string];
  return { name, id };
}

/** Lower-cased search words with LIKE wildcards escaped, at most 8 of them. */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw invalidInput('limit', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return limit;
}

/** The sum of a product's tax class rates, in ppm (a correlated subquery on `p`; 0 without rates). */
export const taxRatePpmOf = (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
  eb.fn.coalesce(
    eb
      .selectFrom('tax_rates as r')
      .select(sql<number>`COALESCE(SUM(r.rate_ppm), 0)`.as('s'))
      .whereRef('r.tax_class_id', '=', 'p.tax_class_id'),
    sql<number>`0`,
  );

/** What a product says of itself on a catalog entry and a ticket line (read from `p`). */
export const PRODUCT_LINE_COLUMNS = [
  'p.type',
  'p.subtype',
  'p.brand',
  'p.name',
  'p.size',
  'p.weight',
  'p.unit_type as unitType',
  'p.barcodes',
  'p.deli',
  'p.cannabis_weight_mg as cannabisWeightMg',
  'p.thc_mg as thcMg',
] as const;

/**
 * The catalog read model: a product, the package it sells from next at one location (with its
 * price and tag), what it has on that location's sales floor, and its tax.
 */
export function catalogSelect(k: Builder, locationId: string) {
  return k
    .selectFrom('products as p')
    .innerJoin('packages as k', (join) =>
      join.onRef('k.product_id', '=', 'p.id').on('k.id', '=', sellingPackageId(locationId)),
    )
    .innerJoin('tax_classes as c', 'c.id', 'p.tax_class_id')
    .select((eb) => [
      'p.id as productId',
      'p.sku',
      ...PRODUCT_LINE_COLUMNS,
      'c.code as taxClass',
      taxRatePpmOf(eb).as('taxRatePpm'),
      'k.id as packageId',
      'k.unit_id as unitId',
      'k.label as packageLabel',
      'k.location_id as locationId',
      'k.price_cents as priceCents',
      'k.discount_ppm as discountPpm',
      'k.discount_description as discountDescription',
      floorStock(locationId, 'onHand').as('onHandMilli'),
      floorStock(locationId, 'available').as('availableMilli'),
      'p.tags',
      'p.updated_at as updatedAt',
    ]);
}

/** Text searched by the words: the product's searchable fields, space-separated (words hold no spaces). */
const HAYSTACK = sql<string>`lower(p.name || ' ' || p.brand || ' ' || p.type || ' ' || p.subtype
  || ' ' || COALESCE(p.sku, '') || ' ' || p.barcodes)`;

/** A word found in the product's fields, or in the state tag of one of its packages at the location. */
const wordFound = (term: unknown, locationId: unknown) =>
  sql<boolean>`(${HAYSTACK} LIKE ${term} ESCAPE '\\' OR EXISTS (SELECT 1 FROM packages t
    WHERE t.product_id = p.id AND t.location_id = ${locationId} AND lower(t.label) LIKE ${term} ESCAPE '\\'))`;

/** The shape of a search: how many words, and whether it has a category and a cursor. */
export interface SearchShape {
  terms: number;
  type: boolean;
  cursor: boolean;
}

/** Parameters of a search query: `term0…`, `type`, `afterName`, `afterId` as the shape has them. */
export type SearchParams = Record<string, string | number>;

/**
 * One page of a search of this shape, ordered by name (case-insensitive) then id. The page's
 * products are chosen first, from the products alone; only they are joined to their packages.
 */
export function searchQuery(k: Builder, shape: SearchShape, p: SearchParams) {
  let page = k
    .selectFrom('products as p')
    .select('p.id')
    .where('p.dispensary_id', '=', p.dispensaryId as string)
    .where('p.active', '=', 1)
    // A product with no package at the location is not in its catalog.
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('packages as e')
          .select('e.id')
          .whereRef('e.product_id', '=', 'p.id')
          .where('e.location_id', '=', p.locationId as string),
      ),
    );
  for (let i = 0; i < shape.terms; i += 1) page = page.where(wordFound(p[`term${i}`], p.locationId));
  if (shape.type) page = page.where('p.type', '=', p.type as string);
  if (shape.cursor) {
    const afterName = p.afterName as string;
    page = page.where((eb) =>
      eb.or([
        eb(sql<string>`lower(p.name)`, '>', afterName),
        eb.and([eb(sql<string>`lower(p.name)`, '=', afterName), eb('p.id', '>', p.afterId as string)]),
      ]),
    );
  }
  const ids = page
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .limit(p.limit as number);
  return catalogSelect(k, p.locationId as string)
    .innerJoin(ids.as('pg'), 'pg.id', 'p.id')
    .select(sql<string>`lower(p.name)`.as('sortName'))
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id');
}
