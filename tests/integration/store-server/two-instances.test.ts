import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_DISPENSARY } from '../../../electron/server/demo/demo-catalog.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { openStream } from '../support/live-stream.js';
import { call, signIn, startTwoInstances, ticket, unitProducts, type StoreServer } from './two-instances.js';

// Two service processes on one PostgreSQL database, as a store server runs behind a load balancer:
// whatever one instance does, the other sees, follows and may finish.
let server: StoreServer;
let cashier: string;
let manager: string;
let display: string;
let products: { productId: string }[];

beforeAll(async () => {
  // The PIN pads wait ten minutes: a test presents each card (the sandbox's tap) when it means to.
  server = await startTwoInstances(['--pinpad-delay-ms', '600000']);
  cashier = await signIn(server.a, 'cashier');
  manager = await signIn(server.b, 'manager');
  display = await signIn(server.a, 'display');
  products = await unitProducts(server.a, cashier);
}, 90_000);
afterAll(() => server.stop());

const session = (instance: StoreServer['a'], token: string, body: object) =>
  call(instance, '/v2.0/payments/sessions', { token, body: { entityId: DEMO.organizationId, ...body } });
const pay = (instance: StoreServer['a'], token: string, sessionId: string, body: object) =>
  call(instance, `/v2.0/payments/sessions/${sessionId}/payments`, { token, body, key: randomUUID() });

/** Presents a card to `instance`'s PIN pad for payment `paymentId`: its answer. */
const presentCard = (instance: StoreServer['a'], paymentId: string) =>
  call(instance, `/v2.0/payments/${paymentId}/present-card`, { token: cashier, method: 'POST' });

/**
 * Pays a ticket of `productId` on `instance`'s PIN pad, presents the card, and waits (by reading it
 * back) for its approval.
 */
