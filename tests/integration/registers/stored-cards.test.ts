import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, linkOf, openTill, reading, signInAt, type Till } from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';

// A store whose cards go through a payment gateway the register reaches over the network (paynet,
// hosted here by the store server itself): with the server down, the processor does not answer
// either, and the register stores credit card payments within the store's caps, to send them later.
let database: TestDatabase;
let server: ServiceProcess;
let dir: string;
let register: ServiceProcess;
let till: Till;
const registerArgs = () => ['--data', dir, '--log-level', 'warn', '--pinpad-delay-ms', '100'];
/** The store's caps as the register's copy of its set-up has them. */
const registerCaps = () =>
  reading({ dataDir: dir }, async (db) => (await new DispensaryRepository(db).findByShortName('demo'))?.offlineCards);

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);

async function send(path: string, init: { method?: string; body?: unknown; key?: string; client?: boolean } = {}) {
  const response = await fetch(`${register.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${till.token}`,
      ...(init.client ? till.client : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Payment {
  id: string;
  status: string;
  processorResponseCode: string;
  processorResponseDetailMessage: string;
}

/**
 * A sale at the register paid by credit card at its PIN pad, its total ending in `cents` (reward
 * dollars make up the difference; the gateway decides by the cents: .51 declines). The payment as
 * it ended at the register.
 */
async function cardSale(
  productId: string,
  cents: number,
  quantity = 1,
): Promise<{ orderId: string; payment: Payment }> {
  const items = [{ productId, quantity }];
  const quote = await send('/v2.0/dispensary/demo/ecommerce/ticket/quote', {
    client: true,
    body: { type: 'PICKUP', items },
  });
  const total = Math.round(Number(quote.body.total) * 100);
  const reward = (((total - cents) % 100) + 100) % 100;
  const ticket = await send('/v2.0/dispensary/demo/ecommerce/ticket', {
    client: true,
    key: randomUUID(),
    // Reward dollars typed by hand (no loyalty programme) are approved as a manual discount is.
    body: { type: 'PICKUP', items, rewardDollars: reward / 100, approval: { username: 'manager', pin: '2580' } },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(201);
  const amount = Math.round(Number(ticket.body.total) * 100);
  const opened = await send('/v2.0/payments/sessions', {
    body: {
      entityId: DEMO.organizationId,
      channel: 'pos',
      ticketAlphaNumId: ticket.body.orderNumber,
      originalAmount: amount,
    },
  });
  const { sessionId } = opened.body.session as { sessionId: string };
  const paid = await send(`/v2.0/payments/sessions/${sessionId}/payments`, {
    key: randomUUID(),
    body: { paymentMethod: 'Credit' },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(202);
  const paymentId = (paid.body.payment as Payment).id;
  for (let tries = 0; ; tries += 1) {
    const session = await send(`/v2.0/payments/sessions/${sessionId}`);
    const payments = (session.body.session as { payments: Payment[] }).payments;
    const payment = payments.find((p) => p.id === paymentId)!;
    if (payment.status !== 'pending') return { orderId: String(ticket.body.orderId), payment };
    if (tries === 100) throw new Error(`the card payment never ended: ${JSON.stringify(payment)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const orderAtRegister = async (orderId: string) =>
  (await send(`/v2.0/dispensary/demo/ecommerce/ticket/${orderId}`, { client: true })).body.status;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  const admin = await signIn(server, 'admin');
  const setup = (path: string, body: unknown, method = 'POST') =>
    call(server, `/v2.0/dispensary/demo/setup/${path}`, { token: admin, body, method });
  const gatewayUrl = `${server.url}/paynet-sandbox/v1`;
  const processor = await setup('processors', {
    name: 'paynet-store',
    kind: 'paynet',
    isDefault: true,
    merchantId: 'm-store',
    apiKey: 'sk_test_store',
    gatewayUrl,
  });
  expect(processor.status, JSON.stringify(processor.body)).toBe(200);
  const credit = await setup(
    'payment-methods',
    { processorName: 'paynet-store', method: 'Credit', enabled: true },
    'PUT',
  );
  expect(credit.status, JSON.stringify(credit.body)).toBe(200);
  const pad = await setup('pin-pads', {
    name: 'Front counter',
    processorName: 'paynet-store',
    model: 'A920',
    serialNumber: 'SN-1',
  });
  expect(pad.status, JSON.stringify(pad.body)).toBe(200);
  dir = await migratedFolder('servicepay-register-');
  const attached = await attachTo(server, dir, 'front-12');
  expect(attached.status, attached.stderr).toBe(0);
  register = await startService(registerArgs());
  till = await openTill(register, 'front-12');
}, 90_000);
afterAll(async () => {
  await register?.stop();
  await server?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('card payments stored while the card processor does not answer', { timeout: 90_000 }, () => {
  it("stores credit sales within the store's caps, refuses past them in words, and sends them when the processor answers", async () => {
    // The store's manager lowers the caps at the server (their defaults are $200 and $1,000): the
    // register, already attached, learns them from the set-up it copies.
    expect(await registerCaps()).toEqual({ maxCents: 20_000, totalCents: 100_000 });
    const admin = await signIn(server, 'admin');
    const caps = await call(server, '/v2.0/dispensary/demo/setup/store', {
      token: admin,
      method: 'PUT',
      body: { offlineCards: { maxCents: 10_000, totalCents: 50_000 } },
    });
    expect(caps.status, JSON.stringify(caps.body)).toBe(200);
    await expect.poll(registerCaps, { timeout: 20_000 }).toEqual({ maxCents: 10_000, totalCents: 50_000 });

    const catalog = await send('/v2.0/dispensary/demo/catalog?limit=200');
    const items = catalog.body.items as { productId: string; type: string; price: number; quantityAvailable: number }[];
    const accessory = items.find((i) => i.type === 'ACCESSORY' && i.price < 45 && i.quantityAvailable >= 12)!;
    // Online, the card goes through the gateway at once.
    const online = await cardSale(accessory.productId, 10);
    expect(online.payment).toMatchObject({ status: 'approved' });
    expect(online.payment.processorResponseCode).not.toBe('STORED');

    const port = server.port;
    await server.stop();
    for (let tries = 0; (await linkOf(till)).reachable !== false; tries += 1) {
      if (tries === 50) throw new Error('the register never saw its server go');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Stored: the sale completes, and the cashier reads why and what it means.
    const approvedLater = await cardSale(accessory.productId, 10);
    expect(approvedLater.payment).toMatchObject({ status: 'approved', processorResponseCode: 'STORED' });
    expect(approvedLater.payment.processorResponseDetailMessage).toMatch(/^Stored: the card processor does not answer/);
    // Paid, the sale is handed over across the counter.
    expect(await orderAtRegister(approvedLater.orderId)).toBe('COMPLETED');
    const declinedLater = await cardSale(accessory.productId, 51);
    expect(declinedLater.payment).toMatchObject({ status: 'approved', processorResponseCode: 'STORED' });
    // Past what one payment may be stored for: refused, saying why; the order still awaits payment.
    const unit = (approvedLater.payment as Payment & { chargedAmount: number }).chargedAmount;
    const refused = await cardSale(accessory.productId, 10, Math.floor(10_000 / unit) + 1);
    expect(refused.payment.status).toBe('error');
    const over = (refused.payment as Payment & { chargedAmount: number }).chargedAmount;
    expect(over).toBeGreaterThan(10_000);
    expect(refused.payment.processorResponseDetailMessage).toBe(
      `The card processor does not answer, and $${(over / 100).toFixed(2)} is over the $100.00 a card payment ` +
        'may be stored for: take cash',
    );
    expect(await orderAtRegister(refused.orderId)).toBe('AWAITING_PROCESSING');
    // A stored payment is not refunded before it is sent (the manager signs in at the register offline).
    const manager = await signInAt(register, 'manager', 'manager-demo-1');
    const refund = await fetch(`${register.url}/v2.0/payments/${approvedLater.payment.id}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, reason: 'The customer changed their mind' }),
    });
    expect(refund.status).toBe(409);
    expect(((await refund.json()) as { resultDetail: string }).resultDetail).toMatch(
      /^The Credit card payment of \$\d+\.\d{2} for order \w+ was stored while the card processor did not answer: it can be refunded once it is sent$/,
    );

    // The server (and its gateway) answers again: the register sends what it stored.
    server = await startService(instanceArgs(database), { port });
    const again = await signIn(server, 'admin');
    await expect
      .poll(
        async () => {
          const rows = await onServer((db) =>
            db.all(
              db.builder
                .selectFrom('payments')
                .select(['order_id', 'status', 'response_code'])
                .where('order_id', 'in', [approvedLater.orderId, declinedLater.orderId])
                .orderBy('status'),
            ),
          );
          return rows.map((row) => [row.order_id, row.status, row.response_code === 'STORED']);
        },
        { timeout: 30_000 },
      )
      .toEqual([
        [approvedLater.orderId, 'approved', false],
        [declinedLater.orderId, 'declined', false],
      ]);
    // The decline is the store's to collect: in the exceptions report, in words.
    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: again });
    const stored = (report.body.exceptions as { kind: string; orderId: string; detail: string }[]).filter(
      (e) => e.kind === 'stored_declined',
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.orderId).toBe(declinedLater.orderId);
    expect(stored[0]!.detail).toMatch(
      /^front-12 stored a card payment of \$\d+\.51 for order \w+ while the card processor did not answer; the processor declined it when it was sent \(.+\): collect it from the customer$/,
    );
    // The sale was made: its order stays paid and handed over.
    expect(await orderAtRegister(declinedLater.orderId)).toBe('COMPLETED');
  });
});
