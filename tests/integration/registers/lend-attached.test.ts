import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn, ticket, unitProducts } from '../store-server/two-instances.js';
import { registerAuthorization } from '../support/registers.js';
import {
  attachedRegister,
  handOver,
  payCash,
  reading,
  stockIn,
  waitUntilSent,
  type AttachedRegister,
  type Till,
} from './register-sales.js';

// Issue 29: an online order handed over at a register attached to a store server. The server lends
// the order to one register; that register copies it, takes its money into its own drawer and hands
// it over as its own, and its forward queue brings the payment and the hand-over to the server, once.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
let productId: string;
let front: AttachedRegister;
let back: AttachedRegister;

const ECOMMERCE = '/v2.0/dispensary/demo/ecommerce';
const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);

/** A POST to a register's own service as its POS makes it. */
async function atRegister(till: Till, path: string, body: unknown = {}) {
  const response = await fetch(`${till.instance.url}${path}`, {
    method: 'POST',
    headers: { ...till.client, authorization: `Bearer ${till.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const lend = (till: Till, orderId: string) => atRegister(till, `${ECOMMERCE}/ticket/${orderId}/lend`);
const giveBack = (till: Till, orderId: string) => atRegister(till, `${ECOMMERCE}/ticket/${orderId}/give-back`);
const atServer = async (orderId: string) =>
  (await call(server, `${ECOMMERCE}/ticket/${orderId}`, { token: manager, client: true })).body;

/** The order's payments at the server, and its loan there. */
const serverRows = (orderId: string) =>
  onServer(async (db) => ({
    payments: await db.all(
      db.builder
        .selectFrom('payments')
        .select(['id', 'status', 'charged_cents as charged', 'terminal_id as terminal', 'shift_id as shift'])
        .where('order_id', '=', orderId),
    ),
    loan: await db.first(db.builder.selectFrom('order_loans').selectAll().where('order_id', '=', orderId)),
  }));

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database), { port: await freePort() });
  manager = await signIn(server, 'manager');
  productId = (await unitProducts(server, manager))[0]!.productId;
  [front, back] = await Promise.all([attachedRegister(server, 'front-1'), attachedRegister(server, 'front-2')]);
}, 120_000);
afterAll(async () => {
  await Promise.all([front?.remove(), back?.remove()]);
  await server?.stop();
  await database?.drop();
});

describe('handing an online order over at a register attached to a store server', { timeout: 90_000 }, () => {
  it('lends it to one register; paid in cash and handed over there, the server has it once', async () => {
    const before = (await onServer((db) => stockIn(db, productId)))!;
    const order = await ticket(server, manager, productId, 2);
    const total = Math.round(Number(order.total) * 100);

    const lent = await lend(front.till, order.orderId);
    expect(lent.status, JSON.stringify(lent.body)).toBe(200);
    expect(lent.body).toMatchObject({ lent: true });
    // Another register is told who has it, in words; nothing moves at the server meanwhile.
    const refused = await lend(back.till, order.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.resultDetail).toBe(
      `order ${order.orderNumber} is being handed over at register front-1 (by cashier)`,
    );
    const cancel = await call(server, `${ECOMMERCE}/ticket/${order.orderId}/cancel`, {
      token: manager,
      client: true,
      body: { reason: 'Test' },
    });
    expect(cancel.status).toBe(409);

    // The register reads it, checks it and takes the cash into its own drawer, then hands it over.
    const read = await fetch(`${front.till.instance.url}${ECOMMERCE}/ticket/${order.orderId}`, {
      headers: { ...front.till.client, authorization: `Bearer ${front.till.token}` },
    });
    expect(read.status).toBe(200);
    await payCash(front.till, order.orderNumber, total);
    await handOver(front.till, order.orderId);
    await waitUntilSent(front.till);

    expect(await atServer(order.orderId)).toMatchObject({ fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID' });
    const rows = await serverRows(order.orderId);
    expect(rows.loan).toBeUndefined();
    expect(rows.payments).toHaveLength(1);
    expect(rows.payments[0]).toMatchObject({ status: 'approved', charged: total, terminal: 'front-1' });
    const shift = await onServer((db) =>
      db.first(db.builder.selectFrom('cash_shifts').select('terminal_id').where('id', '=', rows.payments[0]!.shift!)),
    );
    expect(shift?.terminal_id).toBe('front-1');
    // The order's two units left the shelf once, and its claim on them ended.
    const after = (await onServer((db) => stockIn(db, productId)))!;
    expect(Number(after.onHand)).toBe(Number(before.onHand) - 2000);
    expect(Number(after.reserved)).toBe(Number(before.reserved));

    // The register's changes sent again (its answer lost) change nothing.
    const link = await reading({ dataDir: front.dir }, (db) =>
      db.first(db.builder.selectFrom('server_link').selectAll()),
    );
    // A batch sent again after a lost answer follows the same `after` as when it was first sent.
    const mark = await onServer((db) =>
      db.first(
        db.builder
          .selectFrom('registers')
          .select(['forwarded_seq as seq', 'forward_after as after'])
          .where('id', '=', link!.register_id),
      ),
    );
    const [seq, after0] = [Number(mark!.seq), Number(mark!.after)];
    expect(after0).toBeLessThan(seq);
    const payment = await reading({ dataDir: front.dir }, (db) =>
      db.first(db.builder.selectFrom('payments').selectAll().where('order_id', '=', order.orderId)),
    );
    const packageId = (await onServer((db) =>
      db.first(db.builder.selectFrom('packages').select('id').where('product_id', '=', productId)),
    ))!.id;
    const authorization = registerAuthorization(link!.register_id, link!.secret);
    const again = await fetch(`${server.url}/v2.0/register/forward`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        queueId: link!.queue_id ?? link!.register_id,
        after: after0,
        records: [
          { seq: after0 + 1, table: 'payments', op: 'upsert', row: { ...payment } },
          { seq, table: 'packages', op: 'stock', row: { id: packageId }, onHandDelta: -2000, reservedDelta: -2000 },
        ].slice(0, seq > after0 + 1 ? 2 : 1),
      }),
    });
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await again.json()).toMatchObject({ applied: 0, exceptions: 0 });
    expect((await serverRows(order.orderId)).payments).toHaveLength(1);
    expect(await onServer((db) => stockIn(db, productId))).toEqual(after);
  });

  it('given back before its money is taken, another register takes it over', async () => {
    const order = await ticket(server, manager, productId);
    expect((await lend(front.till, order.orderId)).status).toBe(200);
    expect((await lend(back.till, order.orderId)).status).toBe(409);
    const back1 = await giveBack(front.till, order.orderId);
    expect(back1.body).toMatchObject({ givenBack: true });
    expect((await serverRows(order.orderId)).loan).toBeUndefined();
    // The copy is gone at the first register: the order is the server's there again.
    const copy = await reading({ dataDir: front.dir }, (db) =>
      db.first(db.builder.selectFrom('orders').select('id').where('id', '=', order.orderId)),
    );
    expect(copy).toBeUndefined();
    expect((await lend(back.till, order.orderId)).status).toBe(200);
    expect((await giveBack(back.till, order.orderId)).body).toMatchObject({ givenBack: true });
    expect(await atServer(order.orderId)).toMatchObject({ fulfillmentStatus: 'AWAITING_PROCESSING' });
  });

  it('part of its money taken here, it is not given back: paid in full later, handed over once', async () => {
    const order = await ticket(server, manager, productId, 2);
    const total = Math.round(Number(order.total) * 100);
    const part = Math.floor(total / 2);
    expect((await lend(front.till, order.orderId)).status).toBe(200);
    await payCash(front.till, order.orderNumber, part);
    expect((await giveBack(front.till, order.orderId)).body).toMatchObject({ givenBack: false });
    await waitUntilSent(front.till);
    expect((await serverRows(order.orderId)).loan).toMatchObject({ register_name: 'front-1' });
    expect((await lend(back.till, order.orderId)).status).toBe(409);
    await payCash(front.till, order.orderNumber, total - part);
    await handOver(front.till, order.orderId);
    await waitUntilSent(front.till);
    expect(await atServer(order.orderId)).toMatchObject({ fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID' });
    const rows = await serverRows(order.orderId);
    expect(rows.payments.map((p) => Number(p.charged)).sort((a, b) => a - b)).toEqual(
      [part, total - part].sort((a, b) => a - b),
    );
    expect(rows.loan).toBeUndefined();
  });

  it('a loan not given back ends at its time, and another register takes the order over', async () => {
    const order = await ticket(server, manager, productId);
    expect((await lend(front.till, order.orderId)).status).toBe(200);
    await onServer((db) =>
      db.run(
        db.builder
          .updateTable('order_loans')
          .set({ expires_at: '2000-01-01T00:00:00.000Z' })
          .where('order_id', '=', order.orderId),
      ),
    );
    const taken = await lend(back.till, order.orderId);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await serverRows(order.orderId)).loan).toMatchObject({ register_name: 'front-2' });
    // The first register's copy can no longer take money for it.
    await reading({ dataDir: front.dir }, (db) =>
      db.run(db.builder.updateTable('lent_orders').set({ expires_at: '2000-01-01T00:00:00.000Z' })),
    );
    await expect(payCash(front.till, order.orderNumber, Math.round(Number(order.total) * 100))).rejects.toThrow(
      /that time is over/,
    );
    expect((await giveBack(back.till, order.orderId)).body).toMatchObject({ givenBack: true });
  });
});
