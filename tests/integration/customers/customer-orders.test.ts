import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import type { CustomerOrders } from '../../../shared/contracts/customer-orders.js';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, login, testApp } from '../support/demo-service.js';

// A customer's orders at their store (GET …/customers/:id/orders), for the back office: how many,
// the last visit, and the orders newest first, page by page; never another customer's or another
// store's. Two stores of one chain on one database; the clock moves a second per reading.
let app: Awaited<ReturnType<typeof testApp>>;
let clock = Date.parse('2026-06-15T19:00:00Z');
const headers: Record<'demo' | 'demo-2', Record<string, string>> = { demo: {}, 'demo-2': {} };
let productId = '';

const call = (store: 'demo' | 'demo-2', method: 'GET' | 'POST', url: string, payload?: object, as = store) =>
  app.inject({ method, url: `/v2.0/dispensary/${store}${url}`, headers: headers[as], ...(payload && { payload }) });

async function customer(store: 'demo' | 'demo-2', lastName: string, idNumber: string): Promise<Customer> {
  const answer = await call(store, 'POST', '/customers', {
    firstName: 'Maria',
    lastName,
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber,
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

async function sell(customerId?: string): Promise<Ticket> {
  const answer = await call('demo', 'POST', '/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId, quantity: 1 }],
    ...(customerId && { customerId }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Ticket>();
}

const ordersOf = async (id: string, query = '', store: 'demo' | 'demo-2' = 'demo') => {
  const answer = await call(store, 'GET', `/customers/${id}/orders${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CustomerOrders>();
};

beforeAll(async () => {
  app = await testApp({ now: () => new Date((clock += 1000)) });
  await loadDemoData(app.ctx.db, new Date(clock), { stores: 2 });
  headers.demo = { ...DEMO_CLIENT, authorization: `Bearer ${await login(app, 'cashier', 'cashier-demo-1')}` };
  headers['demo-2'] = { ...DEMO_CLIENT, authorization: `Bearer ${await login(app, 'cashier-2', 'cashier-demo-1')}` };
  [productId] = (await products(app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  ) as [string];
}, 60_000);
afterAll(() => app.close());

describe("a customer's orders", () => {
  it('has none and no last visit before their first order', async () => {
    const maria = await customer('demo', 'Nobuys', 'N1000001');
    expect(await ordersOf(maria.id)).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      count: 0,
      lastVisit: null,
      orders: [],
      nextCursor: null,
    });
  });

  it('counts their orders only, newest first, canceled ones included, page by page; none handed over is no visit', async () => {
    const maria = await customer('demo', 'Buyer', 'B1000001');
    const other = await customer('demo', 'Other', 'O1000001');
    const first = await sell(maria.id);
    await sell(other.id);
    await sell();
    const second = await sell(maria.id);
    const third = await sell(maria.id);
    const canceled = await call('demo', 'POST', `/ecommerce/ticket/${first.orderId}/cancel`, { reason: 'test' });
    expect(canceled.statusCode, canceled.body).toBe(200);

    const all = await ordersOf(maria.id);
    expect(all.count).toBe(3);
    // Not paid, or canceled: no visit (customer-visits.test.ts).
    expect(all.lastVisit).toBeNull();
    expect(all.orders.map((order) => order.orderNumber)).toEqual([third, second, first].map((t) => t.orderNumber));
    expect(all.orders[0]).toEqual({
      orderId: third.orderId,
      orderNumber: third.orderNumber,
      status: 'AWAITING_PROCESSING',
      source: 'online',
      total: cents(third.total),
      paid: 0,
      refunded: 0,
      createdAt: third.createdAt,
    });
    expect(all.orders[2]?.status).toBe('CANCELED');
    expect(all.nextCursor).toBeNull();

    const page1 = await ordersOf(maria.id, '?limit=2');
    expect(page1.orders.map((order) => order.orderId)).toEqual([third.orderId, second.orderId]);
    expect(page1.count).toBe(3);
    const page2 = await ordersOf(maria.id, `?limit=2&before=${page1.nextCursor}`);
    expect(page2.orders.map((order) => order.orderId)).toEqual([first.orderId]);
    expect(page2.nextCursor).toBeNull();
    // The cursor pages Maria's orders, and no other customer's (where it would skip theirs).
    const theirs = await call('demo', 'GET', `/customers/${other.id}/orders?limit=2&before=${page1.nextCursor}`);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json<{ resultDetail: string }>().resultDetail).toBe(
      'before belongs to a list with other filters: start again from the first page',
    );
  });

  it('refuses an unknown customer and a cursor it did not issue, saying why', async () => {
    const unknown = await call('demo', 'GET', '/customers/0193-nobody/orders');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOT_FOUND' });
    const maria = await customer('demo', 'Cursor', 'C1000001');
    const bad = await call('demo', 'GET', `/customers/${maria.id}/orders?before=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ resultDetail: string }>().resultDetail).toBe(
      'before is not a nextCursor this service issued: start again from the first page',
    );
  });

  it("keeps a store's customer's orders from a sister store", async () => {
    const maria = await customer('demo', 'Isolated', 'I1000001');
    await sell(maria.id);
    // demo-2 does not know demo's customer through its own path, and may not use demo's path.
    expect((await call('demo-2', 'GET', `/customers/${maria.id}/orders`)).statusCode).toBe(404);
    expect((await call('demo', 'GET', `/customers/${maria.id}/orders`, undefined, 'demo-2')).statusCode).toBe(403);
    // Its own customer with the same ID has no orders: demo's are not theirs.
    const theirs = await customer('demo-2', 'Isolated', 'I1000001');
    expect((await ordersOf(theirs.id, '', 'demo-2')).count).toBe(0);
    expect((await ordersOf(maria.id)).count).toBe(1);
  });
});
