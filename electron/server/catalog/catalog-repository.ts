import type { Cents, Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';
import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Prepared, Queryable } from '../db/query.js';
import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';
import { describedBy, type ProductDescription } from './product-fields.js';
import {
  catalogSelect,
  decodeCursor,
  encodeCursor,
  pageSize,
  searchQuery,
  searchTerms,
  type CatalogQuery,
  type SearchParams,
  type SearchShape,
} from './catalog-query.js';
import { ProductWriter } from './product-writer.js';
import type { ExistingProduct, ProductUpsert, UpsertOutcome } from './product-upsert.js';
import type { BySku } from './sku-key.js';
import { floorStock } from './selling-package.js';

export type { CatalogQuery } from './catalog-query.js';
export type { ExistingProduct, ProductUpsert, UpsertOutcome } from './product-upsert.js';

/** One sellable product at one location: what a POS screen lists and a ticket line is made from. */
export interface CatalogProduct extends ProductDescription, CannabisContent {
  productId: string;
  sku: string | null;
  taxClass: string;
  /** Sum of the tax class's rates. */
  taxRatePpm: Ppm;
  packageId: string;
  unitId: string;
  packageLabel: string;
  locationId: string;
  /** Price of one unit (one gram for deli items) before discount. */
  priceCents: Cents;
  discountPpm: Ppm;
  discountDescription: string;
  onHandMilli: MilliQuantity;
  /** On hand minus what open orders have reserved. */
  availableMilli: MilliQuantity;
  /** The store's words for it that deals may be for (migration 47). */
  tags: string[];
  updatedAt: string;
}

/** A page of products and the cursor of the next one (null on the last page). */
export interface CatalogPage {
  items: CatalogProduct[];
  nextCursor: string | null;
}

/** How many active products a category has at a location, and how many of them are in stock. */
export interface CategoryCount {
  type: string;
  count: number;
  inStock: number;
}

type Row = Omit<CatalogProduct, 'deli' | 'tags'> & { deli: number; tags: string };

/**
 * A catalog row as the catalog answers it. Built field by field: an object rest and a `delete` (a
 * dictionary object) then a spread took about 20 µs a row, 4 ms of a POS's page of 200 products.
 */
const toProduct = (row: Row & { sortName?: string }): CatalogProduct => ({
  productId: row.productId,
  sku: row.sku,
  ...describedBy(row),
  cannabisWeightMg: row.cannabisWeightMg,
  thcMg: row.thcMg,
  taxClass: row.taxClass,
  taxRatePpm: row.taxRatePpm,
  packageId: row.packageId,
  unitId: row.unitId,
  packageLabel: row.packageLabel,
  locationId: row.locationId,
  priceCents: row.priceCents,
  discountPpm: row.discountPpm,
  discountDescription: row.discountDescription,
  onHandMilli: row.onHandMilli,
  availableMilli: row.availableMilli,
  updatedAt: row.updatedAt,
  deli: row.deli === 1,
  tags: JSON.parse(row.tags) as string[],
});

/** The catalog of a dispensary: products with their package at a location. */
export class CatalogRepository {
  /** Search queries by shape (word count, category, cursor), compiled once each. */
  private readonly pages = new Map<string, Prepared<SearchParams, Row & { sortName: string }>>();
  private readonly q;
  private readonly writer;

  constructor(private readonly db: DataLayer) {
    this.q = {
      getOne: db.prepare((k, p: { dispensaryId: string; locationId: string; productId: string }) =>
        catalogSelect(k, p.locationId).where('p.id', '=', p.productId).where('p.dispensary_id', '=', p.dispensaryId),
      ),
      categories: db.prepare((k, p: { dispensaryId: string; locationId: string }) =>
        k
          .selectFrom('products as p')
          .select((eb) => [
            'p.type',
            eb.fn.countAll<number>().as('count'),
            sql<number>`SUM(CASE WHEN ${floorStock(p.locationId, 'available')} > 0 THEN 1 ELSE 0 END)`.as('inStock'),
          ])
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('packages as k')
                .select('k.id')
                .whereRef('k.product_id', '=', 'p.id')
                .where('k.location_id', '=', p.locationId),
            ),
          )
          .where('p.dispensary_id', '=', p.dispensaryId)
          .where('p.active', '=', 1)
          .groupBy('p.type')
          .orderBy('p.type'),
      ),
    };
    this.writer = new ProductWriter(db);
  }

  /** One page of active products matching the query, ordered by name (case-insensitive), then id. */
  async search(q: Queryable, dispensaryId: string, locationId: string, query: CatalogQuery = {}): Promise<CatalogPage> {
    const limit = pageSize(query.limit);
    const terms = searchTerms(query.search);
    // A cursor pages the list of the store and filters it was issued for, and no other.
    const list = {
      name: 'catalog',
      filter: { store: dispensaryId, locationId, terms: terms.join(' '), type: query.type },
    };
    const after = query.cursor ? decodeCursor(list, query.cursor) : undefined;
    const params: SearchParams = { dispensaryId, locationId, limit: limit + 1 };
    terms.forEach((term, index) => (params[`term${index}`] = term));
    if (query.type) params.type = query.type;
    if (after) Object.assign(params, { afterName: after.name, afterId: after.id });
    const shape = { terms: terms.length, type: Boolean(query.type), cursor: Boolean(after) };
    const rows = await q.all(this.page(shape), params);
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      items: rows.slice(0, limit).map(toProduct),
      nextCursor: last ? encodeCursor(list, { name: last.sortName, id: last.productId }) : null,
    };
  }

  /** One product of the dispensary with its package at the location (inactive ones included). */
  async get(
    q: Queryable,
    dispensaryId: string,
    locationId: string,
    productId: string,
  ): Promise<CatalogProduct | undefined> {
    const row = await q.first(this.q.getOne, { dispensaryId, locationId, productId });
    return row && toProduct(row);
  }

  /** Product types with counts, alphabetically. */
  categories(q: Queryable, dispensaryId: string, locationId: string): Promise<CategoryCount[]> {
    return q.all(this.q.categories, { dispensaryId, locationId });
  }

  /**
   * Creates or updates products and their package at the location, matched by SKU within the
   * dispensary, in the caller's write: all rows are written or none. `onProgress` is called after
   * each chunk of rows with the rows done so far.
   */
  upsertMany(
    tx: Queryable,
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: Date,
    onProgress?: (done: number, total: number) => void,
  ): Promise<UpsertOutcome> {
    return this.writer.upsertMany(tx, dispensaryId, locationId, rows, now, onProgress);
  }

  /** Products of the dispensary by SKU in any case, with their package at the location (for import checks). */
  existingBySku(q: Queryable, dispensaryId: string, locationId: string): Promise<BySku<ExistingProduct>> {
    return this.writer.existingBySku(q, dispensaryId, locationId);
  }

  /** Which dispensary and SKU a product id belongs to, if any. */
  ownerOf(q: Queryable, productId: string): Promise<{ dispensaryId: string; sku: string | null } | undefined> {
    return this.writer.ownerOf(q, productId);
  }

  private page(shape: SearchShape): Prepared<SearchParams, Row & { sortName: string }> {
    const key = `${shape.terms}|${shape.type}|${shape.cursor}`;
    let prepared = this.pages.get(key);
    if (!prepared) {
      prepared = this.db.prepare((k, p: SearchParams) => searchQuery(k, shape, p));
      this.pages.set(key, prepared);
    }
    return prepared;
  }
}
