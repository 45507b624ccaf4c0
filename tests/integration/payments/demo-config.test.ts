import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { DEMO_PAYMENTS } from '../../../electron/server/payments/demo/seed-demo-payments.js';
import { MethodsRepository } from '../../../electron/server/payments/store/methods-repository.js';
import { ProcessorsRepository } from '../../../electron/server/payments/store/processors-repository.js';
import { DevicesRepository } from '../../../electron/server/payments/store/devices-repository.js';
import { DEMO } from './support/payment-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-demo-payments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function configuration(app: Awaited<ReturnType<typeof buildApp>>) {
  const { db } = app.ctx;
  return {
    processors: new ProcessorsRepository(db).list(DEMO.organizationId).map((p) => [p.name, p.kind, p.isDefault]),
    methods: new MethodsRepository(db)
      .list({ locationId: DEMO.locationId })
      .map((m) => `${m.processorName}:${m.method}`),
    devices: new DevicesRepository(db)
      .list({ locationId: DEMO.locationId })
      .map((d) => [d.id, d.name, d.processorName]),
  };
}

const EXPECTED = {
  processors: [
    ['sandbox', 'sandbox', true],
    ['paynet', 'paynet', false],
  ],
  methods: [
    'paynet:ACH',
    'paynet:Credit',
    'sandbox:ACH',
    'sandbox:ATM',
    'sandbox:Cash',
    'sandbox:Credit',
    'sandbox:Debit',
  ],
  devices: [[DEMO_PAYMENTS.frontCounterPinPadId, 'Front counter', 'sandbox']],
};

it('seeds the demo payment configuration, and restores it for a demo loaded before payments existed', async () => {
  const first = await buildApp({ dataDir: dir, demo: true, logLevel: 'silent' });
  expect(configuration(first)).toEqual(EXPECTED);
  // As a data folder from before migration 2 would be: the demo store without payment configuration.
  first.ctx.db.exec(
    'DELETE FROM payment_devices; DELETE FROM location_payment_methods; DELETE FROM payment_processors;',
  );
  await first.close();
  const second = await buildApp({ dataDir: dir, demo: true, logLevel: 'silent' });
  try {
    expect(configuration(second)).toEqual(EXPECTED);
  } finally {
    await second.close();
  }
});
