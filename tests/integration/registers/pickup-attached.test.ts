import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupQueue } from '../../../shared/contracts/pickup.js';
import { NOT_LENT_HERE } from '../../../electron/server/registers/server-pickup.js';
import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { TestPrinter } from '../../support/test-printer.js';
import { call, instanceArgs, signIn, ticket, unitProducts } from '../store-server/two-instances.js';
import { openStream } from '../support/live-stream.js';
import { attachedRegister, type AttachedRegister, type Till } from './register-sales.js';

// Issue 29: the pickup queue at registers attached to a store server (the engine under test). The
// online orders live on the server: each register's own service lists them from there, moves them
// there for its cashier, and tells its POS of their changes within a second; while the server does
// not answer, it shows the last list, not current, and refuses moves in words.
let database: TestDatabase;
let server: ServiceProcess;
let port: number;
let manager: string;
let productId: string;
let front: AttachedRegister;
let back: AttachedRegister;

const ECOMMERCE = '/v2.0/dispensary/demo/ecommerce';

/** A call to a register's own service as its POS makes it (its cashier, its terminal's API client). */
async function atRegister(till: Till, path: string, body?: unknown) {
  const response = await fetch(`${till.instance.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...till.client,
      authorization: `Bearer ${till.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & PickupQueue };
}

const queueAt = (till: Till) => atRegister(till, `${ECOMMERCE}/pickup-queue`);
const moveAt = (till: Till, orderId: string, status: string) =>
  atRegister(till, `${ECOMMERCE}/ticket/${orderId}/status`, { status });
const serverQueue = async () =>
  (await call(server, `${ECOMMERCE}/pickup-queue`, { token: manager, client: true })).body;

/** The register's link as its POS sees it, with whether it hears the server's orders. */
const linkAt = async (till: Till) =>
  (await atRegister(till, '/v2.0/register/link')).body.link as unknown as { reachable: boolean; ordersLive: boolean };
/**
 * Until the register both hears the server's orders and has seen the server answer: the orders
 * feed reconnects within a quarter second, the link check within a second, and the queue is read
 * from the server only once the link says it answers (before that it is the last list, not current).
 */
const hearing = (till: Till) =>
  expect
    .poll(
      async () => {
        const link = await linkAt(till);
        return link.ordersLive && link.reachable;
      },
      { timeout: 20_000 },
    )
    .toBe(true);

beforeAll(async () => {
  database = await freshDatabase();
  port = await freePort();
  server = await startService(instanceArgs(database), { port });
  manager = await signIn(server, 'manager');
  productId = (await unitProducts(server, manager))[0]!.productId;
  [front, back] = await Promise.all([attachedRegister(server, 'front-1'), attachedRegister(server, 'front-2')]);
}, 120_000);
afterAll(async () => {
  await Promise.all([front?.remove(), back?.remove()]);
  await server?.stop();
  await database?.drop();
});

describe('the pickup queue at a register attached to a store server', { timeout: 60_000 }, () => {
  it("lists the server's online orders; a move made at the register is the server's, its cashier the picker", async () => {
    const order = await ticket(server, manager, productId);
    const queue = await queueAt(front.till);
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body).toMatchObject({ current: true, atServer: true });
    expect(queue.body.orders.map((o) => o.orderNumber)).toContain(order.orderNumber);

    const moved = await moveAt(front.till, order.orderId, 'IN_PROCESS');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ orderId: order.orderId, fulfillmentStatus: 'IN_PROCESS' });
    const there = (await serverQueue()).orders as PickupQueue['orders'];
    expect(there.find((o) => o.orderId === order.orderId)).toMatchObject({
      fulfillmentStatus: 'IN_PROCESS',
      picker: 'Casey Cashier',
    });
    // The other register lists it where the server has it.
    const atBack = (await queueAt(back.till)).body.orders.find((o) => o.orderId === order.orderId);
    expect(atBack).toMatchObject({ fulfillmentStatus: 'IN_PROCESS', picker: 'Casey Cashier' });
    // Packed at the other register; canceled at the first (it holds no money).
    expect((await moveAt(back.till, order.orderId, 'PACKED_READY')).status).toBe(200);
    const canceled = await atRegister(front.till, `${ECOMMERCE}/ticket/${order.orderId}/cancel`, { reason: 'Test' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const atServer = await call(server, `${ECOMMERCE}/ticket/${order.orderId}`, { token: manager, client: true });
    expect(atServer.body.fulfillmentStatus).toBe('CANCELED');
    // The server's audit trail names the register's cashier, at the register.
    const trail = await call(server, '/v2.0/audit?dispensaryShortName=demo', { token: manager });
    const events = trail.body.events as { action: string; orderId: string | null; terminalId: string | null }[];
    expect(events.find((e) => e.action === 'order_canceled' && e.orderId === order.orderId)).toMatchObject({
      actor: { kind: 'staff', name: 'cashier', role: 'cashier' },
      terminalId: 'front-1',
      reason: 'Test',
    });
  });

  it('two registers starting one order at once: one wins, the other is told who has it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const order = await ticket(server, manager, productId);
      const both = await Promise.all([front, back].map((r) => moveAt(r.till, order.orderId, 'IN_PROCESS')));
      expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const lost = both.find((answer) => answer.status === 409)!;
      expect(lost.body.resultDetail).toBe(`order ${order.orderNumber} is already being picked by Casey Cashier`);
    }
  });

  it('hands nothing over that the server has not lent it: the move to COMPLETED is refused in words', async () => {
    const order = await ticket(server, manager, productId);
    const refused = await moveAt(front.till, order.orderId, 'COMPLETED');
    expect(refused.status).toBe(409);
    expect(refused.body.resultDetail).toBe(NOT_LENT_HERE);
    const atServer = await call(server, `${ECOMMERCE}/ticket/${order.orderId}`, { token: manager, client: true });
    expect(atServer.body.fulfillmentStatus).toBe('AWAITING_PROCESSING');
  });

  it("prints a packed order's bag label on the register's printer, from the server's order", async () => {
    const printer = await new TestPrinter().start();
    try {
      const set = await call(server, '/v2.0/dispensary/demo/setup/printers/front-1', {
        token: manager,
        method: 'PUT',
        body: { address: printer.address },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const order = await ticket(server, manager, productId, 2);
      expect((await moveAt(front.till, order.orderId, 'IN_PROCESS')).status).toBe(200);
      expect((await moveAt(front.till, order.orderId, 'PACKED_READY')).status).toBe(200);
      // The printer reaches the register with its replica, within a second or two of the change.
      const print = () =>
        atRegister(front.till, '/v2.0/dispensary/demo/registers/front-1/printer/print', {
          bagLabel: { orderId: order.orderId },
        });
      await expect.poll(async () => (await print()).body.printed, { timeout: 20_000 }).toBe(true);
      const label = printer.decoded.at(-1)!;
      expect(label.barcodes).toEqual([order.orderNumber]);
      const text = label.lines.map((line) => line.trim());
      expect(text).toContain(`Online order ${order.orderNumber}`);
      expect(text).toContain('2 items, bag 1 of 1');
    } finally {
      await printer.stop();
    }
  });

  it("tells the register's POS of an order placed through the API within a second", async () => {
    await hearing(front.till);
    const live = await openStream(
      front.till.instance.url,
      '/v2.0/dispensary/demo/live?topics=orders',
      front.till.token,
    );
    try {
      const order = await ticket(server, manager, productId);
      const answered = performance.now();
      await expect
        .poll(() => live.frames.some((frame) => frame.data.includes(order.orderId)), { timeout: 5000, interval: 10 })
        .toBe(true);
      expect(performance.now() - answered).toBeLessThan(1000);
      const frame = live.frames.find((f) => f.data.includes(order.orderId))!;
      expect(frame.event).toBe('order.updated');
      expect(JSON.parse(frame.data)).toMatchObject({ orderNumber: order.orderNumber, source: 'online' });
    } finally {
      await live.close();
    }
  });

  it('server down: the last list, not current; moves refused in words; back: current and live again', async () => {
    const order = await ticket(server, manager, productId);
    const before = await queueAt(front.till);
    expect(before.body.orders.map((o) => o.orderId)).toContain(order.orderId);
    await server.stop();

    const stale = await queueAt(front.till);
    expect(stale.status, JSON.stringify(stale.body)).toBe(200);
    expect(stale.body).toMatchObject({ current: false, asOf: before.body.asOf, orders: before.body.orders });
    const refused = await moveAt(front.till, order.orderId, 'IN_PROCESS');
    expect(refused.status).toBe(503);
    expect(refused.body.resultDetail).toMatch(
      new RegExp(`^The store server does not answer \\(.+\\): order ${order.orderNumber} could not be changed`),
    );
    expect(refused.body.resultDetail).toMatch(/Try again when the link is back\.$/);
    const cancel = await atRegister(front.till, `${ECOMMERCE}/ticket/${order.orderId}/cancel`, {});
    expect(cancel.status).toBe(503);
    await expect.poll(async () => (await linkAt(front.till)).ordersLive, { timeout: 10_000 }).toBe(false);

    server = await startService(instanceArgs(database), { port });
    await hearing(front.till);
    const live = await openStream(
      front.till.instance.url,
      '/v2.0/dispensary/demo/live?topics=orders',
      front.till.token,
    );
    try {
      const next = await ticket(server, manager, productId);
      await expect
        .poll(() => live.frames.some((frame) => frame.data.includes(next.orderId)), { timeout: 2000, interval: 10 })
        .toBe(true);
    } finally {
      await live.close();
    }
    const again = await queueAt(front.till);
    expect(again.body.current).toBe(true);
    expect(again.body.orders.map((o) => o.orderId)).toEqual(expect.arrayContaining([order.orderId]));
    expect((await moveAt(front.till, order.orderId, 'IN_PROCESS')).status).toBe(200);
  });
});
