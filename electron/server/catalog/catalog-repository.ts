import type { Cents, Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';
import type { Db } from '../db/database.js';
import type { ProductDescription } from './product-fields.js';
import {
  CATALOG_COLUMNS,
  CATALOG_FROM,
  decodeCursor,
  encodeCursor,
  pageSize,
  searchSql,
  searchTerms,
  type CatalogQuery,
} from './catalog-query.js';
import { ProductWriter, type ExistingProduct, type ProductUpsert, type UpsertOutcome } from './product-writer.js';

export type { CatalogQuery } from './catalog-query.js';
export type { ExistingProduct, ProductUpsert, UpsertOutcome } from './product-writer.js';

/** One sellable product at one location: what a POS screen lists and a ticket line is made from. */
export interface CatalogProduct extends ProductDescription {
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

type Row = Omit<CatalogProduct, 'deli'> & { deli: number };
type Params = Record<string, string | number>;

const toProduct = ({ deli, ...row }: Row & { sortName?: string }): CatalogProduct => {
  delete row.sortName;
  return { ...row, deli: deli === 1 };
};

/** The catalog of a dispensary: products with their package at a location. */
export class CatalogRepository {
  private readonly pages = new Map<string, ReturnType<Db['prepare']>>();
  private readonly getOne;
  private readonly categoryRows;
  private readonly writer;

  constructor(private readonly db: Db) {
    this.getOne = db.prepare<[Params], Row>(
      `SELECT ${CATALOG_COLUMNS} ${CATALOG_FROM} WHERE p.id = @productId AND p.dispensary_id = @dispensaryId`,
    );
    this.categoryRows = db.prepare<[Params], CategoryCount>(`
      SELECT p.type, COUNT(*) AS count, SUM(CASE WHEN k.on_hand_milli > k.reserved_milli THEN 1 ELSE 0 END) AS inStock
        FROM products p JOIN packages k ON k.product_id = p.id AND k.location_id = @locationId
       WHERE p.dispensary_id = @dispensaryId AND p.active = 1
       GROUP BY p.type ORDER BY p.type`);
    this.writer = new ProductWriter(db);
  }

  /** One page of active products matching the query, ordered by name (case-insensitive), then id. */
  search(dispensaryId: string, locationId: string, query: CatalogQuery = {}): CatalogPage {
    const limit = pageSize(query.limit);
    const terms = searchTerms(query.search);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const params: Params = { dispensaryId, locationId, limit: limit + 1 };
    terms.forEach((term, index) => (params[`term${index}`] = term));
    if (query.type) params.type = query.type;
    if (after) Object.assign(params, { afterName: after.name, afterId: after.id });
    const shape = { terms: terms.length, type: Boolean(query.type), cursor: Boolean(after) };
    const rows = this.page(shape).all(params) as (Row & { sortName: string })[];
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      items: rows.slice(0, limit).map(toProduct),
      nextCursor: last ? encodeCursor({ name: last.sortName, id: last.productId }) : null,
    };
  }

  /** One product of the dispensary with its package at the location (inactive ones included). */
  get(dispensaryId: string, locationId: string, productId: string): CatalogProduct | undefined {
    const row = this.getOne.get({ dispensaryId, locationId, productId });
    return row && toProduct(row);
  }

  /** Product types with counts, alphabetically. */
  categories(dispensaryId: string, locationId: string): CategoryCount[] {
    return this.categoryRows.all({ dispensaryId, locationId });
  }

  /**
   * Creates or updates products and their package at the location, matched by SKU within the
   * dispensary, in ONE transaction: all rows are written or none. `onProgress` is called after each
   * chunk of rows with the rows done so far.
   */
  upsertMany(
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: Date,
    onProgress?: (done: number, total: number) => void,
  ): UpsertOutcome {
    return this.writer.upsertMany(dispensaryId, locationId, rows, now, onProgress);
  }

  /** Products of the dispensary by SKU, with their package at the location (for import checks). */
  existingBySku(dispensaryId: string, locationId: string): Map<string, ExistingProduct> {
    return this.writer.existingBySku(dispensaryId, locationId);
  }

  /** Which dispensary and SKU a product id belongs to, if any. */
  ownerOf(productId: string): { dispensaryId: string; sku: string | null } | undefined {
    return this.writer.ownerOf(productId);
  }

  private page(shape: { terms: number; type: boolean; cursor: boolean }) {
    const key = `${shape.terms}|${shape.type}|${shape.cursor}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.db.prepare(searchSql(shape));
      this.pages.set(key, statement);
    }
    return statement;
  }
}
