import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { orderVersions } from '../../../electron/server/registers/own-orders.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { openStream } from '../support/live-stream.js';
import {
  attachTo,
  cashSale,
  openTicket,
  openTill,
  productWithAt,
  reading,
  signInAt,
  waitUntilSent,
  type Till,
} from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { registerAuthorization } from '../support/registers.js';

// A store server (the engine under test) changes a sale an attached register made: the register
// learns it (before money goes back, and at its refreshes), so a refund is never made twice.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];
const running: ServiceProcess[] = [];

/** A register attached as `name`, its service running, a cashier signed in. */
async function register(name: string): Promise<{ dir: string; till: Till; service: ServiceProcess }> {
  const dir = await migratedFolder('servicepay-register-');
  folders.push(dir);
  const attached = await attachTo(server, dir, name);
  expect(attached.status, attached.stderr).toBe(0);
  const service = await startService(['--data', dir, '--log-level', 'warn']);
  running.push(service);
  return { dir, till: await openTill(service, name), service };
}

const productWith = (available: number) => productWithAt(server, manager, available);

const paymentOf = (db: DataLayer, orderId: string) =>
  db.first(
    db.builder
      .selectFrom('payments')
      .select(['id', 'status', 'refunded_cents as refunded', 'updated_at as updatedAt'])
      .where('order_id', '=', orderId),
  );

const orderIn = (db: DataLayer, orderId: string) =>
  db.first(db.builder.selectFrom('orders').select(['status', 'updated_at as updatedAt']).where('id', '=', orderId));

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
}, 90_000);
afterAll(async () => {
  await Promise.all(running.map((instance) => instance.stop()));
  await server.stop();
  await database.drop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe("a register's sale changed at the store server", { timeout: 120_000 }, () => {
  it('a cash refund made at the back office is known at the register, which refuses to hand the cash out again', async () => {
    const { dir, till, service } = await register('front-20');
    const sale = await cashSale(till, await productWith(2), 1);
    await waitUntilSent(till);
    const atServer = (await reading(database.config, (db) => paymentOf(db, sale.orderId)))!;
    const refunded = await call(server, `/v2.0/payments/${atServer.id}/refund`, { token: manager, body: {} });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    // At once (no refresh between): the register asks its server before money goes back.
    const registerManager = await signInAt(service, 'manager', 'manager-demo-1');
    const again = await call(service, `/v2.0/payments/${atServer.id}/refund`, { token: registerManager, body: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.resultDetail).toBe(
      `The Cash payment of $${(sale.total / 100).toFixed(2)} for order ${sale.orderNumber} is refunded: only an approved payment can be refunded`,
    );
    const server$ = (await reading(database.config, (db) => paymentOf(db, sale.orderId)))!;
    expect(server$).toMatchObject({ status: 'refunded', refunded: sale.total });
    // The register's copy is the server's row; nothing of it goes back, no refund row was written.
    expect(await reading({ dataDir: dir }, (db) => paymentOf(db, sale.orderId))).toEqual(server$);
    const refundsHere = await reading({ dataDir: dir }, (db) =>
      db.all(db.builder.selectFrom('payment_refunds').select('id').where('payment_id', '=', atServer.id)),
    );
    expect(refundsHere).toEqual([]);
    await waitUntilSent(till);
    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    expect((report.body.exceptions as { orderId: string | null }[]).filter((e) => e.orderId === sale.orderId)).toEqual(
      [],
    );
  });

  it("an order moved on at the server's counter reaches the register at its next refresh; its own later move then applies", async () => {
    const { dir, till } = await register('front-21');
    // Rung up, not paid yet (a paid sale is handed over at once).
    const sale = await openTicket(till, await productWith(2), 1);
    await waitUntilSent(till);
    const moved = await call(server, `/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}/status`, {
      token: manager,
      client: true,
      body: { status: 'IN_PROCESS' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const serverOrder = (await reading(database.config, (db) => orderIn(db, sale.orderId)))!;
    // The register's screens follow its live channel: they hear of the change when it arrives.
    const live = await openStream(till.instance.url, '/v2.0/dispensary/demo/live?topics=orders', till.token);
    // A set-up change of the store has its registers refresh within a second or two.
    const setup = await call(server, '/v2.0/dispensary/demo/setup/store', {
      token: manager,
      method: 'PUT',
      body: { preparationMinutes: 25 },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    await expect
      .poll(() => reading({ dataDir: dir }, (db) => orderIn(db, sale.orderId)), { timeout: 20_000 })
      .toEqual(serverOrder);
    const heard = () =>
      live.frames
        .filter((frame) => frame.event === 'order.updated')
        .map((frame) => JSON.parse(frame.data) as { orderId: string; status: string })
        .filter((update) => update.orderId === sale.orderId);
    await expect
      .poll(heard)
      .toEqual([expect.objectContaining({ status: 'IN_PROCESS', orderNumber: sale.orderNumber })]);
    await live.close();
    await waitUntilSent(till);

    // The register moves it on from the server's version: the server applies it, nothing to check.
    const ready = await fetch(`${till.instance.url}/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}/status`, {
      method: 'POST',
      headers: { ...till.client, authorization: `Bearer ${till.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'PACKED_READY' }),
    });
    expect(ready.status, await ready.clone().text()).toBe(200);
    await waitUntilSent(till);
    expect(await reading(database.config, (db) => orderIn(db, sale.orderId))).toMatchObject({ status: 'PACKED_READY' });
    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    expect((report.body.exceptions as { orderId: string | null }[]).filter((e) => e.orderId === sale.orderId)).toEqual(
      [],
    );
  });

  it('answers only the orders asked about that the server has at another version, to the register itself', async () => {
    const { dir } = await register('front-22');
    const link = (await reading({ dataDir: dir }, (db) => new ServerLinkRepository(db).get(db)))!;
    const authorization = registerAuthorization(link.registerId, link.secret);
    const ask = (authorization: string | undefined, body: unknown) =>
      fetch(`${server.url}/v2.0/register/orders`, {
        method: 'POST',
        headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await ask(undefined, { orders: [] })).status).toBe(401);
    expect((await ask(registerAuthorization(link.registerId, 'wrong'), { orders: [] })).status).toBe(401);
    const tooMany = await ask(authorization, {
      orders: Array.from({ length: 1001 }, (_, i) => ({ id: `o-${i}`, version: 'v' })),
    });
    expect(tooMany.status).toBe(400);
    // Two orders of the demo store: one at a stale version (answered), one at the server's own
    // version (not answered); an unknown order is not answered either.
    const [stale, current] = await reading(database.config, async (db) => {
      const ids = await db.all(
        db.builder.selectFrom('orders').select('id').where('dispensary_id', '=', link.dispensaryId).limit(2),
      );
      const versions = await orderVersions(db, db, link.dispensaryId, { ids: [ids[1]!.id] });
      return [
        { id: ids[0]!.id, version: 'stale' },
        { id: ids[1]!.id, version: versions.get(ids[1]!.id)! },
      ];
    });
    const answer = await ask(authorization, {
      orders: [stale!, current!, { id: 'no-such-order', version: 'stale' }],
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { orders: { id: string }[]; payments: { order_id: string }[] };
    expect(body.orders.map((order) => order.id)).toEqual([stale!.id]);
    expect(body.payments.every((payment) => payment.order_id === stale!.id)).toBe(true);
  });
});
