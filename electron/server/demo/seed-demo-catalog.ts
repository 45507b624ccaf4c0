import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { CatalogRepository } from '../catalog/catalog-repository.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import type { ProductUpsert } from '../catalog/product-upsert.js';
import { TaxRepository } from '../catalog/tax-repository.js';
import { RoomsRepository } from '../inventory/rooms-repository.js';
import { DEMO, DEMO_DISPENSARY, DEMO_PRODUCTS, DEMO_TAX_CLASSES } from './demo-catalog.js';
import { demoUuid } from './demo-ids.js';

const DEMO_ROOMS = [
  ['vault', 'Vault', 'storage'],
  ['quarantine', 'Quarantine', 'quarantine'],
] as const;

/** Writes the demo organization, dispensary, tax classes and products (not the logins), in `tx`. */
export async function seedDemoCatalog(
  db: DataLayer,
  tx: Queryable,
  now: Date,
): Promise<{ dispensary: Dispensary; products: number }> {
  await new OrganizationRepository(db).create(tx, DEMO.organizationName, now, DEMO.organizationId);
  const dispensary = await new DispensaryRepository(db).create(tx, DEMO_DISPENSARY, now);
  const taxes = new TaxRepository(db);
  const classIds = new Map<string, number>();
  for (const input of DEMO_TAX_CLASSES) {
    classIds.set(input.code, (await taxes.createClass(tx, dispensary.id, input)).id);
  }
  const rows: ProductUpsert[] = DEMO_PRODUCTS.map(({ barcodes, taxClass, onHand, discountPercent, ...product }) => ({
    ...product,
    barcodes: barcodes.join(BARCODE_SEPARATOR),
    taxClassId: classIds.get(taxClass)!,
    onHandMilli: Math.round(onHand * 1000),
    discountPpm: discountPercent * 10_000,
  }));
  await new CatalogRepository(db).upsertMany(tx, dispensary.id, dispensary.primaryLocationId, rows, now);
  // Beside its sales floor, the store keeps stock in a vault and holds what may not sell in quarantine.
  const rooms = new RoomsRepository(db);
  for (const [key, name, kind] of DEMO_ROOMS) {
    await rooms.insertRoom(tx, {
      id: demoUuid(`room:demo:${key}`),
      dispensary_id: dispensary.id,
      location_id: dispensary.primaryLocationId,
      name,
      kind,
      created_at: now.toISOString(),
    });
  }
  return { dispensary, products: rows.length };
}
