import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../../../shared/contracts/live.js';
import type { PickupQueue, QueueOrder } from '../../../shared/contracts/pickup.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';
import { pay, session } from '../payments/support/payment-fixtures.js';

// The pickup queues (the registers' Online orders tab, the back office's) read the queue again on
// the live channel's `order.updated`. A payment taken elsewhere that leaves the order's status as it
// was (a part payment, a void of one) is told there too, so each queued order's `paid` follows it.
const BASE = '/v2.0/dispensary/demo/ecommerce';
let service: DemoService;
let baseUrl: string;
let manager: string;
let productId: string;

beforeAll(async () => {
  service = await demoService();
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  const [product] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
  productId = product!.id;
});
afterAll(() => service.close());

async function listed(orderId: string): Promise<QueueOrder | undefined> {
  const response = await service.request({ method: 'GET', url: `${BASE}/pickup-queue`, headers: service.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PickupQueue>().orders.find((entry) => entry.orderId === orderId);
}

describe("the pickup queue's live feed", () => {
  it('tells of a part payment and of its void, and the queue read then says what the order holds', async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=orders', service.token);
    const created = await service.request({
      method: 'POST',
      url: `${BASE}/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const online = created.json<Ticket>();
    const told = () =>
      stream.frames
        .filter((frame) => frame.event === 'order.updated')
        .map((frame) => JSON.parse(frame.data) as OrderUpdate)
        .filter((update) => update.orderId === online.orderId);
    await expect.poll(() => told().length).toBe(1);
    expect((await listed(online.orderId))!.paid).toBe('0.00');

    // $5.00 in cash of it, taken at another register: the order stays unpaid, its paid moves.
    const opened = await session(service, service.token, {
      ticketAlphaNumId: online.orderNumber,
      originalAmount: Math.round(Number(online.total) * 100),
    });
    const cash = await pay(service, service.token, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: 500 });
    expect(cash.statusCode, cash.body).toBe(201);
    await expect.poll(() => told().length).toBe(2);
    expect(told()[1]).toMatchObject({ source: 'online', status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    expect(await listed(online.orderId)).toMatchObject({ paymentStatus: 'UNPAID', paid: '5.00', total: online.total });

    // The cash voided (the money went back): told again, and the queue holds nothing for it.
    const voided = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${cash.json<{ payment: { id: string } }>().payment.id}/void`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await expect.poll(() => told().length).toBe(3);
    expect(told()[2]).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    expect(await listed(online.orderId)).toMatchObject({ paid: '0.00' });
    await stream.close();
  });
});
