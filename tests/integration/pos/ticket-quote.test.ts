import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';

let service: DemoService;
beforeAll(async () => {
  service = await demoService();
});
afterAll(() => service.close());

const post = (path: string, payload: object) =>
  service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/${path}`,
    headers: service.headers,
    payload,
  });

describe('POST …/ecommerce/ticket/quote', () => {
  it('prices a cart exactly as the ticket it would create, reserving nothing', async () => {
    const [counted, other] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 5000');
    const deli = (await products(service.app, 'p.deli = 1'))[0]!;
    const body = {
      type: 'PICKUP',
      items: [
        { productId: counted!.id, quantity: 2 },
        { productId: other!.id, quantity: 1 },
        { productId: deli.id, quantity: 3.5 },
      ],
      rewardDollars: 1.25,
    };
    const before = await stock(service.app, counted!.id);
    const quote = await post('ticket/quote', body);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(await stock(service.app, counted!.id)).toEqual(before);
    const quoted = quote.json<Record<string, unknown>>();
    expect(quoted).not.toHaveProperty('orderId');
    expect(quoted).not.toHaveProperty('orderNumber');

    const created = (await post('ticket', body)).json<Record<string, unknown>>();
    for (const field of ['subTotal', 'adjustedSubTotal', 'tax', 'total', 'discount', 'payByPoints', 'totalItems']) {
      expect(quoted[field], field).toEqual(created[field]);
    }
    const lines = (ticket: Record<string, unknown>) =>
      (ticket.items as { productId: string; priceSell: string; tax: number }[]).map(
        ({ productId, priceSell, tax }) => ({
          productId,
          priceSell,
          tax,
        }),
      );
    expect(lines(quoted)).toEqual(lines(created));
  });

  it('reports what stock cannot fill', async () => {
    const product = (await products(service.app, 'p.deli = 0'))[0]!;
    const available = await stock(service.app, product.id);
    const wanted = (available.onHandMilli - available.reservedMilli) / 1000 + 5;
    const quote = (
      await post('ticket/quote', { type: 'PICKUP', items: [{ productId: product.id, quantity: wanted }] })
    ).json<{ unavailableItems: { reason: string; requestedQuantity: number }[] }>();
    expect(quote.unavailableItems).toEqual([
      expect.objectContaining({ reason: 'INSUFFICIENT_STOCK', requestedQuantity: wanted }),
    ]);
  });

  const unknown = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['no items', () => ({ type: 'PICKUP', items: [] }), 'items'],
    ['a fractional count', (id: string) => ({ type: 'PICKUP', items: [{ productId: id, quantity: 1.5 }] }), 'quantity'],
    ['an unknown product', () => ({ type: 'PICKUP', items: [{ productId: unknown, quantity: 1 }] }), 'productId'],
  ])('refuses %s with the field named', async (_label, body, field) => {
    const response = await post('ticket/quote', body((await products(service.app, 'p.deli = 0'))[0]!.id));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ resultDetail: string }>().resultDetail).toContain(field);
  });

  it('needs the client credentials like ticket creation', async () => {
    const response = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket/quote',
      headers: { authorization: service.headers.authorization! },
      payload: { type: 'PICKUP', items: [{ productId: (await products(service.app))[0]!.id, quantity: 1 }] },
    });
    expect(response.statusCode).toBe(401);
  });
});