async function pinPadPaymentOn(instance: StoreServer['a'], productId: string): Promise<void> {
  const created = await ticket(instance, cashier, productId);
  const total = Math.round(Number(created.total) * 100);
  const opened = await session(instance, cashier, {
    channel: 'pos',
    ticketAlphaNumId: created.orderNumber,
    originalAmount: total,
  });
  const sessionId = (opened.body.session as { sessionId: string }).sessionId;
  const started = await pay(instance, cashier, sessionId, { paymentMethod: 'Debit' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const paymentId = (started.body.payment as { id: string }).id;
  const presented = await presentCard(instance, paymentId);
  expect(presented.status, JSON.stringify(presented.body)).toBe(202);
  for (;;) {
    const read = await call(instance, `/v2.0/payments/sessions/${sessionId}`, { token: cashier });
    const payment = (read.body.session as { payments: { id: string; status: string }[] }).payments.find(
      (p) => p.id === paymentId,
    );
    if (payment?.status !== 'pending') return expect(payment?.status).toBe('approved');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two service instances on one database', { timeout: 60_000 }, () => {
  it('a ticket created on one is readable and cancellable on the other, and its stock comes back', async () => {
    const { productId } = products[0]!;
    const stockOf = async () => {
      const item = await call(server.a, `/v2.0/dispensary/demo/catalog?limit=200`, { token: cashier });
      const found = (item.body.items as { productId: string; quantityAvailable: number }[]).find(
        (candidate) => candidate.productId === productId,
      );
      return found!.quantityAvailable;
    };
    const before = await stockOf();
    const created = await ticket(server.a, cashier, productId, 2);
    const byId = await call(server.b, `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}`, {
      token: cashier,
      client: true,
    });
    expect(byId.body).toMatchObject({ orderNumber: created.orderNumber, status: 'AWAITING_PROCESSING' });
    const byNumber = await call(server.b, `/v2.0/dispensary/demo/ecommerce/ticket/by-number/${created.orderNumber}`, {
      token: cashier,
      client: true,
    });
    expect(byNumber.body.orderId).toBe(created.orderId);
    expect(await stockOf()).toBe(before - 2);
    const canceled = await call(server.b, `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}/cancel`, {
      token: cashier,
      client: true,
      method: 'POST',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const seenOnA = await call(server.a, `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}`, {
      token: cashier,
      client: true,
    });
    expect(seenOnA.body.status).toBe('CANCELED');
    expect(await stockOf()).toBe(before);
  });

  it('a ticket created on one is paid on the other (cash at the counter) and reads PAID on the first', async () => {
    const created = await ticket(server.a, cashier, products[1]!.productId);
    const total = Math.round(Number(created.total) * 100);
    const opened = await session(server.b, cashier, {
      channel: 'pos',
      ticketAlphaNumId: created.orderNumber,
      originalAmount: total,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const sessionId = (opened.body.session as { sessionId: string }).sessionId;
    const paid = await pay(server.b, cashier, sessionId, { paymentMethod: 'Cash', tenderedAmount: total + 1000 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const onA = await call(server.a, `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}`, {
      token: cashier,
      client: true,
    });
    expect(onA.body.status).toBe('PAID');
  });

  it('live events of one instance reach the streams of the other: orders and the pole display', async () => {
    const orders = await openStream(server.a.url, '/v2.0/dispensary/demo/live?topics=orders', cashier);
    const screen = await openStream(server.b.url, '/v2.0/dispensary/demo/live?topics=display:front-9', display);
    try {
      await screen.waitFor(1); // the current state first: idle
      const created = await ticket(server.b, cashier, products[2]!.productId);
      await expect
        .poll(() => orders.frames.some((frame) => frame.data.includes(created.orderNumber)), { timeout: 5000 })
        .toBe(true);
      // A cart of many long lines makes a message larger than PostgreSQL's NOTIFY takes (8000 bytes).
      const lines = Array.from({ length: 40 }, (_, index) => ({
        key: `line-${index}`,
        name: `Product with a long name number ${index} `.padEnd(180, '.'),
        detail: 'Brand · 3.5 g',
        quantity: 1,
        lineTotal: 1000,
      }));
      const totals = { subtotal: 40_000, discount: 0, tax: 0, rewardDollars: 0, total: 40_000 };
      const set = await call(server.a, '/v2.0/dispensary/demo/display/front-9', {
        token: cashier,
        method: 'PUT',
        body: { phase: 'cart', lines, totals, customerName: null },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(JSON.stringify(set.body).length).toBeGreaterThan(8000);
      const frames = await screen.waitFor(2);
      const state = JSON.parse(frames[1]!.data) as { state: { phase: string; lines: unknown[] } };
      expect(state.state.phase).toBe('cart');
      expect(state.state.lines).toHaveLength(40);
      const read = await call(server.b, '/v2.0/dispensary/demo/display/front-9', { token: display });
      expect((read.body.display as { state: { lines: unknown[] } }).state.lines).toHaveLength(40);
    } finally {
      await orders.close();
      await screen.close();
    }
  });

  it("a store's settings changed on one instance, or by the command, reach the screens of both: store.changed", async () => {
    const onA = await openStream(server.a.url, '/v2.0/dispensary/demo/live?topics=store', cashier);
    const onB = await openStream(server.b.url, '/v2.0/dispensary/demo/live?topics=store', cashier);
    const zone = async () =>
      ((await call(server.a, '/v2.0/dispensary/demo', { token: cashier })).body.dispensary as { timezone: string })
        .timezone;
    try {
      const set = await call(server.b, '/v2.0/dispensary/demo/setup/store', {
        method: 'PUT',
        token: manager,
        body: { timezone: 'America/Denver' },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const told = { event: 'store.changed', data: JSON.stringify({ fields: ['timezone'] }) };
      expect((await onA.waitFor(1))[0]).toEqual(told);
      expect((await onB.waitFor(1))[0]).toEqual(told);
      expect(await zone()).toBe('America/Denver');
      // The command line serves no live channel: its change reaches the instances through the database.
      const command = await runServicepay([
        'dispensaries',
        'set',
        'demo',
        '--timezone',
        DEMO_DISPENSARY.timezone,
        ...server.database.args,
      ]);
      expect(command.status, command.stderr).toBe(0);
      expect((await onA.waitFor(2))[1]).toEqual(told);
      expect((await onB.waitFor(2))[1]).toEqual(told);
      expect(await zone()).toBe(DEMO_DISPENSARY.timezone);
    } finally {
      await Promise.all([onA.close(), onB.close()]);
    }
  });

  it('a PIN pad payment started on one is canceled on the other; the device answering later charges nothing', async () => {
    const created = await ticket(server.a, cashier, products[3]!.productId);
    const total = Math.round(Number(created.total) * 100);
    const opened = await session(server.a, cashier, {
      channel: 'pos',
      ticketAlphaNumId: created.orderNumber,
      originalAmount: total,
    });
    const sessionId = (opened.body.session as { sessionId: string }).sessionId;
    const started = await pay(server.a, cashier, sessionId, { paymentMethod: 'Debit' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const paymentId = (started.body.payment as { id: string }).id;
    // B's PIN pad is not the one waiting: a card presented there is refused, and says why.
    const elsewhere = await presentCard(server.b, paymentId);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.resultDetail).toBe(
      'no PIN pad of this service is waiting for it (another instance took the payment, or this one restarted since)',
    );
    const canceled = await call(server.b, `/v2.0/payments/sessions/${sessionId}/cancel`, {
      token: cashier,
      method: 'POST',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect((canceled.body.payment as { status: string }).status).toBe('canceled');
    // A's PIN pad still waits (B canceled it, A did not hear): the customer taps the card there anyway.
    // A reads it, and its payment, canceled, goes to no processor: once a payment whose card was read
    // after it is approved, the canceled one would have been charged.
    const tapped = await presentCard(server.a, paymentId);
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(202);
    expect((tapped.body.payment as { status: string }).status).toBe('canceled');
    await pinPadPaymentOn(server.a, products[5]!.productId);
    const db = await openDataLayer(server.database.config);
    try {
      const ledger = await db.all(
        db.builder.selectFrom('processor_sandbox_ledger').select('reference').where('reference', '=', paymentId),
      );
      expect(ledger).toEqual([]);
      const payment = await db.first(db.builder.selectFrom('payments').select('status').where('id', '=', paymentId));
      expect(payment?.status).toBe('canceled');
    } finally {
      await db.close();
    }
  });

  it('a paylink sent from one instance is authorized through the other', async () => {
    const created = await ticket(server.a, cashier, products[4]!.productId);
    const total = Math.round(Number(created.total) * 100);
    const opened = await session(server.a, manager, {
      channel: 'ecommerce',
      ticketAlphaNumId: created.orderNumber,
      originalAmount: total,
    });
    const sessionId = (opened.body.session as { sessionId: string }).sessionId;
    const started = await pay(server.a, manager, sessionId, { paymentMethod: 'ACH' });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const link = (started.body.pending as { paylinkUrl: string }).paylinkUrl;
    const token = link.split('#')[1]!;
    const authorized = await call(server.b, `/v2.0/paylinks/${token}/authorize`, {
      body: { accountHolder: 'Ada Lovelace', routingNumber: '011000015', accountNumber: '12345678' },
    });
    expect(authorized.body.status, JSON.stringify(authorized.body)).toBe('approved');
    const order = await call(server.a, `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}`, {
      token: cashier,
      client: true,
    });
    expect(order.body.status).toBe('AUTHORIZED');
  });

  it('a login disabled or signed out on one instance stops working on the other as soon as it hears', async () => {
    const user = await signIn(server.b, 'display');
    const tickets = (token: string) =>
      call(server.b, '/v2.0/dispensary/demo/ecommerce/tickets', { token, client: true });
    expect((await tickets(user)).status).toBe(200); // B now holds the token in its cache
    const admin = await signIn(server.a, 'admin');
    const staff = '/v2.0/dispensary/demo/setup/staff/display';
    expect((await call(server.a, `${staff}/disable`, { method: 'POST', token: admin })).status).toBe(200);
    // A answered once PostgreSQL handed the notice to B's listening connection; B reads it then.
    const refusal = () => tickets(user).then(({ status, body }) => `${status} ${body.resultDetail}`);
    await expect.poll(refusal, { timeout: 10_000 }).toBe('401 user is disabled');
    expect((await call(server.a, `${staff}/enable`, { method: 'POST', token: admin })).status).toBe(200);
    await expect.poll(refusal, { timeout: 10_000 }).toBe('200 undefined');
    const logout = await call(server.a, '/auth-v2/logout', { method: 'POST', token: user });
    expect(logout.status, JSON.stringify(logout.body)).toBe(200);
    await expect.poll(refusal, { timeout: 10_000 }).toMatch(/^401 .*not valid/);
  });

  it('wrong passwords on either instance count together and lock the account on both', async () => {
    const attempt = (instance: StoreServer['a'], password: string) =>
      fetch(`${instance.url}/auth-v2/login`, {
        method: 'POST',
        headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
        body: Buffer.from(JSON.stringify({ username: 'admin', password })).toString('base64'),
      });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(i % 2 === 0 ? server.a : server.b, 'wrong-password')).status).toBe(401);
    }
    expect((await attempt(server.a, 'admin-demo-1')).status).toBe(429);
    expect((await attempt(server.b, 'admin-demo-1')).status).toBe(429);
  });
});
