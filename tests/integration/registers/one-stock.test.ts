import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, cashSale, linkOf, openTill, reading, stockIn, type Till } from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { registerAuthorization } from '../support/registers.js';

// Online, an attached register's sale holds its units at the store server before it answers: the
// registers and the ecommerce site draw from one stock, never selling the same unit twice.
// Holds the server makes expire after EXPIRY_MS of its real clock (a child process: no fake clock).
// Long enough that the checks made while a hold must still be held never outlast it on a 2-core
// machine with both cores busy (2 s did: issue 33's stressed runs); the test that sees one expire
// moves its expiry into the past instead of waiting (the server sweeps every EXPIRY_MS / 10).
const EXPIRY_MS = 12_000;
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
let dir: string;
let registerService: ServiceProcess;
let till: Till;

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);
const available = async (productId: string) => {
  const stock = (await onServer((db) => stockIn(db, productId)))!;
  return Number(stock.onHand) - Number(stock.reserved);
};
const holdsOnServer = () =>
  onServer((db) => db.all(db.builder.selectFrom('stock_holds').select(['id', 'package_id as packageId', 'milli'])));

/** A product sold by the piece with at least `units` in stock at the server. */
async function productWith(units: number): Promise<{ productId: string; packageId: string }> {
  const catalog = await call(server, '/v2.0/dispensary/demo/catalog?limit=200', { token: manager });
  const items = catalog.body.items as { productId: string; unitType: string; quantityAvailable: number }[];
  const { productId } = items.find((item) => item.unitType !== 'g' && item.quantityAvailable >= units)!;
  const pkg = await onServer((db) =>
    db.first(db.builder.selectFrom('packages').select('id').where('product_id', '=', productId)),
  );
  return { productId, packageId: pkg!.id };
}

/** Leaves `units` of the product free at the server, and waits until the register's copy shows as much. */
async function leaveAvailable(productId: string, units: number): Promise<void> {
  await onServer((db) =>
    db.run(
      db.builder
        .updateTable('packages')
        .set((e) => ({ on_hand_milli: e('reserved_milli', '+', units * 1000) }))
        .where('product_id', '=', productId),
    ),
  );
  await expect
    .poll(
      async () => {
        const stock = (await reading({ dataDir: dir }, (db) => stockIn(db, productId)))!;
        return Number(stock.onHand) - Number(stock.reserved);
      },
      { timeout: 15_000 },
    )
    .toBe(units * 1000);
}

