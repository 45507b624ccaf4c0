import type { PaymentMethod } from '../../../shared/contracts/payment.js';
import { DEMO } from './demo-catalog.js';
import { demoUuid } from './demo-ids.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DevicesRepository } from '../payments/store/devices-repository.js';
import { switchMethod } from '../payments/config/location-methods.js';
import { ProcessorsRepository } from '../payments/store/processors-repository.js';

/** The demo payment configuration's fixed ids, so docs and tests can cite them. */
export const DEMO_PAYMENTS = {
  sandboxProcessorId: demoUuid('processor:sandbox'),
  paynetProcessorId: demoUuid('processor:paynet'),
  frontCounterPinPadId: demoUuid('device:front-counter'),
} as const;

const SANDBOX_METHODS: PaymentMethod[] = ['Credit', 'Debit', 'ATM', 'ACH', 'Cash'];
const PAYNET_METHODS: PaymentMethod[] = ['Credit', 'ACH'];

/**
 * The demo entity's payment configuration (docs/payments.md): `sandbox` (default) with every method
 * at the sales floor and the PIN pad "Front counter"; `paynet` (the hosted gateway sandbox) with
 * Credit and ACH. Runs in the demo loader's transaction.
 */
export async function seedDemoPayments(db: DataLayer, tx: Queryable, now: Date): Promise<void> {
  const processors = new ProcessorsRepository(db);
  const sandbox = await processors.add(
    tx,
    {
      id: DEMO_PAYMENTS.sandboxProcessorId,
      organizationId: DEMO.organizationId,
      name: 'sandbox',
      kind: 'sandbox',
      isDefault: true,
    },
    now,
  );
  const paynet = await processors.add(
    tx,
    {
      id: DEMO_PAYMENTS.paynetProcessorId,
      organizationId: DEMO.organizationId,
      name: 'paynet',
      kind: 'paynet',
      settings: { gatewayUrl: null, merchantId: 'green-valley-demo', apiKey: 'sk_test_green_valley_demo' },
    },
    now,
  );
  for (const method of SANDBOX_METHODS) {
    await switchMethod(db, tx, { locationId: DEMO.locationId, processorId: sandbox.id }, method, true, now);
  }
  for (const method of PAYNET_METHODS) {
    await switchMethod(db, tx, { locationId: DEMO.locationId, processorId: paynet.id }, method, true, now);
  }
  await new DevicesRepository(db).add(
    tx,
    {
      id: DEMO_PAYMENTS.frontCounterPinPadId,
      locationId: DEMO.locationId,
      processorId: sandbox.id,
      name: 'Front counter',
      model: 'ServicePay Simulated PIN pad P400',
      serialNumber: 'SIM-P400-0001',
    },
    now,
  );
}

/**
 * With `--demo`, gives a demo store loaded before payments existed (migration 2) its payment
 * configuration, so an old data folder works without starting over. Does nothing otherwise.
 */
export async function seedDemoPaymentsIfMissing(db: DataLayer, tx: Queryable, now: Date): Promise<boolean> {
  const location = await tx.first(db.builder.selectFrom('locations').select('id').where('id', '=', DEMO.locationId));
  if (!location || (await new ProcessorsRepository(db).list(tx, DEMO.organizationId)).length > 0) return false;
  await seedDemoPayments(db, tx, now);
  return true;
}
