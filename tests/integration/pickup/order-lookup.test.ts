import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderLookup } from '../../../shared/contracts/pickup.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { execute } from '../../support/sql.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, demoService, type DemoService } from '../support/demo-service.js';
import { pay, session } from '../payments/support/payment-fixtures.js';

// The counter's look-up of an order by its exact number, open or not: the queue lists open online
// orders only, so a number typed at the counter that is not in it is asked here, and the answer
// says why (picked up or canceled, and when; or a sale rung up at a register).
const BASE = '/v2.0/dispensary/demo/ecommerce';
let service: DemoService;
let register: Record<string, string>;
let productIds: string[];

beforeAll(async () => {
  service = await demoService();
  const token = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  register = { ...DEMO_CLIENT, authorization: `Bearer ${token}` };
  productIds = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000')).map(
    (product) => product.id,
  );
});
afterAll(() => service.close());

async function order(headers: Record<string, string>, index: number): Promise<Ticket> {
  const response = await service.request({
    method: 'POST',
    url: `${BASE}/ticket`,
    headers,
    payload: { type: 'PICKUP', items: [{ productId: productIds[index], quantity: 1 }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Ticket>();
}

const lookUp = (orderNumber: string) =>
  service.request({ method: 'GET', url: `${BASE}/order-lookup/${orderNumber}`, headers: service.headers });

async function move(orderId: string, status: string): Promise<Ticket> {
  const moved = await service.request({
    method: 'POST',
    url: `${BASE}/ticket/${orderId}/status`,
    headers: service.headers,
    payload: { status },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  return moved.json<Ticket>();
}

describe('looking an order up by its number', () => {
  it('finds an open online order, in any case, with nothing closed about it', async () => {
    const online = await order(service.headers, 0);
    const response = await lookUp(online.orderNumber.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<OrderLookup>()).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: online.orderId,
      orderNumber: online.orderNumber,
      source: 'online',
      status: 'AWAITING_PROCESSING',
      fulfillmentStatus: 'AWAITING_PROCESSING',
      customerName: null,
      closedAt: null,
    });
  });

  it('says when an online order was picked up: its move to COMPLETED, not a later change', async () => {
    const online = await order(service.headers, 1);
    const opened = await session(service, service.token, {
      ticketAlphaNumId: online.orderNumber,
      originalAmount: Math.round(Number(online.total) * 100),
    });
    const cash = await pay(service, service.token, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: Math.round(Number(online.total) * 100),
    });
    expect(cash.statusCode, cash.body).toBe(201);
    await move(online.orderId, 'IN_PROCESS');
    await move(online.orderId, 'PACKED_READY');
    const done = await move(online.orderId, 'COMPLETED');
    // A later change of the row (a refund, say) moves its updated_at, not when it was picked up.
    await execute(
      service.app,
      sql`UPDATE orders SET updated_at = ${'2099-01-01T00:00:00.000Z'} WHERE id = ${online.orderId}`,
    );
    const found = (await lookUp(online.orderNumber)).json<OrderLookup>();
    expect(found).toMatchObject({ source: 'online', status: 'COMPLETED', fulfillmentStatus: 'COMPLETED' });
    expect(found.closedAt).toBe(done.updatedAt);
  });

  it('says when an online order was canceled', async () => {
    const online = await order(service.headers, 2);
    const canceled = await service.request({
      method: 'POST',
      url: `${BASE}/ticket/${online.orderId}/cancel`,
      headers: service.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const found = (await lookUp(online.orderNumber)).json<OrderLookup>();
    expect(found).toMatchObject({ status: 'CANCELED', fulfillmentStatus: 'CANCELED' });
    expect(found.closedAt).toBe(canceled.json<Ticket>().updatedAt);
  });

  it('says a sale rung up at a register is one, and answers 404 with why for a number no order has', async () => {
    const sale = await order(register, 3);
    expect((await lookUp(sale.orderNumber)).json<OrderLookup>()).toMatchObject({ source: 'register' });
    const none = await lookUp('ZZZZ99');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ resultReason: 'NOT_FOUND', resultDetail: 'no order ZZZZ99 at this store' });
  });
});
