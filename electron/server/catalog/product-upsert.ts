import type { Cents, Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';
import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';
import type { ProductDescription } from './product-fields.js';
import type { KeptField, KeptValues } from './import/kept-columns.js';

/**
 * A product and its package at one location, as an import or the demo loader writes it. Its cannabis
 * content and its tags: a value (or null) is written; undefined keeps what the product has (null, or
 * no tags, for a new one), so re-importing a price list without those columns does not erase them;
 * so does every optional column the row's file left out (`kept`). An empty `packageLabel` keeps the
 * package's state tag. A product with packages received from a
 * delivery keeps its stock and tags as they are (see `ExistingProduct.received`).
 */
export interface ProductUpsert extends ProductDescription, Partial<CannabisContent> {
  /** The match key: unique within a dispensary. */
  sku: string;
  /** Used for a new product; an existing product keeps its id. Generated when absent. */
  productId?: string;
  taxClassId: number;
  packageLabel: string;
  /** Kept from the existing package when absent; generated for a new one. */
  unitId?: string;
  priceCents: Cents;
  discountPpm: Ppm;
  discountDescription: string;
  onHandMilli: MilliQuantity;
  /** The product's tags, checked (shared/catalog/product-tags.ts). */
  tags?: string[];
  /**
   * The optional columns the row's file left out: an existing product keeps what it has for them
   * (import/kept-columns.ts); a new one takes the row's defaults.
   */
  kept?: readonly KeptField[];
}

/** A product whose package's stock on hand an import set, before and after (for the audit trail's words). */
export interface StockSet {
  sku: string;
  deli: boolean;
  beforeMilli: MilliQuantity;
  afterMilli: MilliQuantity;
}

/** A package whose stock on hand the rows set: a new product's, or an existing one's they changed. */
export interface PackageStockSet {
  packageId: string;
  productId: string;
  beforeMilli: MilliQuantity;
  afterMilli: MilliQuantity;
}

export interface UpsertOutcome {
  created: number;
  updated: number;
  /** Existing products whose stock on hand the rows changed. */
  stockSet: StockSet[];
  /** Every package whose stock on hand the rows changed, new products' with stock among them. */
  packagesSet: PackageStockSet[];
  /** SKUs of the products whose stock is kept in received packages: their stock and tags were left as they are. */
  stockKept: string[];
  /** The optional columns some updated product kept, its row leaving them out (in `KEPT_FIELDS` order). */
  keptColumns: KeptField[];
}

/** What a SKU already is in the database, so a re-import updates it in place. */
export interface ExistingProduct extends CannabisContent, KeptValues {
  productId: string;
  /** Its SKU as written (a row may name it in another case) and its name, for the words of a refusal. */
  sku: string | null;
  name: string;
  packageId: string | null;
  unitId: string | null;
  reservedMilli: number;
  /** The package's stock on hand and state tag (0 and '' when it has no package at the location). */
  onHandMilli: number;
  packageLabel: string;
  /**
   * Some of its packages were received from a delivery's manifest: its stock is those tagged
   * packages', moved by receiving, sales, counts and adjustments only, never set by an import.
   */
  received: boolean;
  /** JSON: the product's tags as stored. */
  tags: string;
}
