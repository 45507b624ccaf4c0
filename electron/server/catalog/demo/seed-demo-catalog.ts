import type { Db } from '../../db/database.js';
import { CatalogRepository } from '../catalog-repository.js';
import { DispensaryRepository, type Dispensary } from '../dispensary-repository.js';
import { OrganizationRepository } from '../organization-repository.js';
import { BARCODE_SEPARATOR } from '../product-fields.js';
import type { ProductUpsert } from '../product-writer.js';
import { TaxRepository } from '../tax-repository.js';
import { DEMO, DEMO_DISPENSARY, DEMO_PRODUCTS, DEMO_TAX_CLASSES } from './demo-catalog.js';

/**
 * Writes the demo organization, dispensary, tax classes and products (not the logins). Runs inside
 * the caller's transaction when there is one, else in its own.
 */
export function seedDemoCatalog(db: Db, now: Date): { dispensary: Dispensary; products: number } {
  return db
    .transaction(() => {
      new OrganizationRepository(db).create(DEMO.organizationName, now, DEMO.organizationId);
      const dispensary = new DispensaryRepository(db).create(DEMO_DISPENSARY, now);
      const taxes = new TaxRepository(db);
      const classIds = new Map(
        DEMO_TAX_CLASSES.map((input) => [input.code, taxes.createClass(dispensary.id, input).id]),
      );
      const rows: ProductUpsert[] = DEMO_PRODUCTS.map(
        ({ barcodes, taxClass, onHand, discountPercent, ...product }) => ({
          ...product,
          barcodes: barcodes.join(BARCODE_SEPARATOR),
          taxClassId: classIds.get(taxClass)!,
          onHandMilli: Math.round(onHand * 1000),
          discountPpm: discountPercent * 10_000,
        }),
      );
      new CatalogRepository(db).upsertMany(dispensary.id, dispensary.primaryLocationId, rows, now);
      return { dispensary, products: rows.length };
    })
    .immediate();
}
