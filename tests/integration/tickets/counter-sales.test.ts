import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/contracts/webhooks.js';
import { queryRows } from '../../support/sql.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { products, setStock, stock } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, demoService, login, type DemoService } from '../support/demo-service.js';

// A sale rung up at a register is handed over across the counter as it is paid (README "Selling at
// the register"): completed in the write that pays it, its units off the shelf, so what is on hand
// is what a count finds. A void reopens it (units back, held for it); a refund is a return and keeps
// it sold. An online order paid still waits to be picked.
const TICKETS = '/v2.0/dispensary/demo/ecommerce/ticket';
let service: DemoService;
let register: string;
let manager: string;
let productIds: string[];

beforeAll(async () => {
  service = await demoService();
  register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  manager = await login(service.app, 'manager', 'manager-demo-1');
  shiftOf(await drawer(service, register, 'front-1', 'open', { amount: 20000 }));
  // An integrator's endpoint told of every event (never reached: the events are read from the outbox).
  const endpoint = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/setup/webhooks',
    headers: { authorization: `Bearer ${manager}` },
    payload: { url: 'http://127.0.0.1:9/hooks', events: [...WEBHOOK_EVENT_TYPES], allowLocal: true },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  productIds = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000')).map(
    (product) => product.id,
  );
});
afterAll(() => service.close());

/** A ticket of 2 of the `index`th product, with 10 on hand and none held: at the register, or online. */
async function ticketOf(index: number, where: 'register' | 'online' = 'register') {
  const productId = productIds[index]!;
  await setStock(service.app, productId, 10_000);
  const token = where === 'register' ? register : service.token;
  const response = await service.request({
    method: 'POST',
    url: TICKETS,
    headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
    payload: { type: 'PICKUP', items: [{ productId, quantity: 2 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  const ticket = response.json<Ticket>();
  expect(ticket.source).toBe(where);
  return { productId, orderId: ticket.orderId, orderNumber: ticket.orderNumber, total: cents(ticket.total) };
}

/** Pays `amount` cents of the order in cash at the register: the payment as recorded. */
async function payCash(orderNumber: string, amount: number, total = amount): Promise<PaymentRecord> {
  const opened = await session(service, register, { ticketAlphaNumId: orderNumber, originalAmount: total });
  const paid = await pay(service, register, opened.sessionId, {
    paymentMethod: 'Cash',
    amount,
    tenderedAmount: amount,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: PaymentRecord }>().payment;
}

async function orderOf(orderId: string) {
  const response = await service.request({ method: 'GET', url: `${TICKETS}/${orderId}`, headers: service.headers });
  expect(response.statusCode, response.body).toBe(200);
  const { status, paymentStatus, fulfillmentStatus } = response.json<Ticket>();
  return { status, paymentStatus, fulfillmentStatus };
}

const history = (orderId: string) =>
  queryRows(
    service.app,
    sql`SELECT from_status AS "from", to_status AS "to" FROM order_status_history WHERE order_id = ${orderId} ORDER BY id`,
  );

const events = async (orderId: string) =>
  (
    await queryRows(
      service.app,
      sql<{ type: string }>`SELECT type FROM webhook_events WHERE subject_id = ${orderId} ORDER BY created_at, id`,
    )
  ).map((row) => row.type);

const money = (paymentId: string, action: 'void' | 'refund') =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/${action}`,
    headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'Rung up twice' }),
  });

const SOLD = { status: 'COMPLETED', paymentStatus: 'PAID', fulfillmentStatus: 'COMPLETED' };

describe('a sale at the counter', () => {
  it('is handed over as it is paid: completed in the same write, its units off the shelf, paid then handed over', async () => {
    const sale = await ticketOf(0);
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 10_000, reservedMilli: 2000 });
    await payCash(sale.orderNumber, sale.total);
    expect(await orderOf(sale.orderId)).toEqual(SOLD);
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 8000, reservedMilli: 0 });
    expect(await history(sale.orderId)).toEqual([
      { from: null, to: 'AWAITING_PROCESSING' },
      { from: 'AWAITING_PROCESSING', to: 'PAID' },
      { from: 'PAID', to: 'COMPLETED' },
    ]);
    // Integrators hear both: the money came in, and the order left the store.
    expect(await events(sale.orderId)).toEqual(
      expect.arrayContaining(['order.created', 'order.paid', 'order.completed', 'payment.approved']),
    );
  });

  it('paid in part, still holds its units and awaits the rest; the last payment hands it over', async () => {
    const sale = await ticketOf(1);
    const half = Math.floor(sale.total / 2);
    await payCash(sale.orderNumber, half, sale.total);
    expect(await orderOf(sale.orderId)).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 10_000, reservedMilli: 2000 });
    await payCash(sale.orderNumber, sale.total - half);
    expect(await orderOf(sale.orderId)).toEqual(SOLD);
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 8000, reservedMilli: 0 });
  });

  it('voided, is reopened: its units are back and held for it, to be paid again or canceled', async () => {
    const sale = await ticketOf(2);
    const payment = await payCash(sale.orderNumber, sale.total);
    const voided = await money(payment.id, 'void');
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await orderOf(sale.orderId)).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 10_000, reservedMilli: 2000 });
    expect((await history(sale.orderId)).at(-1)).toEqual({ from: 'COMPLETED', to: 'AWAITING_PROCESSING' });
    expect(await events(sale.orderId)).toContain('order.reopened');
    const canceled = await service.request({
      method: 'POST',
      url: `${TICKETS}/${sale.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'The customer left' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 10_000, reservedMilli: 0 });
  });

  it('voided and paid again, is handed over once: its units leave the shelf once', async () => {
    const sale = await ticketOf(3);
    const first = await payCash(sale.orderNumber, sale.total);
    expect((await money(first.id, 'void')).statusCode).toBe(200);
    await payCash(sale.orderNumber, sale.total);
    expect(await orderOf(sale.orderId)).toEqual(SOLD);
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 8000, reservedMilli: 0 });
  });

  it('refunded, is a return: it stays sold and nothing comes back on the shelf', async () => {
    const sale = await ticketOf(4);
    const payment = await payCash(sale.orderNumber, sale.total);
    const refunded = await money(payment.id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await orderOf(sale.orderId)).toMatchObject({ status: 'COMPLETED', fulfillmentStatus: 'COMPLETED' });
    expect(await stock(service.app, sale.productId)).toEqual({ onHandMilli: 8000, reservedMilli: 0 });
  });

  it('is never moved on by hand once sold: a move to picking is refused in words', async () => {
    const sale = await ticketOf(5);
    await payCash(sale.orderNumber, sale.total);
    const moved = await service.request({
      method: 'POST',
      url: `${TICKETS}/${sale.orderId}/status`,
      headers: service.headers,
      payload: { status: 'IN_PROCESS' },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json<{ resultDetail: string }>().resultDetail).toBe(
      `order ${sale.orderNumber} is picked up and cannot be picked`,
    );
  });
});

describe('an online order', () => {
  it('paid at the register, still waits to be picked and handed over: it keeps its units held', async () => {
    const order = await ticketOf(6, 'online');
    await payCash(order.orderNumber, order.total);
    expect(await orderOf(order.orderId)).toMatchObject({ status: 'PAID', fulfillmentStatus: 'AWAITING_PROCESSING' });
    expect(await stock(service.app, order.productId)).toEqual({ onHandMilli: 10_000, reservedMilli: 2000 });
  });
});
