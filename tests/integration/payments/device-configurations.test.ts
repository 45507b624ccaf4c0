import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { buildApp } from '../../../electron/server/app.js';
import { DevicesRepository } from '../../../electron/server/payments/store/devices-repository.js';
import { DEMO_PAYMENTS } from '../../../electron/server/demo/seed-demo-payments.js';
import { execute, queryRows } from '../../support/sql.js';
import { freshDatabase } from '../../support/test-database.js';
import {
  createTicket,
  DEMO,
  GOOD_CARD,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from './support/payment-fixtures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let service: PaymentHarness;
let index = 0;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

/** The kind of the device configuration `id`. */
async function kindOf(id: string): Promise<string | undefined> {
  return (await new DevicesRepository(service.app.ctx.db).find(service.app.ctx.db, id))?.kind;
}

/** Pays a new ticket in full and answers the final payment record (the PAYMENT_APPROVED data). */
async function payTicket(
  channel: 'pos' | 'ecommerce' | 'virtual_terminal',
  token: string,
  body: object,
  finish?: (answer: { pending: { paylinkUrl: string } }) => Promise<void>,
): Promise<PaymentRecord> {
  const ticket = await createTicket(service, 1, (index += 1) % 10);
  const opened = await session(service, token, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const answer = await pay(service, token, opened.sessionId, body);
  expect([201, 202], answer.body).toContain(answer.statusCode);
  await finish?.(answer.json());
  const done = await waitForSession(
    service,
    token,
    opened.sessionId,
    (s) => s.pending === null && s.payments.length > 0,
  );
  return done.payments.at(-1)!;
}

describe('every approved payment names the device configuration it ran through (spec 2.8)', () => {
  it.each([
    [
      'keyed Credit (ecommerce)',
      'ecommerce',
      'cashier',
      { paymentMethod: 'Credit', card: GOOD_CARD },
      'card_not_present',
    ],
    [
      'keyed Credit (virtual terminal)',
      'virtual_terminal',
      'manager',
      { paymentMethod: 'Credit', card: GOOD_CARD },
      'card_not_present',
    ],
    ['PIN pad Credit (pos)', 'pos', 'cashier', { paymentMethod: 'Credit' }, 'pinpad'],
    ['Cash (pos)', 'pos', 'cashier', { paymentMethod: 'Cash', tenderedAmount: 100_000 }, 'cash_drawer'],
  ] as const)('%s', async (_label, channel, role, body, kind) => {
    const payment = await payTicket(channel, service.tokens[role], body);
    expect(payment.status).toBe('approved');
    expect(payment.paymentDeviceConfigurationId).toMatch(UUID);
    expect(await kindOf(payment.paymentDeviceConfigurationId)).toBe(kind);
  });

  it('ACH through a paylink', async () => {
    const payment = await payTicket('ecommerce', service.tokens.admin, { paymentMethod: 'ACH' }, async (answer) => {
      const token = answer.pending.paylinkUrl.split('#')[1]!;
      const authorized = await service.request({
        method: 'POST',
        url: `/v2.0/paylinks/${token}/authorize`,
        payload: { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' },
      });
      expect(authorized.statusCode, authorized.body).toBe(200);
    });
    expect(payment.status).toBe('approved');
    expect(await kindOf(payment.paymentDeviceConfigurationId)).toBe('card_not_present');
  });

  it('one card-not-present configuration per location and processor, kept by the service', async () => {
    const { db } = service.app.ctx;
    const devices = await new DevicesRepository(db).list(db, { locationId: DEMO.locationId });
    const kinds = devices.map((d) => `${d.processorName}:${d.kind}`).sort();
    expect(kinds).toEqual([
      'paynet:card_not_present',
      'sandbox:card_not_present',
      'sandbox:cash_drawer',
      'sandbox:pinpad',
    ]);
    const cnp = devices.find((d) => d.kind === 'card_not_present')!;
    await expect(db.write((tx) => new DevicesRepository(db).disable(tx, cnp.id))).rejects.toThrow(
      /disable those methods/,
    );
  });
});

// Two services on one database, each seeding the demo store (about 17 s alone, more on a busy
// machine): the test's own limit, not the suite's 20 s.
describe('migration 4 on an existing database', { timeout: 90_000 }, () => {
  it('gives existing locations their configurations and earlier payments the one they ran through', async () => {
    const database = await freshDatabase();
    try {
      // A keyed payment and a cash payment, then the database as migration 3 left it.
      const before = await paymentService({ ...database.config });
      const keyed = await payWith(before, 'ecommerce', { paymentMethod: 'Credit', card: GOOD_CARD });
      const cash = await payWith(before, 'pos', { paymentMethod: 'Cash', tenderedAmount: 100_000 });
      await undoMigration4(before.app);
      await before.close();
      const after = await buildApp({ ...database.config, logLevel: 'silent' });
      try {
        const rows = await paymentsOf(after);
        const devices = await new DevicesRepository(after.ctx.db).list(after.ctx.db, { locationId: DEMO.locationId });
        const named = (id: string | null) => devices.find((d) => d.id === id);
        expect(named(rows.find((r) => r.id === keyed)!.device_id)).toMatchObject({
          kind: 'card_not_present',
          processorName: 'sandbox',
        });
        expect(named(rows.find((r) => r.id === cash)!.device_id)).toMatchObject({ kind: 'cash_drawer' });
        expect(devices.map((d) => d.kind).sort()).toEqual([
          'card_not_present',
          'card_not_present',
          'cash_drawer',
          'pinpad',
        ]);
        expect(devices.find((d) => d.kind === 'pinpad')!.id).toBe(DEMO_PAYMENTS.frontCounterPinPadId);
      } finally {
        await after.close();
      }
    } finally {
      await database.drop();
    }
  });
});

function paymentsOf(app: Awaited<ReturnType<typeof buildApp>>) {
  return queryRows<{ id: string; device_id: string | null }>(app, sql`SELECT id, device_id FROM payments ORDER BY id`);
}

async function payWith(harness: PaymentHarness, channel: 'pos' | 'ecommerce', body: object): Promise<string> {
  const ticket = await createTicket(harness, 1, (index += 1) % 10);
  const opened = await session(harness, harness.tokens.cashier, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const answer = await pay(harness, harness.tokens.cashier, opened.sessionId, body);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ payment: PaymentRecord }>().payment.id;
}

/** Takes the database back to how migration 3 left it (payments without a device configuration). */
async function undoMigration4(app: Awaited<ReturnType<typeof buildApp>>): Promise<void> {
  const { schema } = app.ctx.db.builder;
  await execute(app, sql`UPDATE payments SET device_id = NULL WHERE entry <> 'pinpad'`);
  await execute(app, sql`DELETE FROM payment_devices WHERE kind <> 'pinpad'`);
  await execute(app, sql`DELETE FROM schema_migrations WHERE version = 4`);
  for (const query of [
    schema.dropIndex('payment_devices_virtual'),
    schema.alterTable('payment_devices').dropColumn('kind'),
    schema.alterTable('access_tokens').dropColumn('terminal_id'),
    schema.dropTable('audit_events'),
    schema.dropTable('backups'),
  ]) {
    await app.ctx.db.write((tx) => tx.run(query.compile()));
  }
}
