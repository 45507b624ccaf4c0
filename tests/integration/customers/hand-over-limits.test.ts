import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { addCustomer } from '../printing/support/customer-sales.js';
import { products, stock } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, login } from '../support/demo-service.js';
import {
  DECLINING_CENTS,
  GOOD_CARD,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';

// A store enforcing California's rules (28.5 g of flower a day, adult-use) hands over online orders
// at the counter: the limits are checked again then, with what the customer bought since ordering.
// An order placed yesterday within the day's limits is refused today once the customer bought more
// at the register this morning; another customer's order is handed over.
let service: PaymentHarness;
/** Jars of 3.5 g of flower. */
let jars: string[] = [];
let clock = Date.parse('2026-06-15T17:00:00Z');
const TODAY = Date.parse('2026-06-15T17:00:00Z');
const BASE = '/v2.0/dispensary/demo/ecommerce';

/** Sets the service's clock, signing in again (a token is good for its day only). */
async function at(instant: number): Promise<void> {
  clock = instant;
  service.token = await login(service.app, 'cashier', 'cashier-demo-1');
  service.headers = { ...DEMO_CLIENT, authorization: `Bearer ${service.token}` };
  service.tokens.manager = await login(service.app, 'manager', 'manager-demo-1');
}

const post = (url: string, payload: object) =>
  service.request({ method: 'POST', url, headers: service.headers, payload });
const read = async (orderId: string) =>
  (await service.request({ method: 'GET', url: `${BASE}/ticket/${orderId}`, headers: service.headers })).json<Ticket>();
const move = (orderId: string, status: string) => post(`${BASE}/ticket/${orderId}/status`, { status });
/** What the counter asks before taking the order's payment. */
const check = async (orderId: string) =>
  (
    await service.request({ method: 'GET', url: `${BASE}/ticket/${orderId}/hand-over-check`, headers: service.headers })
  ).json<{ allowed: boolean; reason: string | null }>();

/** A customer of the store, adult-use with a Californian licence (support/customer-sales.ts). */
const customer = (firstName: string, idNumber: string): Promise<Customer> =>
  addCustomer(service, service.token, idNumber, { firstName });

/** 8 jars (28 g of the 28.5 g a day) for `buyer`, of a jar whose total the sandbox card approves. */
async function eightJars(buyer: Customer): Promise<Ticket> {
  for (const productId of jars) {
    const made = await post(`${BASE}/ticket`, {
      type: 'PICKUP',
      items: [{ productId, quantity: 8 }],
      customerId: buyer.id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json<Ticket>();
    if (!DECLINING_CENTS.has(cents(ticket.total) % 100)) return ticket;
    expect(
      (await post(`${BASE}/ticket/${ticket.orderId}/cancel`, { reason: 'declining test amount' })).statusCode,
    ).toBe(200);
  }
  throw new Error('no jar of flower has a total the sandbox approves');
}

/** Picked, packed and paid by card: ready to be handed over. */
async function readyAndPaid(order: Ticket): Promise<void> {
  expect((await move(order.orderId, 'IN_PROCESS')).statusCode).toBe(200);
  expect((await move(order.orderId, 'PACKED_READY')).statusCode).toBe(200);
  const manager = service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'virtual_terminal',
    ticketAlphaNumId: order.orderNumber,
    originalAmount: cents(order.total),
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(await read(order.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'PAID' });
}

beforeAll(async () => {
  service = await paymentService({ now: () => new Date(clock) });
  jars = (
    await products(
      service.app,
      "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500 AND k.on_hand_milli - k.reserved_milli > 20000",
    )
  ).map((product) => product.id);
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { complianceProfile: 'us-ca' },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(() => service.close());

describe('handing over an online order checks the purchase limits again', () => {
  it("refuses in words an order that the customer's purchases since would take over the limit, writing nothing", async () => {
    const lena = await customer('Lena', 'D3000001');
    await at(Date.parse('2026-06-14T19:00:00Z'));
    const order = await eightJars(lena);
    await at(TODAY);
    // This morning at the register: one more jar (yesterday's order counts for yesterday).
    const more = await post(`${BASE}/ticket`, {
      type: 'PICKUP',
      items: [{ productId: jars[0], quantity: 1 }],
      customerId: lena.id,
    });
    expect(more.statusCode, more.body).toBe(201);
    // The counter asks before taking the money: refused, in the same words the hand-over would use.
    const asked = await check(order.orderId);
    expect(asked).toMatchObject({ allowed: false });
    expect(asked.reason).toMatch(/28\.5 g daily limit/);
    await readyAndPaid(order);
    const productId = order.items[0]!.productId;
    const before = await stock(service.app, productId);

    const refused = await move(order.orderId, 'COMPLETED');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'PURCHASE_LIMIT' });
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/28\.5 g daily limit/);
    expect(await read(order.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'PAID' });
    expect(await stock(service.app, productId)).toEqual(before);

    // Once the register's sale is given back, the order fits again and is handed over.
    const { orderId } = more.json<Ticket>();
    expect((await post(`${BASE}/ticket/${orderId}/cancel`, { reason: 'bought online instead' })).statusCode).toBe(200);
    expect(await check(order.orderId)).toMatchObject({ allowed: true, reason: null });
    const done = await move(order.orderId, 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  });

  it('hands over an order within the limits, not counting the order itself', async () => {
    const omar = await customer('Omar', 'D3000002');
    await at(TODAY);
    const order = await eightJars(omar);
    await readyAndPaid(order);
    const productId = order.items[0]!.productId;
    const before = await stock(service.app, productId);
    const done = await move(order.orderId, 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED', fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID' });
    // Handed over: the check says so, and why.
    expect(await check(order.orderId)).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: order.orderId,
      allowed: false,
      reason: `order ${order.orderNumber} is already picked up`,
    });
    expect(await stock(service.app, productId)).toEqual({
      onHandMilli: before.onHandMilli - 8000,
      reservedMilli: before.reservedMilli - 8000,
    });
  });
});
