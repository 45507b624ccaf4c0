import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { StateReporter } from '../../../electron/server/state-reporting/state-reporter.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { configure, paidTicket, STATE_KEYS, stateRecords } from './state-support.js';

// Two service instances on one database (a store server's, or a register's file opened twice) run
// the reporting job at once against a slow state system: each record is sent exactly once.
let database: TestDatabase;
let service: PaymentHarness;
let second: DataLayer;
const state = new MetrcTestServer(STATE_KEYS);

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService(database.config);
  second = await openDataLayer({ ...database.config, poolSize: 2 });
  await configure(service, { baseUrl: await state.start(), ...STATE_KEYS, enabled: true });
}, 60_000);
afterAll(async () => {
  await state.stop();
  await second.close();
  await service.close();
  await database.drop();
});

it('two instances running the job at once never send one record twice', { timeout: 60_000 }, async () => {
  const sold = [];
  for (let index = 0; index < 6; index += 1) sold.push(await paidTicket(service, index));
  state.delayMs = 40;
  const now = () => new Date();
  const a = new StateReporter(service.app.ctx.db, { now });
  const b = new StateReporter(second, { now });
  const tries = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
  expect(tries.reduce((sum, count) => sum + count, 0)).toBe(6);
  const sent = state.calls.map((call) => (call.body as { ExternalReceiptNumber: string }[])[0]!.ExternalReceiptNumber);
  expect(sent.toSorted()).toEqual(sold.map((ticket) => ticket.orderNumber).toSorted());
  const records = await stateRecords(service);
  expect(records.map((record) => [record.status, record.attempts])).toEqual(sold.map(() => ['sent', 1]));
  expect(new Set(records.map((record) => record.stateReceiptId)).size).toBe(6);
});
