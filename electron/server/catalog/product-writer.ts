import { randomUUID } from 'node:crypto';
import type { Cents, Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';
import type { Db } from '../db/database.js';
import type { ProductDescription } from './product-fields.js';

/** A product and its package at one location, as an import or the demo loader writes it. */
export interface ProductUpsert extends ProductDescription {
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
}

export interface UpsertOutcome {
  created: number;
  updated: number;
}

/** What a SKU already is in the database, so a re-import updates it in place. */
export interface ExistingProduct {
  productId: string;
  packageId: string | null;
  unitId: string | null;
  reservedMilli: number;
}

const PROGRESS_EVERY = 2_000;

/** Bulk writes of the catalog: prepared statements run in one transaction. */
export class ProductWriter {
  private readonly existingRows;
  private readonly ownerStmt;
  private readonly insertProduct;
  private readonly updateProduct;
  private readonly insertPackage;
  private readonly updatePackage;
  private readonly upsertTx;

  constructor(db: Db) {
    this.existingRows = db.prepare<[string, string], ExistingProduct & { sku: string }>(`
      SELECT p.sku, p.id AS productId, k.id AS packageId, k.unit_id AS unitId, COALESCE(k.reserved_milli, 0) AS reservedMilli
        FROM products p LEFT JOIN packages k ON k.product_id = p.id AND k.location_id = ?
       WHERE p.dispensary_id = ? AND p.sku IS NOT NULL`);
    this.ownerStmt = db.prepare<[string], { dispensaryId: string; sku: string | null }>(
      'SELECT dispensary_id AS dispensaryId, sku FROM products WHERE id = ?',
    );
    this.insertProduct = db.prepare(`
      INSERT INTO products (id, dispensary_id, sku, type, subtype, brand, name, size, weight, unit_type, barcodes,
                            tax_class_id, deli, active, created_at, updated_at)
      VALUES (@productId, @dispensaryId, @sku, @type, @subtype, @brand, @name, @size, @weight, @unitType, @barcodes,
              @taxClassId, @deli, 1, @now, @now)`);
    this.updateProduct = db.prepare(`
      UPDATE products SET type = @type, subtype = @subtype, brand = @brand, name = @name, size = @size,
             weight = @weight, unit_type = @unitType, barcodes = @barcodes, tax_class_id = @taxClassId,
             deli = @deli, active = 1, updated_at = @now
       WHERE id = @productId`);
    this.insertPackage = db.prepare(`
      INSERT INTO packages (id, product_id, location_id, unit_id, label, price_cents, discount_ppm,
                            discount_description, on_hand_milli)
      VALUES (@packageId, @productId, @locationId, @unitId, @packageLabel, @priceCents, @discountPpm,
              @discountDescription, @onHandMilli)`);
    this.updatePackage = db.prepare(`
      UPDATE packages SET unit_id = @unitId, label = @packageLabel, price_cents = @priceCents,
             discount_ppm = @discountPpm, discount_description = @discountDescription, on_hand_milli = @onHandMilli
       WHERE id = @packageId`);
    this.upsertTx = db.transaction(this.write.bind(this));
  }

  /** Every product of the dispensary that has a SKU, by SKU, with its package at the location. */
  existingBySku(dispensaryId: string, locationId: string): Map<string, ExistingProduct> {
    const existing = new Map<string, ExistingProduct>();
    for (const { sku, ...product } of this.existingRows.iterate(locationId, dispensaryId)) existing.set(sku, product);
    return existing;
  }

  /** The dispensary and SKU of a product id, if any product has it. */
  ownerOf(productId: string): { dispensaryId: string; sku: string | null } | undefined {
    return this.ownerStmt.get(productId);
  }

  upsertMany(
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: Date,
    onProgress?: (done: number, total: number) => void,
  ): UpsertOutcome {
    return this.upsertTx.immediate(dispensaryId, locationId, rows, now.toISOString(), onProgress);
  }

  private write(
    dispensaryId: string,
    locationId: string,
    rows: readonly ProductUpsert[],
    now: string,
    onProgress?: (done: number, total: number) => void,
  ): UpsertOutcome {
    const existing = this.existingBySku(dispensaryId, locationId);
    const outcome: UpsertOutcome = { created: 0, updated: 0 };
    rows.forEach((row, index) => {
      const values = { ...row, deli: row.deli ? 1 : 0, dispensaryId, locationId, now };
      const found = existing.get(row.sku);
      if (found) {
        this.updateProduct.run({ ...values, productId: found.productId });
        const unitId = row.unitId ?? found.unitId ?? randomUUID();
        if (found.packageId) this.updatePackage.run({ ...values, packageId: found.packageId, unitId });
        else this.insertPackage.run({ ...values, productId: found.productId, packageId: randomUUID(), unitId });
        outcome.updated += 1;
      } else {
        const productId = row.productId ?? randomUUID();
        const packageId = randomUUID();
        const unitId = row.unitId ?? randomUUID();
        this.insertProduct.run({ ...values, productId });
        this.insertPackage.run({ ...values, productId, packageId, unitId });
        existing.set(row.sku, { productId, packageId, unitId, reservedMilli: 0 });
        outcome.created += 1;
      }
      const done = index + 1;
      if (onProgress && (done % PROGRESS_EVERY === 0 || done === rows.length)) onProgress(done, rows.length);
    });
    return outcome;
  }
}
