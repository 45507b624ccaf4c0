import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardExceptionView } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { DEMO_CLIENT } from '../support/demo-service.js';
import {
  attachTo,
  claimsIn,
  linkOf,
  openTicket,
  openTill,
  payCash,
  reading,
  waitUntilSent,
  type Till,
} from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';

// Issue 34, item 7: two registers, their server down, each ring up 15 of a product the store has 25
// of, to be paid when the customer comes back (a sale paid at the counter is handed over at once:
// its units left, and a register that sold past the stock says so as stock below zero). The orders
// happened: the server takes both, lists the 5 units the open orders hold beyond what is on hand
// (in words: the product and package, the register, the orders), and both orders can still be paid
// and handed over, never a 500; a cancel frees only the units its order held.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];
const running: ServiceProcess[] = [];

interface Register {
  dir: string;
  service: ServiceProcess;
  till: Till;
}

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);
const startRegister = async (dir: string) => {
  const service = await startService(['--data', dir, '--log-level', 'warn']);
  running.push(service);
  return service;
};

const claimsOn = (location: { database?: string; dataDir: string }, productId: string) =>
  reading(location, (db) => claimsIn(db, productId));
/** What a register's copy has free of a product, as a new sale there sees it. */
const available = async (dir: string, productId: string) => {
  const { onHand, reserved } = await claimsOn({ dataDir: dir }, productId);
  return onHand - reserved;
};

/** `servicepay …` as an operator runs it on the server's database. */
const servicepayOnServer = (args: string[]) => runServicepay([...args, ...database.args]);

