import { randomUUID } from 'node:crypto';
import type { Cents, Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';
import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ServicePayError } from '../../../shared/errors.js';
import { BySku, twinsInWords } from './sku-key.js';
import { tagKey } from './tag-key.js';
import { claimsSplitAt } from './package-stock.js';
import { sellingPackageId } from './selling-package.js';
import type { ProductDescription } from './product-fields.js';
import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';
import { keptValues, KEPT_FIELDS, type KeptField, type KeptValues } from './import/kept-columns.js';

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

const PROGRESS_EVERY = 2_000;

type WriteValues = Omit<ProductUpsert, 'deli' | 'tags' | 'kept' | keyof CannabisContent> &
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

/** Bulk writes of the catalog: prepared statements run in the caller's write transaction. */
export class ProductWriter {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
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

  /**
   * Every product of the dispensary that has a SKU, by SKU in any case (written so first), with the
   * package it sells from next at the location.
   */
  async existingBySku(q: Queryable, dispensaryId: string, locationId: string): Promise<BySku<ExistingProduct>> {
    const existing = new BySku<ExistingProduct>();
    for (const product of await q.all(this.q.existing, { dispensaryId, locationId })) {
      existing.add({
        ...product,
        reservedMilli: Number(product.reservedMilli),
        onHandMilli: Number(product.onHandMilli),
        discountPpm: Number(product.discountPpm),
        received: Number(product.received) === 1,
      });
    }
    return existing;
  }

  /** The dispensary and SKU of a product id, if any product has it. */
  ownerOf(q: Queryable, productId: string): Promise<{ dispensaryId: string; sku: string | null } | undefined> {
    return q.first(this.q.owner, { id: productId });
  }

  async upsertMany(
    tx: Queryable,
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: Date,
    onProgress?: (done: number, total: number) => void,
  ): Promise<UpsertOutcome> {
    const at = now.toISOString();
    // The store's row held, as the product form holds it: no other writer gives a product one of these SKUs meanwhile.
    await tx.first(this.q.lockStore, { dispensaryId });
    const existing = await this.existingBySku(tx, dispensaryId, locationId);
    const outcome: UpsertOutcome = {
      created: 0,
      updated: 0,
      stockSet: [],
      packagesSet: [],
      stockKept: [],
      keptColumns: [],
    };
    const keptColumns = new Set<KeptField>();
    for (const [index, row] of rows.entries()) {
      const { found, twins } = existing.match(row.sku);
      // The import's check refuses such a row (check-existing.ts); the demo loader never writes one.
      if (twins.length > 0) {
        throw new ServicePayError('CONFLICT', `sku ${row.sku} ${twinsInWords(twins)}`, { field: 'sku' });
      }
      const packageLabel = row.packageLabel || (found?.packageLabel ?? '');
      for (const field of found ? (row.kept ?? []) : []) keptColumns.add(field);
      const base = {
        ...row,
        ...keptValues(row, found),
        packageLabel,
        packageLabelKey: tagKey(packageLabel),
        deli: row.deli ? 1 : 0,
        cannabisWeightMg: row.cannabisWeightMg === undefined ? (found?.cannabisWeightMg ?? null) : row.cannabisWeightMg,
        thcMg: row.thcMg === undefined ? (found?.thcMg ?? null) : row.thcMg,
        tags: row.tags === undefined ? (found?.tags ?? '[]') : JSON.stringify(row.tags),
        dispensaryId,
        locationId,
        now: at,
      };
      if (found?.received) {
        const values = { ...base, productId: found.productId, packageId: '', unitId: '' };
        await tx.run(this.q.updateProduct, values);
        await tx.run(this.q.updatePricingOnly, values);
        outcome.stockKept.push(row.sku);
        outcome.updated += 1;
      } else if (found) {
        const unitId = row.unitId ?? found.unitId ?? randomUUID();
        const values = { ...base, productId: found.productId, packageId: found.packageId ?? randomUUID(), unitId };
        await tx.run(this.q.updateProduct, values);
        await tx.run(found.packageId ? this.q.updatePackage : this.q.insertPackage, values);
        if (found.packageId) await tx.run(this.q.updatePricing, values);
        if (row.onHandMilli !== found.onHandMilli) {
          outcome.stockSet.push({
            sku: row.sku,
            deli: row.deli,
            beforeMilli: found.onHandMilli,
            afterMilli: row.onHandMilli,
          });
          const { productId, packageId } = values;
          outcome.packagesSet.push({
            packageId,
            productId,
            beforeMilli: found.onHandMilli,
            afterMilli: row.onHandMilli,
          });
        }
        outcome.updated += 1;
      } else {
        const values = {
          ...base,
          productId: row.productId ?? randomUUID(),
          packageId: randomUUID(),
          unitId: row.unitId ?? randomUUID(),
        };
        await tx.run(this.q.insertProduct, values);
        await tx.run(this.q.insertPackage, values);
        existing.add({ ...values, reservedMilli: 0, onHandMilli: row.onHandMilli, received: false });
        if (row.onHandMilli !== 0) {
          const { productId, packageId } = values;
          outcome.packagesSet.push({ packageId, productId, beforeMilli: 0, afterMilli: row.onHandMilli });
        }
        outcome.created += 1;
      }
      const done = index + 1;
      if (onProgress && (done % PROGRESS_EVERY === 0 || done === rows.length)) onProgress(done, rows.length);
    }
    outcome.keptColumns = KEPT_FIELDS.filter((field) => keptColumns.has(field));
    return outcome;
  }
}
