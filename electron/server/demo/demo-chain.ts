import { demoSecretHash, type DemoLogins } from '../auth/demo-logins.js';
import { UsersRepository } from '../auth/users-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DevicesRepository } from '../payments/store/devices-repository.js';
import { switchMethod } from '../payments/config/location-methods.js';
import { DEMO_PAYMENTS } from './seed-demo-payments.js';
import { CatalogRepository } from '../catalog/catalog-repository.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary, NewDispensary } from '../dispensaries/dispensary.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import type { ProductUpsert } from '../catalog/product-upsert.js';
import { TaxRepository } from '../catalog/tax-repository.js';
import { DEMO, DEMO_DISPENSARY, DEMO_PRODUCTS, DEMO_TAX_CLASSES } from './demo-catalog.js';
import { demoUuid } from './demo-ids.js';

/** Most stores `servicepay demo load --stores N` makes (short names stay within 10 characters). */
export const MAX_DEMO_STORES = 100;

const NEIGHBOURHOODS = ['Midtown', 'East Sacramento', 'Davis', 'Roseville', 'Folsom', 'Elk Grove', 'Natomas'];
const STAFF = ['manager', 'cashier', 'display'] as const;

/** The short name of the demo chain's store `n` (store 1 is the documented `demo`). */
export function demoStoreShortName(n: number): string {
  return n === 1 ? DEMO.shortName : `demo-${n}`;
}

/** Store `n` ≥ 2 of the demo chain: another Green Valley store of the same organization. */
export function demoChainStore(n: number): NewDispensary {
  const shortName = demoStoreShortName(n);
  const neighbourhood = NEIGHBOURHOODS[(n - 2) % NEIGHBOURHOODS.length]!;
  const suffix = n - 2 < NEIGHBOURHOODS.length ? '' : ` ${Math.floor((n - 2) / NEIGHBOURHOODS.length) + 1}`;
  return {
    ...DEMO_DISPENSARY,
    id: demoUuid(`dispensary:${shortName}`),
    shortName,
    name: `Green Valley ${neighbourhood}${suffix}`,
    address: { ...DEMO_DISPENSARY.address, street: `${1000 + n * 17} J St`, comment: '' },
    primaryLocationId: demoUuid(`location:${shortName}:sales-floor`),
  };
}

/**
 * Store `n` ≥ 2 of the demo chain, in `tx`: the store, its taxes, the 48 demo products (ids of its
 * own), the sandbox's methods and a PIN pad at its sales floor, and its own staff (store-level
 * `manager-n`, `cashier-n`, `display-n`, with the demo passwords).
 */
export async function seedDemoChainStore(
  db: DataLayer,
  tx: Queryable,
  n: number,
  now: Date,
): Promise<{ dispensary: Dispensary; users: DemoLogins['users'] }> {
  const dispensary = await new DispensaryRepository(db).create(tx, demoChainStore(n), now);
  const taxes = new TaxRepository(db);
  const classIds = new Map<string, number>();
  for (const input of DEMO_TAX_CLASSES) {
    classIds.set(input.code, (await taxes.createClass(tx, dispensary.id, input)).id);
  }
  const rows: ProductUpsert[] = DEMO_PRODUCTS.map(
    ({ barcodes, taxClass, onHand, discountPercent, productId: _id, unitId: _unit, ...product }) => ({
      ...product,
      productId: demoUuid(`product:${dispensary.shortName}:${product.sku}`),
      barcodes: barcodes.join(BARCODE_SEPARATOR),
      taxClassId: classIds.get(taxClass)!,
      onHandMilli: Math.round(onHand * 1000),
      discountPpm: discountPercent * 10_000,
    }),
  );
  await new CatalogRepository(db).upsertMany(tx, dispensary.id, dispensary.primaryLocationId, rows, now);
  // Switching the methods on gives the store its card-not-present and cash-drawer configurations too.
  const where = { locationId: dispensary.primaryLocationId, processorId: DEMO_PAYMENTS.sandboxProcessorId };
  for (const method of ['Credit', 'Debit', 'ATM', 'ACH', 'Cash'] as const) {
    await switchMethod(db, tx, where, method, true, now);
  }
  await new DevicesRepository(db).add(
    tx,
    {
      locationId: dispensary.primaryLocationId,
      processorId: DEMO_PAYMENTS.sandboxProcessorId,
      name: 'Front counter',
      model: 'ServicePay Simulated PIN pad P400',
      serialNumber: `SIM-P400-${String(n).padStart(4, '0')}`,
    },
    now,
  );
  const users = new UsersRepository(db);
  const logins: DemoLogins['users'] = [];
  for (const role of STAFF) {
    const username = `${role}-${n}`;
    const password = `${role}-demo-1`;
    await users.create(
      tx,
      {
        organizationId: DEMO.organizationId,
        dispensaryId: dispensary.id,
        username,
        displayName: `${role[0]!.toUpperCase()}${role.slice(1)} at ${dispensary.name}`,
        passwordHash: demoSecretHash(password),
        role,
      },
      now,
    );
    logins.push({ username, password, role });
  }
  return { dispensary, users: logins };
}
