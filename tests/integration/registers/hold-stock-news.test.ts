import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStock } from '../../../shared/contracts/live.js';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { login, testApp } from '../support/demo-service.js';
import { registerAuthorization } from '../support/registers.js';
import { stockChannel, type StockChannel } from '../support/stock-channel.js';

// A register's hold takes units from its store's one stock, and every screen of the store is told
// (`stock.changed`); the units a hold gives back, or that go back when it expires, are told as well,
// to the store whose register held them, so no screen keeps showing them held. A store server of two
// stores (the demo chain), its clock the test's: a hold expires only when the test moves the clock,
// and the server's sweep (every EXPIRY_MS / 10 of real time) then gives it back.
const EXPIRY_MS = 1_000;
let clock = Date.parse('2026-06-15T19:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;

/** A store of the chain as the test uses it: a POS following its stock, a register, two products it sells. */
interface Store {
  short: string;
  token: string;
  channel: StockChannel;
  register: string;
  products: { productId: string; packageId: string }[];
}
let demo: Store;
let sister: Store;

/** The store `short`: its cashier's channel, a register its manager enrolled, two products with 10 free. */
async function storeOf(short: string, suffix: string): Promise<Store> {
  const token = await login(app, `cashier${suffix}`, 'cashier-demo-1');
  const manager = await login(app, `manager${suffix}`, 'manager-demo-1');
  const enrolled = await app.inject({
    method: 'POST',
    url: `/v2.0/dispensary/${short}/setup/registers`,
    headers: { authorization: `Bearer ${manager}` },
    payload: { name: 'front-1' },
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  const { register, secret } = enrolled.json<EnrolledRegister>();
  const catalog = await app.inject({
    url: `/v2.0/dispensary/${short}/catalog?limit=200`,
    headers: { authorization: `Bearer ${token}` },
  });
  const items = catalog.json<{ items: { productId: string; unitType: string; quantityAvailable: number }[] }>().items;
  const { db } = app.ctx;
  const products = [];
  for (const { productId } of items.filter((item) => item.unitType !== 'g' && item.quantityAvailable >= 10)) {
    const found = await db.first(db.builder.selectFrom('packages').select('id').where('product_id', '=', productId));
    products.push({ productId, packageId: found!.id });
  }
  expect(products.length).toBeGreaterThanOrEqual(2);
  const channel = await stockChannel(baseUrl, token, short);
  return { short, token, channel, register: registerAuthorization(register.registerId, secret), products };
}

beforeAll(async () => {
  database = await freshDatabase();
  app = await testApp({ ...database.config, now: () => new Date(clock), holdExpiryMs: EXPIRY_MS });
  await loadDemoData(app.ctx.db, new Date(clock), { stores: 2 });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  demo = await storeOf('demo', '');
  sister = await storeOf('demo-2', '-2');
}, 60_000);
afterAll(async () => {
  for (const store of [demo, sister]) await store?.channel.close();
  await app?.close();
  await database?.drop();
});

/** A product's stock as the store's catalog answers it (what its POS read at sign-in). */
async function figures(store: Store, productId: string): Promise<ProductStock> {
  const read = await app.inject({
    url: `/v2.0/dispensary/${store.short}/catalog?limit=200`,
    headers: { authorization: `Bearer ${store.token}` },
  });
  const item = read
    .json<{ items: (ProductStock & Record<string, unknown>)[] }>()
    .items.find((one) => one.productId === productId)!;
  const { quantityOnHand, quantityAvailable, inStock } = item;
  return { productId, quantityOnHand, quantityAvailable, inStock };
}

/** The store's register holds `units` of a product, and its POS hears them taken. */
async function hold(store: Store, product: Store['products'][number], units: number): Promise<string> {
  const before = await figures(store, product.productId);
  const told = store.channel.figuresOf(
    product.productId,
    (one) => one.quantityAvailable === before.quantityAvailable - units,
  );
  const holdId = randomUUID();
  const held = await app.inject({
    method: 'POST',
    url: '/v2.0/register/holds',
    headers: { authorization: store.register },
    payload: { holdId, reservations: [{ packageId: product.packageId, milli: units * 1000 }] },
  });
  expect(held.json(), held.body).toMatchObject({ held: true });
  await told;
  return holdId;
}

/** `DELETE /v2.0/register/holds/<holdId>` as `register`: the rows it gave back. */
async function release(register: string, holdId: string): Promise<number> {
  const released = await app.inject({
    method: 'DELETE',
    url: `/v2.0/register/holds/${holdId}`,
    headers: { authorization: register },
  });
  expect(released.statusCode, released.body).toBe(200);
  return released.json<{ released: number }>().released;
}

describe("a register's held units going back at the store server, told on the live channel", () => {
  it('a hold given back: its units free at once; given back again, or by another register, nothing told', async () => {
    const [product, other] = [demo.products[0]!, demo.products[1]!];
    const before = await figures(demo, product.productId);
    const holdId = await hold(demo, product, 2);
    const freed = demo.channel.figuresOf(
      product.productId,
      (one) => one.quantityAvailable === before.quantityAvailable,
    );
    expect(await release(demo.register, holdId)).toBe(1);
    expect(await freed).toEqual(before);

    // Nothing held any more, or held by another store's register: nothing moves, nothing is told. A
    // hold of another product, told after them, would come after anything they told.
    const from = demo.channel.changes.length;
    const kept = await hold(sister, sister.products[0]!, 1);
    expect(await release(demo.register, holdId)).toBe(0);
    expect(await release(demo.register, kept)).toBe(0);
    expect(await release(demo.register, randomUUID())).toBe(0);
    await hold(demo, other, 1);
    const told = demo.channel.changes.slice(from).map((change) => change.products.map((one) => one.productId));
    expect(told).toEqual([[other.productId]]);
  });

  it('holds past their time: each store told of its own units, once the sweep gave them back', async () => {
    const [here, there] = [demo.products[1]!, sister.products[1]!];
    const [wasHere, wasThere] = [await figures(demo, here.productId), await figures(sister, there.productId)];
    await hold(demo, here, 3);
    await hold(sister, there, 2);
    // At least what was free before: these units back (with any hold an earlier test left, expired too).
    const back = (was: ProductStock) => (one: ProductStock) => one.quantityAvailable >= was.quantityAvailable;
    const freedHere = demo.channel.figuresOf(here.productId, back(wasHere));
    const freedThere = sister.channel.figuresOf(there.productId, back(wasThere));
    clock += EXPIRY_MS;
    const [toldHere, toldThere] = await Promise.all([freedHere, freedThere]);
    const { db } = app.ctx;
    expect(await db.all(db.builder.selectFrom('stock_holds').select('id'))).toEqual([]);
    expect(toldHere).toEqual(await figures(demo, here.productId));
    expect(toldThere).toEqual(await figures(sister, there.productId));
  });
});
