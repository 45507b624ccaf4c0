import type { Db } from '../db/database.js';
import type { ProductDescription } from './product-fields.js';

/** A product's sellable package at one location, with everything a ticket line snapshots. */
export interface PackageForSale extends ProductDescription {
  productId: string;
  packageId: string;
  locationId: string;
  unitId: string;
  packageLabel: string;
  active: boolean;
  priceCents: number;
  discountPpm: number;
  discountDescription: string;
  /** Sum of the rates of the product's tax class, in parts per million. */
  taxRatePpm: number;
  /** On hand minus reserved, in thousandths of the unit. */
  availableMilli: number;
}

interface PackageRow extends Omit<PackageForSale, 'deli' | 'active'> {
  deli: number;
  active: number;
}

/**
 * Stock of packages: what tickets read to price lines, and the reservations they make. A reservation
 * is one conditional UPDATE, so two tickets can never take the same units even across processes.
 */
export class InventoryRepository {
  private readonly findOne;
  private readonly reserveStmt;
  private readonly releaseStmt;
  private readonly consumeStmt;

  constructor(db: Db) {
    this.findOne = db.prepare<[string, string, string], PackageRow>(`
      SELECT p.id AS productId, k.id AS packageId, k.location_id AS locationId, k.unit_id AS unitId,
             k.label AS packageLabel, p.type, p.subtype, p.brand, p.name, p.size, p.weight,
             p.unit_type AS unitType, p.barcodes, p.deli, p.active, k.price_cents AS priceCents,
             k.discount_ppm AS discountPpm, k.discount_description AS discountDescription,
             (SELECT COALESCE(SUM(r.rate_ppm), 0) FROM tax_rates r WHERE r.tax_class_id = p.tax_class_id)
               AS taxRatePpm,
             k.on_hand_milli - k.reserved_milli AS availableMilli
        FROM products p JOIN packages k ON k.product_id = p.id AND k.location_id = ?
       WHERE p.id = ? AND p.dispensary_id = ?`);
    this.reserveStmt = db.prepare<[number, string, number]>(
      `UPDATE packages SET reserved_milli = reserved_milli + ?
        WHERE id = ? AND on_hand_milli - reserved_milli >= ?`,
    );
    this.releaseStmt = db.prepare<[number, string, number]>(
      `UPDATE packages SET reserved_milli = reserved_milli - ? WHERE id = ? AND reserved_milli >= ?`,
    );
    this.consumeStmt = db.prepare<[number, number, string, number]>(
      `UPDATE packages SET on_hand_milli = on_hand_milli - ?, reserved_milli = reserved_milli - ?
        WHERE id = ? AND reserved_milli >= ?`,
    );
  }

  /** The package of `productId` at `locationId`, when the product belongs to the dispensary. */
  find(dispensaryId: string, locationId: string, productId: string): PackageForSale | undefined {
    const row = this.findOne.get(locationId, productId, dispensaryId);
    return row && { ...row, deli: row.deli === 1, active: row.active === 1 };
  }

  /** Takes `milli` units off the available stock; false (and nothing changed) when not enough. */
  reserve(packageId: string, milli: number): boolean {
    return this.reserveStmt.run(milli, packageId, milli).changes === 1;
  }

  /** Gives back a reservation (a canceled order). */
  release(packageId: string, milli: number): void {
    if (this.releaseStmt.run(milli, packageId, milli).changes !== 1) {
      throw new Error(`package ${packageId} has less than ${milli} reserved; stock is inconsistent`);
    }
  }

  /** Turns a reservation into a sale that left the store (a completed order). */
  consume(packageId: string, milli: number): void {
    if (this.consumeStmt.run(milli, milli, packageId, milli).changes !== 1) {
      throw new Error(`package ${packageId} has less than ${milli} reserved; stock is inconsistent`);
    }
  }
}
