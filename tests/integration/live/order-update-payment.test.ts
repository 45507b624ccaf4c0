import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../../../shared/contracts/live.js';
import type { PaymentSession } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { cents, demoService, login, type DemoService } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';
import { pay, session } from '../payments/support/payment-fixtures.js';

// Two registers paying one online order at once: each hears the order paid on the live channel, and
// tells by the payment the update names (its register) whether it was its own (README "Online orders").
const BASE = '/v2.0/dispensary/demo/ecommerce';
let service: DemoService;
let baseUrl: string;
let productId: string;

beforeAll(async () => {
  service = await demoService();
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const [product] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
  productId = product!.id;
});
afterAll(() => service.close());

/** `username` signed in at register `terminalId` (as the POS does), its drawer open: their token. */
async function atRegister(username: string, password: string, terminalId: string): Promise<string> {
  const token = await login(service.app, username, password);
  const headers = { authorization: `Bearer ${token}` };
  for (const [url, payload] of [
    ['/auth-v2/terminal-client', { terminalId }],
    [`/v2.0/dispensary/demo/drawers/${terminalId}/open`, { amount: 10000 }],
  ] as const) {
    const answer = await service.request({ method: 'POST', url, headers, payload });
    expect([200, 201], answer.body).toContain(answer.statusCode);
  }
  return token;
}

describe('order.updated of a payment', () => {
  it('names the register whose payment paid the order; the other register’s waiting session takes no second payment', async () => {
    const front1 = await atRegister('cashier', 'cashier-demo-1', 'front-1');
    const front2 = await atRegister('manager', 'manager-demo-1', 'front-2');
    const created = await service.request({
      method: 'POST',
      url: `${BASE}/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<Ticket>();
    const total = cents(order.total);
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=orders', front1);
    const told = () =>
      stream.frames
        .filter((frame) => frame.event === 'order.updated')
        .map((frame) => JSON.parse(frame.data) as OrderUpdate)
        .filter((update) => update.orderId === order.orderId);

    // Both registers show the order's payment; front-2 takes it in cash.
    const waiting = await session(service, front1, { ticketAlphaNumId: order.orderNumber, originalAmount: total });
    const taking = await session(service, front2, { ticketAlphaNumId: order.orderNumber, originalAmount: total });
    const cash = await pay(service, front2, taking.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
    expect(cash.statusCode, cash.body).toBe(201);
    const paymentId = cash.json<{ payment: { id: string } }>().payment.id;

    await expect.poll(() => told().some((update) => update.paymentStatus === 'PAID')).toBe(true);
    const paid = told().find((update) => update.paymentStatus === 'PAID');
    expect(paid).toMatchObject({ orderNumber: order.orderNumber, source: 'online' });
    expect(paid!.payment).toEqual({ paymentId, terminalId: 'front-2', channel: 'pos' });

    // front-1's waiting session is refused a payment: the order is charged once.
    const second = await pay(service, front1, waiting.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
    expect(second.statusCode, second.body).toBeGreaterThanOrEqual(400);
    const front1Session = await service.request({
      method: 'GET',
      url: `/v2.0/payments/sessions/${waiting.sessionId}`,
      headers: { authorization: `Bearer ${front1}` },
    });
    expect(front1Session.json<{ session: PaymentSession }>().session.payments).toEqual([]);
    await stream.close();
  });

  it('names no payment when the order moves otherwise (it is created)', async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=orders', service.token);
    const created = await service.request({
      method: 'POST',
      url: `${BASE}/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId } = created.json<Ticket>();
    await expect
      .poll(() => stream.frames.some((frame) => frame.event === 'order.updated' && frame.data.includes(orderId)))
      .toBe(true);
    const update = stream.frames
      .map((frame) => JSON.parse(frame.data) as OrderUpdate)
      .find((u) => u.orderId === orderId);
    expect(update).not.toHaveProperty('payment');
    await stream.close();
  });
});