/** Two products sold by the piece, in labelled packages, each left with 25 on hand and nothing reserved at the server. */
async function twoProductsOf25(): Promise<{ productId: string; name: string; label: string }[]> {
  const catalog = await call(server, '/v2.0/dispensary/demo/catalog?limit=200', { token: manager });
  const items = catalog.body.items as { productId: string; unitType: string }[];
  const ids = items.filter((item) => item.unitType !== 'g').map((item) => item.productId);
  return onServer(async (db) => {
    await db.run(
      db.builder
        .updateTable('packages')
        .set({ on_hand_milli: 25_000, reserved_milli: 0, short_milli: 0 })
        .where('product_id', 'in', ids),
    );
    return db.all(
      db.builder
        .selectFrom('packages as k')
        .innerJoin('products as p', 'p.id', 'k.product_id')
        .select(['p.id as productId', 'p.name', 'k.label'])
        .where('p.id', 'in', ids)
        .where('k.label', '<>', '')
        .orderBy('p.id')
        .limit(2),
    );
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
}, 90_000);
afterAll(async () => {
  await Promise.all(running.map((service) => service.stop()));
  await server?.stop();
  await database?.drop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('stock two registers sold past what the store had, offline', { timeout: 180_000 }, () => {
  it('lists the shortfall in words, keeps both orders completable, and a cancel frees only what was held', async () => {
    const products = await twoProductsOf25();
    const [p1, p2] = [products[0]!, products[1]!];
    const registers: Register[] = [];
    for (const name of ['front-21', 'front-22']) {
      const dir = await migratedFolder('servicepay-register-');
      folders.push(dir);
      const attached = await attachTo(server, dir, name);
      expect(attached.status, attached.stderr).toBe(0);
      const service = await startRegister(dir);
      registers.push({ dir, service, till: await openTill(service, name) });
    }
    const [a, b] = registers as [Register, Register];
    // Each register's copy shows the 25 of each before the server goes down.
    for (const { dir } of registers) {
      for (const { productId } of [p1, p2]) {
        await expect.poll(() => available(dir, productId), { timeout: 20_000 }).toBe(25_000);
      }
    }
    const port = server.port;
    await server.stop();
    for (const { till } of registers) {
      await expect.poll(async () => (await linkOf(till)).reachable, { timeout: 5_000 }).toBe(false);
    }

    // Offline: 15 of each product rung up at each register, to be paid when the customer is back.
    const heldA = await openTicket(a.till, p1.productId, 15);
    const heldB = await openTicket(b.till, p1.productId, 15);
    const laterA = await openTicket(a.till, p2.productId, 15);
    const unpaidB = await openTicket(b.till, p2.productId, 15);

    // front-21 forwards first (front-22 is stopped until it has), so front-22's sales are the ones that go short.
    await b.service.stop();
    server = await startService(instanceArgs(database), { port });
    // The server's counter: the manager, with the store's API client.
    const counter: Till = { instance: server, token: manager, client: DEMO_CLIENT };
    await waitUntilSent(a.till);
    b.service = await startRegister(b.dir);
    b.till = { ...b.till, instance: b.service };
    await waitUntilSent(b.till);

    // The sales happened: every order is on the server as made.
    const orders = await onServer((db) =>
      db.all(
        db.builder
          .selectFrom('orders')
          .select(['id', 'status'])
          .where('id', 'in', [heldA.orderId, heldB.orderId, laterA.orderId, unpaidB.orderId]),
      ),
    );
    expect(Object.fromEntries(orders.map((o) => [o.id, o.status]))).toEqual({
      [heldA.orderId]: 'AWAITING_PROCESSING',
      [heldB.orderId]: 'AWAITING_PROCESSING',
      [laterA.orderId]: 'AWAITING_PROCESSING',
      [unpaidB.orderId]: 'AWAITING_PROCESSING',
    });

    // Listed for the manager, in words: the product and package, how many short, whose orders.
    const report = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    expect(report.status).toBe(200);
    const listed = report.body.exceptions as ForwardExceptionView[];
    for (const [product, [first, second]] of [
      [p1, [heldA, heldB]],
      [p2, [laterA, unpaidB]],
    ] as const) {
      const about = listed.filter((e) => e.detail.includes(product.name));
      expect(about).toHaveLength(1);
      expect(about[0]).toMatchObject({ kind: 'reserved_short', registerName: 'front-22', orderId: second.orderId });
      expect(about[0]!.detail).toBe(
        `front-22's sales left open orders holding 5 more of ${product.name} (package ${product.label}) than ` +
          // An order not paid yet is named without its register (a payment names where it was made).
          `the server has: they hold 30 and 25 are on hand (order ${first.orderNumber} holds 15, ` +
          `order ${second.orderNumber} of front-22 holds 15). Count the package, and call the customers whose ` +
          'orders cannot be filled; the orders can still be completed',
      );
    }
    expect(listed.map((e) => e.kind)).toEqual(['reserved_short', 'reserved_short']);
    // The same report from the command line, in words.
    const text = await servicepayOnServer(['registers', 'exceptions', '--dispensary', 'demo']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/front-22 +Orders short of stock +front-22's sales left open orders holding 5 more/);
    expect(text.stdout).not.toContain('reserved_short');

    // 30 held by open orders, 25 on hand: 25 reserved, 5 short, nothing available.
    const server25 = { onHand: 25_000, reserved: 25_000, short: 5_000 };
    expect(await claimsOn(database.config, p1.productId)).toEqual(server25);
    expect(await claimsOn(database.config, p2.productId)).toEqual(server25);

    // The first product: front-22's order is paid, and so handed over, at the server's counter, then
    // front-21's at its register, which has the store's stock (short included) from its server meanwhile.
    await payCash(counter, heldB.orderNumber, heldB.total);
    const after15 = { onHand: 10_000, reserved: 10_000, short: 5_000 };
    expect(await claimsOn(database.config, p1.productId)).toEqual(after15);
    await expect.poll(() => claimsOn({ dataDir: a.dir }, p1.productId), { timeout: 20_000 }).toEqual(after15);
    await payCash(a.till, heldA.orderNumber, heldA.total);
    await waitUntilSent(a.till);
    // Both handed over: nothing on hand, held or short; the 5 were the shortfall listed, not a new one.
    expect(await claimsOn(database.config, p1.productId)).toEqual({ onHand: 0, reserved: 0, short: 0 });

    // The second product: canceling front-22's unpaid order frees only the 10 of its 15 it held.
    const canceled = await call(server, `/v2.0/dispensary/demo/ecommerce/ticket/${unpaidB.orderId}/cancel`, {
      token: manager,
      client: true,
      body: { reason: 'the customer left' },
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await claimsOn(database.config, p2.productId)).toEqual({ onHand: 25_000, reserved: 15_000, short: 0 });
    await payCash(counter, laterA.orderNumber, laterA.total);
    expect(await claimsOn(database.config, p2.productId)).toEqual({ onHand: 10_000, reserved: 0, short: 0 });
    // Nothing further to count: still the two listed.
    const again = await call(server, '/v2.0/dispensary/demo/setup/registers/exceptions', { token: manager });
    expect((again.body.exceptions as ForwardExceptionView[]).map((e) => e.kind)).toEqual([
      'reserved_short',
      'reserved_short',
    ]);
  });
});
