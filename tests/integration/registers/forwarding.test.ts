import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import {
  attachTo,
  cashSale,
  linkOf,
  openTicket,
  openTill,
  productWithAt,
  reading,
  servicepay,
  stockIn,
  waitUntilSent,
  type Till,
} from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { registerAuthorization } from '../support/registers.js';

// A store server (the engine under test) and registers on their own SQLite folders, attached to it,
// selling online and offline; every sale must reach the server once.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];
const running: ServiceProcess[] = [];

const newFolder = async () => {
  const dir = await migratedFolder('servicepay-register-');
  folders.push(dir);
  return dir;
};

async function startRegister(dir: string): Promise<ServiceProcess> {
  const register = await startService(['--data', dir, '--log-level', 'warn']);
  running.push(register);
  return register;
}

/** A register attached as `name`, its service running, a cashier signed in. */
async function register(name: string): Promise<{ dir: string; till: Till; service: ServiceProcess }> {
  const dir = await newFolder();
  const attached = await attachTo(server, dir, name);
  expect(attached.status, attached.stderr).toBe(0);
  const service = await startRegister(dir);
  return { dir, till: await openTill(service, name), service };
}

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);

/** A product sold by the piece with at least `available` in stock, by id. */
const productWith = (available: number) => productWithAt(server, manager, available);

const ordersOn = (db: DataLayer, ids: string[]) =>
  db.all(
    db.builder
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents as total', 'order_number as number'])
      .where('id', 'in', ids),
  );

const paymentsOn = (db: DataLayer, ids: string[]) =>
  db.all(
    db.builder
      .selectFrom('payments')
      .select(['order_id as orderId', 'status', 'amount_cents as amount', 'method'])
      .where('order_id', 'in', ids),
  );

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

