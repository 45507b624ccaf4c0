import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../../../shared/contracts/live.js';
import type { PaymentUpdate } from '../../../shared/contracts/payment.js';
import type { PickupQueue } from '../../../shared/contracts/pickup.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn, ticket, unitProducts } from '../store-server/two-instances.js';
import { registerAuthorization } from '../support/registers.js';
import { openStream } from '../support/live-stream.js';
import {
  attachedRegister,
  handOver,
  payCash,
  reading,
  signInAt,
  waitUntilSent,
  type AttachedRegister,
  type Till,
} from './register-sales.js';

// The pickup queues (the POS's and the back office's Online orders) read the queue again on the
// store server's `order.updated` of an online order. An online order lent to a register is paid in
// part there, its payment voided, then paid and handed over there: the register's forwarded changes
// are told on the server's live channel as the same changes made at the server are, each order once
// per forwarded batch, after it is applied; a batch refused, or sent again, tells nothing.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
let productId: string;
let front: AttachedRegister;
let stream: Awaited<ReturnType<typeof openStream>>;

const ECOMMERCE = '/v2.0/dispensary/demo/ecommerce';
const onFront = <T>(read: (db: DataLayer) => Promise<T>) => reading({ dataDir: front.dir }, read);

/** A POST to the register's own service as its POS makes it (its cashier unless `token`). */
async function atRegister(till: Till, path: string, token = till.token) {
  const response = await fetch(`${till.instance.url}${path}`, {
    method: 'POST',
    headers: { ...till.client, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The server's `order.updated` of an order so far, oldest first. */
const told = (orderId: string) =>
  stream.frames
    .filter((frame) => frame.event === 'order.updated')
    .map((frame) => JSON.parse(frame.data) as OrderUpdate)
    .filter((update) => update.orderId === orderId);
/** The server's `payment.updated` of an order's payments so far, oldest first. */
const paymentsTold = (orderNumber: string) =>
  stream.frames
    .filter((frame) => frame.event === 'payment.updated')
    .map((frame) => JSON.parse(frame.data) as PaymentUpdate)
    .filter((update) => update.orderNumber === orderNumber);
/** The order as the server's pickup queue lists it (undefined: not listed). */
const listed = async (orderId: string) =>
  (
    (await call(server, `${ECOMMERCE}/pickup-queue`, { token: manager, client: true })).body as unknown as PickupQueue
  ).orders.find((entry) => entry.orderId === orderId);
/** The order's payments at the register, oldest first. */
const registerPayments = (orderId: string) =>
  onFront((db) =>
    db.all(db.builder.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('created_at')),
  );
/** Sends a forward as the register would, with its credentials. */
async function forward(body: unknown) {
  const link = (await onFront((db) => db.first(db.builder.selectFrom('server_link').selectAll())))!;
  const response = await fetch(`${server.url}/v2.0/register/forward`, {
    method: 'POST',
    headers: {
      authorization: registerAuthorization(link.register_id, link.secret),
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database), { port: await freePort() });
  manager = await signIn(server, 'manager');
  productId = (await unitProducts(server, manager))[0]!.productId;
  front = await attachedRegister(server, 'front-1');
  stream = await openStream(server.url, '/v2.0/dispensary/demo/live?topics=orders,payments', manager);
}, 120_000);
afterAll(async () => {
  await stream?.close();
  await front?.remove();
  await server?.stop();
  await database?.drop();
});

describe("a register's forwarded changes on the store server's live channel", { timeout: 90_000 }, () => {
  it('tells of a part payment, its void and the hand-over of a lent online order, as the server tells its own', async () => {
    const order = await ticket(server, manager, productId, 2);
    const total = Math.round(Number(order.total) * 100);
    const part = Math.floor(total / 2);
    await expect.poll(() => told(order.orderId).length).toBe(1);
    const lent = await atRegister(front.till, `${ECOMMERCE}/ticket/${order.orderId}/lend`);
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);

    // Part of it in cash at the register: the order stays unpaid, what it holds moves.
    let seen = told(order.orderId).length;
    await payCash(front.till, order.orderNumber, part);
    await waitUntilSent(front.till);
    await expect.poll(() => told(order.orderId).length).toBeGreaterThan(seen);
    expect(told(order.orderId).at(-1)).toEqual({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      status: 'AWAITING_PROCESSING',
      paymentStatus: 'UNPAID',
      source: 'online',
      total: order.total,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listed(order.orderId)).toMatchObject({ paymentStatus: 'UNPAID', paid: (part / 100).toFixed(2) });
    expect(paymentsTold(order.orderNumber).at(-1)!.payment).toMatchObject({ status: 'approved' });

    // The cash voided at the register (its manager): told again, and the queue holds nothing for it.
    const [cash] = await registerPayments(order.orderId);
    const registerManager = await signInAt(front.service, 'manager', 'manager-demo-1');
    seen = told(order.orderId).length;
    const voided = await atRegister(front.till, `/v2.0/payments/${String(cash!.id)}/void`, registerManager);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    await waitUntilSent(front.till);
    await expect.poll(() => told(order.orderId).length).toBeGreaterThan(seen);
    expect(told(order.orderId).at(-1)).toMatchObject({ source: 'online', paymentStatus: 'UNPAID' });
    expect(await listed(order.orderId)).toMatchObject({ paid: '0.00' });
    expect(paymentsTold(order.orderNumber).at(-1)!.payment).toMatchObject({ status: 'voided' });

    // Paid in full and handed over there: the queue hears it and lets it go.
    seen = told(order.orderId).length;
    await payCash(front.till, order.orderNumber, total);
    await handOver(front.till, order.orderId);
    await waitUntilSent(front.till);
    await expect.poll(() => told(order.orderId).at(-1)?.status).toBe('COMPLETED');
    expect(told(order.orderId).length).toBeGreaterThan(seen);
    expect(told(order.orderId).at(-1)).toMatchObject({ source: 'online', paymentStatus: 'PAID' });
    expect(await listed(order.orderId)).toBeUndefined();
  });

  it('tells each order of a batch once, after it is applied; a batch sent again or refused tells nothing', async () => {
    const order = await ticket(server, manager, productId);
    const total = Math.round(Number(order.total) * 100);
    expect((await atRegister(front.till, `${ECOMMERCE}/ticket/${order.orderId}/lend`)).status).toBe(200);
    await payCash(front.till, order.orderNumber, 100);
    await payCash(front.till, order.orderNumber, total - 100);
    await waitUntilSent(front.till);
    await expect.poll(() => told(order.orderId).at(-1)?.paymentStatus).toBe('PAID');
    const [first, second] = await registerPayments(order.orderId);
    const row = await onFront((db) =>
      db.first(db.builder.selectFrom('orders').selectAll().where('id', '=', order.orderId)),
    );
    const heard = () =>
      stream.frames.filter((frame) => frame.event === 'order.updated' || frame.event === 'payment.updated');
    const frames = heard().length;
    const registerId = (await onFront((db) => db.first(db.builder.selectFrom('server_link').select('register_id'))))!
      .register_id;
    const mark = await reading(database.config, (db) =>
      db.first(
        db.builder
          .selectFrom('registers')
          .select(['forwarded_seq as seq', 'forward_after as after', 'forward_queue_id as queue'])
          .where('id', '=', registerId),
      ),
    );

    // Its last batch sent again (its answer lost): applied already, so nothing is told.
    const again = await forward({
      queueId: mark!.queue,
      after: Number(mark!.after),
      records: [{ seq: Number(mark!.after) + 1, table: 'payments', op: 'upsert', row: { ...second } }],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ applied: 0 });
    // A batch out of order is refused whole: nothing is written, nothing told.
    const refused = await forward({
      queueId: mark!.queue,
      after: Number(mark!.seq),
      records: [
        { seq: Number(mark!.seq) + 2, table: 'payments', op: 'upsert', row: { ...first } },
        { seq: Number(mark!.seq) + 1, table: 'orders', op: 'upsert', row: { ...row } },
      ],
    });
    expect(refused.status).toBe(400);

    // One batch with the order and both its payments: each payment told, the order once; what the
    // two calls before told would have come first on the stream.
    const batch = await forward({
      queueId: mark!.queue,
      after: Number(mark!.seq),
      records: [
        { seq: Number(mark!.seq) + 1, table: 'payments', op: 'upsert', row: { ...first } },
        { seq: Number(mark!.seq) + 2, table: 'orders', op: 'upsert', row: { ...row } },
        { seq: Number(mark!.seq) + 3, table: 'payments', op: 'upsert', row: { ...second } },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body).toMatchObject({ applied: 3, exceptions: 0 });
    await expect.poll(() => heard().length).toBe(frames + 3);
    const after = heard().slice(frames);
    expect(after.map((frame) => frame.event)).toEqual(['payment.updated', 'payment.updated', 'order.updated']);
    expect(JSON.parse(after[2]!.data)).toMatchObject({
      orderId: order.orderId,
      source: 'online',
      paymentStatus: 'PAID',
    });
  });
});
