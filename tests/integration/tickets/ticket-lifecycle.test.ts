import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketService } from '../../../electron/server/tickets/ticket-service.js';
import { products, stock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';

const BASE = '/v2.0/dispensary/demo/ecommerce';
let service: DemoService;
let productId: string;

beforeAll(async () => {
  service = await demoService();
  productId = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 20000'))[0]!.id;
});
afterAll(() => service.close());

async function createTicket(quantity = 1) {
  const response = await service.request({
    method: 'POST',
    url: `${BASE}/ticket`,
    headers: service.headers,
    payload: { type: 'PICKUP', items: [{ productId, quantity }] },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const get = (url: string) => service.request({ method: 'GET', url: `${BASE}${url}`, headers: service.headers });
const post = (url: string, payload?: object) =>
  service.request({ method: 'POST', url: `${BASE}${url}`, headers: service.headers, ...(payload ? { payload } : {}) });

describe('reading tickets', () => {
  it('reads a ticket back by id and by order number', async () => {
    const created = await createTicket();
    const byId = await get(`/ticket/${created.orderId}`);
    expect(byId.statusCode).toBe(200);
    // Read back, it says what its payments hold too (nothing yet), as a listing does.
    const read = { ...created, paid: '0.00', refunded: '0.00' };
    expect(byId.json()).toEqual(read);
    const byNumber = await get(`/ticket/by-number/${created.orderNumber.toLowerCase()}`);
    expect(byNumber.json()).toEqual(read);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    expect((await get('/ticket/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await get('/ticket/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().resultDetail).toMatch(/orderId/);
  });

  it('lists by status, newest first, page by page', async () => {
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push((await createTicket()).orderId);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?status=AWAITING_PROCESSING&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(`/tickets${query}`)).json();
      expect(page.tickets.length).toBeLessThanOrEqual(2);
      for (const ticket of page.tickets) expect(ticket.status).toBe('AWAITING_PROCESSING');
      seen.push(...page.tickets.map((ticket: { orderId: string }) => ticket.orderId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
    const createdAts = seen.length;
    expect(createdAts).toBeGreaterThanOrEqual(5);
  });

  it('refuses a forged cursor and an unknown status', async () => {
    expect((await get('/tickets?cursor=bm9wZQ')).json()).toMatchObject({ resultReason: 'INVALID_INPUT' });
    const status = await get('/tickets?status=LOST');
    expect(status.statusCode).toBe(400);
    expect(status.json().resultDetail).toMatch(/^status in the query must be one of/);
  });

  it('refuses a parameter given twice and a window that ends before it starts, saying so', async () => {
    await createTicket();
    const refusal = async (query: string) => {
      const answer = await get(`/tickets?${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT' });
      return answer.json().resultDetail;
    };
    expect(await refusal('limit=1&limit=2')).toBe('limit in the query is given 2 times; give it once');
    expect(await refusal('status=PAID&status=CANCELED')).toBe('status in the query is given 2 times; give it once');
    const rule = 'the list holds what was made at or after from and before to';
    expect(await refusal('from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z')).toBe(
      `to in the query must be later than from (2030-01-02T00:00:00Z): ${rule}`,
    );
    expect(await refusal('from=2030-01-01T00:00:00-08:00&to=2030-01-01T08:00:00Z')).toBe(
      `to in the query must be later than from (2030-01-01T00:00:00-08:00): ${rule}`,
    );
    // A window that holds time lists what was made in it.
    const open = (await get('/tickets?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&limit=1')).json();
    expect(open.tickets).toHaveLength(1);
  });
});

describe('cancel and fulfilment', () => {
  it('cancels an unpaid order and releases its stock', async () => {
    const before = await stock(service.app, productId);
    const created = await createTicket(3);
    expect((await stock(service.app, productId)).reservedMilli).toBe(before.reservedMilli + 3000);
    const canceled = await post(`/ticket/${created.orderId}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().status).toBe('CANCELED');
    expect(await stock(service.app, productId)).toEqual(before);
    const again = await post(`/ticket/${created.orderId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resultReason: 'ILLEGAL_TRANSITION' });
    expect(await stock(service.app, productId)).toEqual(before);
  });

  it('picks and packs an unpaid order but refuses to hand it over', async () => {
    const created = await createTicket();
    for (const status of ['IN_PROCESS', 'PACKED_READY'])
      expect((await post(`/ticket/${created.orderId}/status`, { status })).statusCode).toBe(200);
    const response = await post(`/ticket/${created.orderId}/status`, { status: 'COMPLETED' });
    expect(response.statusCode).toBe(409);
    expect(response.json().resultDetail).toBe(
      `order ${created.orderNumber} is not paid: take its payment before it is handed over`,
    );
  });

  it('walks a paid order to COMPLETED and takes its stock off the shelf', async () => {
    const created = await createTicket(2);
    const before = await stock(service.app, productId);
    // Payments arrive with the payment service; here the order is marked paid the way it will.
    const tickets = new TicketService(service.app.ctx, service.app.changes.orders);
    const { db } = service.app.ctx;
    await db.write((tx) =>
      tickets.orders.move(
        tx,
        created.orderId,
        { status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' },
        { status: 'PAID', paymentStatus: 'PAID' },
        'test',
        new Date().toISOString(),
      ),
    );
    expect((await post(`/ticket/${created.orderId}/cancel`)).statusCode).toBe(409);
    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const response = await post(`/ticket/${created.orderId}/status`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe(status);
    }
    expect(await stock(service.app, productId)).toEqual({
      onHandMilli: before.onHandMilli - 2000,
      reservedMilli: before.reservedMilli - 2000,
    });
  });
});