describe('a register forwarding its sales to the store server', { timeout: 120_000 }, () => {
  it('sends an online sale at once: the server has the order, its payment, its stock and its webhook events', async () => {
    // An integrator's endpoint on the server: the register's sale is announced there too.
    const endpoint = await call(server, '/v2.0/dispensary/demo/setup/webhooks', {
      token: manager,
      body: {
        url: 'http://127.0.0.1:9/hooks',
        events: ['order.created', 'order.paid', 'payment.approved'],
        allowLocal: true,
      },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const { till } = await register('front-6');
    const productId = await productWith(5);
    const before = (await onServer((db) => stockIn(db, productId)))!;
    const sale = await cashSale(till, productId, 2);
    await waitUntilSent(till);

    const [order] = await onServer((db) => ordersOn(db, [sale.orderId]));
    // A sale at the counter is handed over as it is paid.
    expect(order).toMatchObject({ status: 'COMPLETED', total: sale.total, number: sale.orderNumber });
    expect(await onServer((db) => paymentsOn(db, [sale.orderId]))).toEqual([
      { orderId: sale.orderId, status: 'approved', amount: sale.total, method: 'Cash' },
    ]);
    // Its units left the shelf with it.
    expect(await onServer((db) => stockIn(db, productId))).toEqual({
      onHand: before.onHand - 2000,
      reserved: before.reserved,
    });
    const events = await onServer((db) =>
      db.all(db.builder.selectFrom('webhook_events').select('type').where('subject_id', '=', sale.orderId)),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['order.created', 'order.paid', 'payment.approved']);
    // The server's back office lists it among the store's orders, by its number.
    const listed = await call(server, `/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}`, {
      token: manager,
      client: true,
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ orderNumber: sale.orderNumber, status: 'COMPLETED', paymentStatus: 'PAID' });
  });

  it('sells offline on two registers, keeps its sales across a restart, and forwards each once', async () => {
    const a = await register('front-7');
    const b = await register('front-8');
    const productId = await productWith(10);
    const before = (await onServer((db) => stockIn(db, productId)))!;
    const port = server.port;
    await server.stop();
    await expect.poll(async () => (await linkOf(a.till)).reachable, { timeout: 5_000 }).toBe(false);

    const sales = [
      await cashSale(a.till, productId, 1),
      await cashSale(a.till, productId, 2),
      await cashSale(b.till, productId, 3),
    ];
    expect((await linkOf(a.till)).waiting.sales).toBe(2);
    expect((await linkOf(b.till)).waiting.sales).toBe(1);

    // The register restarts while the server is down: its waiting sales are still there.
    await a.service.stop();
    a.till = { ...a.till, instance: await startRegister(a.dir) };
    expect((await linkOf(a.till)).waiting.sales).toBe(2);

    server = await startService(instanceArgs(database), { port });
    await waitUntilSent(a.till);
    await waitUntilSent(b.till);
    const ids = sales.map((sale) => sale.orderId);
    const orders = await onServer((db) => ordersOn(db, ids));
    expect(orders.map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(orders.every((o) => o.status === 'COMPLETED')).toBe(true);
    const payments = await onServer((db) => paymentsOn(db, ids));
    expect(payments).toHaveLength(3);
    expect(payments.map((p) => p.amount).sort()).toEqual(sales.map((s) => s.total).sort());
    const held = { onHand: before.onHand - 6000, reserved: before.reserved };
    expect(await onServer((db) => stockIn(db, productId))).toEqual(held);
    // Each register's own stock is the store's again after its refresh.
    await expect
      .poll(() => reading({ dataDir: a.dir }, (db) => stockIn(db, productId)), { timeout: 40_000 })
      .toEqual(held);
  });
});

describe('a row changed on the server and at its register', { timeout: 120_000 }, () => {
  it("keeps the server's change, and lists the register's later change instead of applying it", async () => {
    const { dir, till } = await register('front-13');
    // Rung up, not paid yet (a paid sale is handed over at once).
    const sale = await openTicket(till, await productWith(2), 1);
    await waitUntilSent(till);
    // At the server's counter, the order is made up and set ready for pickup.
    const advance = (instance: { url: string }, token: string, headers: object, status: string) =>
      fetch(`${instance.url}/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}/status`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    const serverToken = await signIn(server, 'manager');
    for (const status of ['IN_PROCESS', 'PACKED_READY']) {
      const moved = await call(server, `/v2.0/dispensary/demo/ecommerce/ticket/${sale.orderId}/status`, {
        token: serverToken,
        client: true,
        body: { status },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const atServer = () =>
      onServer((db) =>
        db.first(db.builder.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', sale.orderId)),
      );
    const before = await atServer();
    // The register, which has not seen it, starts making the order up too.
    expect((await advance(till.instance, till.token, till.client, 'IN_PROCESS')).status).toBe(200);
    await waitUntilSent(till);
    expect(await atServer()).toEqual(before);
    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    const changed = (report.body.exceptions as { kind: string; orderId: string | null; detail: string }[]).filter(
      (e) => e.kind === 'changed_here',
    );
    expect(changed).toEqual([
      expect.objectContaining({
        orderId: sale.orderId,
        detail: `order ${sale.orderNumber} was changed on this server after front-13 last sent it; front-13's later change was not applied: check it`,
      }),
    ]);
    // At its next refresh (a set-up change of the store has it refresh at once), the register takes
    // the server's version of its order: both sides hold the same order again.
    const setup = await call(server, '/v2.0/dispensary/demo/setup/store', {
      token: manager,
      method: 'PUT',
      body: { preparationMinutes: 20 },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const atRegister = () =>
      reading({ dataDir: dir }, (db) =>
        db.first(db.builder.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', sale.orderId)),
      );
    await expect.poll(atRegister, { timeout: 20_000 }).toEqual(before);
  });
});

describe('customers of a store with registers', { timeout: 120_000 }, () => {
  it('keeps one customer per ID: the same person added at the server and offline at a register is one customer', async () => {
    const shopper = {
      firstName: 'Maria',
      lastName: 'Garcia',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: 'F7654321',
      idJurisdiction: 'CA',
      idExpiry: '2030-01-15',
      customerType: 'adult_use',
    };
    const dir = await newFolder();
    expect((await attachTo(server, dir, 'front-10')).status).toBe(0);
    // Added at the server while the register is switched off, then the register sells with the
    // server down: it adds the same person again.
    const atServer = await call(server, '/v2.0/dispensary/demo/customers', { token: manager, body: shopper });
    expect(atServer.status, JSON.stringify(atServer.body)).toBe(201);
    const serverCustomer = (atServer.body.customer as { id: string }).id;
    const port = server.port;
    await server.stop();
    const service = await startRegister(dir);
    const till = await openTill(service, 'front-10');
    const atRegister = await call(service, '/v2.0/dispensary/demo/customers', { token: till.token, body: shopper });
    expect(atRegister.status, JSON.stringify(atRegister.body)).toBe(201);
    const registerCustomer = (atRegister.body.customer as { id: string }).id;
    expect(registerCustomer).not.toBe(serverCustomer);
    const sale = await cashSale(till, await productWithAt(service, till.token, 1), 1, registerCustomer);

    server = await startService(instanceArgs(database), { port });
    await waitUntilSent(till);
    // One customer per ID on the server, and the sale counts under it.
    const found = await onServer((db) =>
      db.all(db.builder.selectFrom('customers').select('id').where('id_number', '=', shopper.idNumber)),
    );
    expect(found).toEqual([{ id: serverCustomer }]);
    const [order] = await onServer((db) =>
      db.all(db.builder.selectFrom('orders').select('customer_id as customerId').where('id', '=', sale.orderId)),
    );
    expect(order).toEqual({ customerId: serverCustomer });
    // The register's refresh passes over the server's copy of the person it has under its own id.
    const refreshed = await servicepay(dir, '', '--json', 'link', '--refresh');
    expect(refreshed.status, refreshed.stderr).toBe(0);
  });
});

/** Sends changes to the server as the register attached in `dir` (its own credentials and queue). */
async function forwardAs(dir: string) {
  const link = (await reading({ dataDir: dir }, (db) => db.first(db.builder.selectFrom('server_link').selectAll())))!;
  return (records: unknown[], after = 0) =>
    fetch(`${server.url}/v2.0/register/forward`, {
      method: 'POST',
      headers: {
        authorization: registerAuthorization(link.register_id, link.secret),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ queueId: link.queue_id, after, records }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));
}

describe('the server applying forwarded changes', { timeout: 60_000 }, () => {
  it('applies a batch sent twice once, and lists stock sold below zero and refused changes', async () => {
    const dir = await newFolder();
    expect((await attachTo(server, dir, 'front-9')).status).toBe(0);
    const forward = await forwardAs(dir);
    // A package no open order holds (one that orders hold goes short of them too: oversold.test.ts).
    const pkg = (await onServer((db) =>
      db.first(
        db.builder
          .selectFrom('packages')
          .select(['id', 'product_id as productId', 'on_hand_milli as onHand'])
          .where('reserved_milli', '=', 0)
          .where('on_hand_milli', '>=', 1000)
          .orderBy('id'),
      ),
    ))!;
    const { productId } = pkg;
    const records = [
      // Sold offline: 1.5 more than the server has.
      {
        seq: 1,
        table: 'packages',
        op: 'stock',
        row: { id: pkg.id },
        onHandDelta: -(Number(pkg.onHand) + 1500),
        reservedDelta: 0,
      },
      { seq: 2, table: 'users', op: 'upsert', row: { id: 'x', role: 'admin' } },
      // Another store's order: a register writes its own store's rows only.
      { seq: 3, table: 'orders', op: 'upsert', row: { id: 'o-elsewhere', dispensary_id: 'elsewhere' } },
    ];
    const first = await forward(records);
    expect(first).toMatchObject({ status: 200, body: { forwardedSeq: 3, applied: 1, exceptions: 3 } });
    // The same batch again (the register crashed before it heard the answer): nothing twice.
    const again = await forward(records);
    expect(again).toMatchObject({ status: 200, body: { forwardedSeq: 3, applied: 0, exceptions: 0 } });
    expect(await onServer((db) => stockIn(db, productId))).toMatchObject({ onHand: 0 });

    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    const mine = (report.body.exceptions as { registerName: string; kind: string; detail: string }[]).filter(
      (e) => e.registerName === 'front-9',
    );
    expect(mine.map((e) => e.kind).sort()).toEqual(['negative_stock', 'not_applied', 'not_applied']);
    expect(mine.find((e) => e.kind === 'negative_stock')!.detail).toMatch(
      /^front-9 sold 1\.5 more of .+ than the server had \(its stock is now 0\): count the package$/,
    );
    expect(mine.filter((e) => e.kind === 'not_applied').map((e) => e.detail)).toEqual([
      'front-9 sent a change to an order of another store: refused',
      'front-9 sent a kind of change this server does not take (does the register run a newer ServicePay?)',
    ]);
    expect(
      await onServer((db) => db.first(db.builder.selectFrom('orders').select('id').where('id', '=', 'o-elsewhere'))),
    ).toBeUndefined();
    // Out of order, or from a register without its credentials: refused in words.
    const backwards = await forward([records[1], records[0]]);
    expect(backwards.status).toBe(400);
    expect(backwards.body.resultDetail).toContain('in the order of their sequence numbers');
  });

  it("never writes into another store's order, even after its own refused change named it", async () => {
    const dir = await newFolder();
    expect((await attachTo(server, dir, 'front-11')).status).toBe(0);
    const forward = await forwardAs(dir);
    // Another store on the server, with an order and its line (copies of a demo sale's rows).
    const serverTill = await openTill(server, 'back-1');
    const sale = await cashSale(serverTill, await productWith(1), 1);
    const { order, line } = await onServer(async (db) => {
      const store = (await db.first(
        db.builder.selectFrom('dispensaries').selectAll().where('short_name', '=', 'demo'),
      ))!;
      const order = (await db.first(db.builder.selectFrom('orders').selectAll().where('id', '=', sale.orderId)))!;
      const line = (await db.first(
        db.builder.selectFrom('order_items').selectAll().where('order_id', '=', sale.orderId),
      ))!;
      await db.write(async (tx) => {
        await tx.run(
          db.builder
            .insertInto('dispensaries')
            .values({ ...store, id: 'other-store', short_name: 'other', name: 'Other' }),
        );
        await tx.run(
          db.builder
            .insertInto('orders')
            .values({ ...order, id: 'other-order', dispensary_id: 'other-store', order_number: 'OTHER1' }),
        );
        await tx.run(
          db.builder.insertInto('order_items').values({ ...line, id: 'other-line', order_id: 'other-order' }),
        );
      });
      return { order, line };
    });
    const answer = await forward([
      // The other store's order, claimed as this store's: refused by its owner here.
      { seq: 1, table: 'orders', op: 'upsert', row: { ...order, id: 'other-order', order_number: 'MINE01' } },
      // Then a line for it, and a change to its line: both refused (the order is not this store's).
      {
        seq: 2,
        table: 'order_items',
        op: 'upsert',
        row: { ...line, id: 'evil-line', order_id: 'other-order', line_index: Number(line.line_index) + 1 },
      },
      {
        seq: 3,
        table: 'order_items',
        op: 'upsert',
        row: { ...line, id: 'other-line', order_id: 'other-order', quantity_milli: 1 },
      },
    ]);
    expect(answer).toMatchObject({ status: 200, body: { forwardedSeq: 3, applied: 0, exceptions: 3 } });
    const after = await onServer(async (db) => ({
      order: await db.first(
        db.builder.selectFrom('orders').select(['dispensary_id', 'order_number']).where('id', '=', 'other-order'),
      ),
      lines: await db.all(
        db.builder.selectFrom('order_items').select(['id', 'quantity_milli']).where('order_id', '=', 'other-order'),
      ),
    }));
    expect(after).toEqual({
      order: { dispensary_id: 'other-store', order_number: 'OTHER1' },
      lines: [{ id: 'other-line', quantity_milli: line.quantity_milli }],
    });
  });
});