/** A ticket at the register, as its POS makes one. */
async function ticketAtRegister(productId: string, quantity: number, customerId?: string) {
  const response = await fetch(`${registerService.url}/v2.0/dispensary/demo/ecommerce/ticket`, {
    method: 'POST',
    headers: {
      ...till.client,
      authorization: `Bearer ${till.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ type: 'PICKUP', items: [{ productId, quantity }], ...(customerId ? { customerId } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The register's own credentials at the server, as it keeps them. */
async function registerBasic(): Promise<string> {
  const link = await reading({ dataDir: dir }, (db) =>
    db.first(db.builder.selectFrom('server_link').select(['register_id', 'secret'])),
  );
  return registerAuthorization(link!.register_id, link!.secret);
}

async function holdAtServer(method: 'POST' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(`${server.url}/v2.0/register/holds${path}`, {
    method,
    headers: {
      authorization: await registerBasic(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database, ['--hold-expiry-ms', String(EXPIRY_MS)]));
  manager = await signIn(server, 'manager');
  dir = await migratedFolder('servicepay-register-');
  const attached = await attachTo(server, dir, 'front-11');
  expect(attached.status, attached.stderr).toBe(0);
  registerService = await startService(['--data', dir, '--log-level', 'warn']);
  till = await openTill(registerService, 'front-11');
  // The register holds at the server only once it has seen the server answer.
  for (let tries = 0; (await linkOf(till)).reachable !== true; tries += 1) {
    if (tries === 100) throw new Error('the register never saw its server answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);
afterAll(async () => {
  await registerService?.stop();
  await server?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('one stock for the registers and the ecommerce site', { timeout: 60_000 }, () => {
  it('a register selling the last unit takes it at the server at once: the ecommerce site cannot sell it too', async () => {
    const { productId } = await productWith(3);
    await leaveAvailable(productId, 1);
    const sale = await cashSale(till, productId, 1);
    // At once, before the register's sale is forwarded: the server holds its unit.
    const online = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', {
      token: manager,
      client: true,
      key: randomUUID(),
      body: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
    });
    expect(online.status, JSON.stringify(online.body)).toBe(409);
    expect(online.body.resultDetail).toMatch(/none of the requested items is available/);

    await expect.poll(async () => (await linkOf(till)).waiting.sales, { timeout: 20_000 }).toBe(0);
    // The register's reservation took its units from the hold: reserved once, and no hold is left.
    expect(await available(productId)).toBe(0);
    expect(await holdsOnServer()).toEqual([]);
    const [order] = await onServer((db) =>
      db.all(db.builder.selectFrom('orders').select(['status', 'total_cents']).where('id', '=', sale.orderId)),
    );
    // Paid at the register, the sale was handed over there.
    expect(order).toEqual({ status: 'COMPLETED', total_cents: sale.total });
    const exceptions = await onServer((db) => db.all(db.builder.selectFrom('forward_exceptions').select('kind')));
    expect(exceptions).toEqual([]);
  });

  it("the ecommerce site took the last unit before the register's copy showed it: the register refuses it in words", async () => {
    const { productId } = await productWith(3);
    await leaveAvailable(productId, 2);
    // The server's own ticket takes one; the register's copy still shows two for up to 2 seconds.
    const online = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', {
      token: manager,
      client: true,
      key: randomUUID(),
      body: { type: 'PICKUP', items: [{ productId, quantity: 2 }] },
    });
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    const refused = await ticketAtRegister(productId, 1);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.resultDetail).toMatch(/none of the requested items is available/);
    expect(await available(productId)).toBe(0);
    expect(await holdsOnServer()).toEqual([]);
  });

  it('a line the server has less of is filled as far as the server has it', async () => {
    const { productId } = await productWith(5);
    await leaveAvailable(productId, 3);
    const online = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', {
      token: manager,
      client: true,
      key: randomUUID(),
      body: { type: 'PICKUP', items: [{ productId, quantity: 2 }] },
    });
    expect(online.status).toBe(201);
    const partly = await ticketAtRegister(productId, 3);
    expect(partly.status, JSON.stringify(partly.body)).toBe(201);
    const items = partly.body.items as { quantity: number }[];
    expect(items.map((item) => item.quantity)).toEqual([1]);
    expect(partly.body.unavailableItems).toMatchObject([{ availableQuantity: 1, reason: 'INSUFFICIENT_STOCK' }]);
    await expect.poll(async () => (await linkOf(till)).waiting.changes, { timeout: 20_000 }).toBe(0);
    expect(await available(productId)).toBe(0);
    expect(await holdsOnServer()).toEqual([]);
  });

  it('a hold is held once per id, all or none, given back on request, and goes back when no sale comes', async () => {
    const { productId, packageId } = await productWith(5);
    await leaveAvailable(productId, 4);
    const holdId = randomUUID();
    const first = await holdAtServer('POST', '', { holdId, reservations: [{ packageId, milli: 1000 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ held: true });
    const again = await holdAtServer('POST', '', { holdId, reservations: [{ packageId, milli: 1000 }] });
    expect(again.body).toEqual(first.body);
    expect(await available(productId)).toBe(3000);

    const tooMany = await holdAtServer('POST', '', {
      holdId: randomUUID(),
      reservations: [{ packageId, milli: 5000 }],
    });
    expect(tooMany.body).toMatchObject({ held: false, available: [{ packageId, milli: 3000 }] });
    expect(await available(productId)).toBe(3000);

    const second = randomUUID();
    await holdAtServer('POST', '', { holdId: second, reservations: [{ packageId, milli: 2000 }] });
    expect(await available(productId)).toBe(1000);
    expect((await holdAtServer('DELETE', `/${second}`)).body).toMatchObject({ released: 1 });
    expect(await available(productId)).toBe(3000);

    const invalid = await holdAtServer('POST', '', { holdId: 'x', reservations: [] });
    expect(invalid.status).toBe(400);

    // It expires EXPIRY_MS after it was made, by the server's clock.
    const expiresIn = Date.parse((first.body as { expiresAt: string }).expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(EXPIRY_MS);
    // No sale came for it: once that time has passed (the test moves it there rather than wait it
    // out), the server's sweep gives its unit back.
    await onServer((db) =>
      db.run(
        db.builder
          .updateTable('stock_holds')
          .set({ expires_at: new Date(Date.now() - 1).toISOString() })
          .where('id', '=', holdId),
      ),
    );
    await expect.poll(() => available(productId), { timeout: EXPIRY_MS }).toBe(4000);
    expect(await holdsOnServer()).toEqual([]);
  });

  // Last: the store enforces California's rules from here on.
  it("counts a customer's purchases at the server and the other registers toward the limits at this register", async () => {
    const store = await call(server, '/v2.0/dispensary/demo/setup/store', {
      method: 'PUT',
      token: manager,
      body: { complianceProfile: 'us-ca' },
    });
    expect(store.status, JSON.stringify(store.body)).toBe(200);
    const copyOf = (customerId: string) =>
      reading({ dataDir: dir }, async (db) => ({
        customer: await db.first(db.builder.selectFrom('customers').select('id').where('id', '=', customerId)),
        store: await db.first(db.builder.selectFrom('dispensaries').select('compliance_profile')),
      }));
    // The register's copy has the store's rules within seconds (a set-up change)…
    for (let tries = 0; (await copyOf('none')).store?.compliance_profile !== 'us-ca'; tries += 1) {
      if (tries === 50) throw new Error("the register's copy did not get the store's rules in 5 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const shopper = await call(server, '/v2.0/dispensary/demo/customers', {
      token: manager,
      body: {
        firstName: 'Lena',
        lastName: 'Ortiz',
        dateOfBirth: '1990-01-15',
        idType: 'drivers_licence',
        idNumber: 'D2000104',
        idJurisdiction: 'CA',
        idExpiry: '2035-01-15',
        customerType: 'adult_use',
      },
    });
    expect(shopper.status, JSON.stringify(shopper.body)).toBe(201);
    const customerId = (shopper.body.customer as { id: string }).id;
    // …and a customer added at the server after them (not set-up) within seconds too, with the
    // refresh its own change brings, not the one every 30 s.
    for (let tries = 0; !(await copyOf(customerId)).customer; tries += 1) {
      if (tries === 50) throw new Error("the register's copy did not get the server's new customer in 5 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const eighth = await onServer((db) =>
      db.first(
        db.builder
          .selectFrom('products as p')
          .innerJoin('packages as k', 'k.product_id', 'p.id')
          .select('p.id')
          .where('p.type', '=', 'FLOWER')
          .where('p.deli', '=', 0)
          .where('p.cannabis_weight_mg', '=', 3500)
          .where('k.on_hand_milli', '>', 20_000),
      ),
    );
    // 8 jars of 3.5 g online at the server: 28 g of the 28.5 g a day.
    const online = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', {
      token: manager,
      client: true,
      key: randomUUID(),
      body: { type: 'PICKUP', customerId, items: [{ productId: eighth!.id, quantity: 8 }] },
    });
    expect(online.status, JSON.stringify(online.body)).toBe(201);
    const over = await ticketAtRegister(eighth!.id, 1, customerId);
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body).toMatchObject({ resultReason: 'PURCHASE_LIMIT' });
    expect(over.body.resultDetail).toMatch(/28\.5 g daily limit/);
    // The allowance the register shows beside the cart counts them too.
    const allowance = await fetch(`${registerService.url}/v2.0/dispensary/demo/customers/${customerId}/allowance`, {
      headers: { authorization: `Bearer ${till.token}` },
    });
    const purchases = ((await allowance.json()) as { purchases: unknown[] }).purchases;
    expect(purchases).toHaveLength(1);
  });
});
