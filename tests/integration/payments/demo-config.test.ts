import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { DEMO_PAYMENTS } from '../../../electron/server/demo/seed-demo-payments.js';
import { MethodsRepository } from '../../../electron/server/payments/store/methods-repository.js';
import { ProcessorsRepository } from '../../../electron/server/payments/store/processors-repository.js';
import { DevicesRepository } from '../../../electron/server/payments/store/devices-repository.js';
import { sql } from 'kysely';
import { execute } from '../../support/sql.js';
import { freshDatabase } from '../../support/test-database.js';
import { DEMO } from './support/payment-fixtures.js';

const database = await freshDatabase();
afterAll(() => database.drop());

async function configuration(app: Awaited<ReturnType<typeof buildApp>>) {
  const { db } = app.ctx;
  const location = { locationId: DEMO.locationId };
  return {
    processors: (await new ProcessorsRepository(db).list(db, DEMO.organizationId)).map((p) => [
      p.name,
      p.kind,
      p.isDefault,
    ]),
    methods: (await new MethodsRepository(db).list(db, location)).map((m) => `${m.processorName}:${m.method}`),
    // PIN pads by id; the configurations the service keeps itself by kind.
    devices: (await new DevicesRepository(db).list(db, location))
      .map((d) => [d.kind === 'pinpad' ? d.id : d.kind, d.name, d.processorName])
      .sort((a, b) => a.join().localeCompare(b.join())),
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
  devices: [
    [DEMO_PAYMENTS.frontCounterPinPadId, 'Front counter', 'sandbox'],
    ['card_not_present', 'Card not present', 'paynet'],
    ['card_not_present', 'Card not present', 'sandbox'],
    ['cash_drawer', 'Cash drawer', 'sandbox'],
  ],
};

it('seeds the demo payment configuration, and restores it for a demo loaded before payments existed', async () => {
  const first = await buildApp({ ...database.config, demo: true, logLevel: 'silent' });
  expect(await configuration(first)).toEqual(EXPECTED);
  // As a data folder from before migration 2 would be: the demo store without payment configuration.
  for (const table of ['payment_devices', 'location_payment_methods', 'payment_processors'] as const) {
    await execute(first, sql`DELETE FROM ${sql.table(table)}`);
  }
  await first.close();
  const second = await buildApp({ ...database.config, demo: true, logLevel: 'silent' });
  try {
    expect(await configuration(second)).toEqual(EXPECTED);
  } finally {
    await second.close();
  }
});
