import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';

const URL = '/v2.0/dispensary/demo/ecommerce/ticket';
let service: DemoService;
let productId: string;
let soldOutLater: string;

beforeAll(async () => {
  service = await demoService();
  [productId, soldOutLater] = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 10000')).map(
    (product) => product.id,
  ) as [string, string];
});
afterAll(() => service.close());

const post = (key: string, payload: object) =>
  service.request({ method: 'POST', url: URL, headers: { ...service.headers, 'idempotency-key': key }, payload });

describe('Idempotency-Key on ticket creation', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const body = { type: 'PICKUP', items: [{ productId, quantity: 1 }] };
    const first = await post('retry-1', body);
    const orders = await count(service.app, 'orders');
    const again = await post('retry-1', { items: [{ quantity: 1, productId }], type: 'PICKUP' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(service.app, 'orders')).toBe(orders);
  });

  it('answers a retry as the first time even when its units have sold out since', async () => {
    const body = { type: 'PICKUP', items: [{ productId: soldOutLater, quantity: 1 }] };
    const first = await post('sold-out-1', body);
    expect(first.statusCode, first.body).toBe(201);
    await setStock(service.app, soldOutLater, 0);
    // A new ticket for it is refused now…
    expect((await post('sold-out-2', body)).statusCode).toBe(409);
    // …but the retry of the first one answers what the first did.
    const again = await post('sold-out-1', body);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('answers the same once even when the retries race each other', async () => {
    const orders = await count(service.app, 'orders');
    const body = { type: 'PICKUP', items: [{ productId, quantity: 2 }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('race-1', body)));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await count(service.app, 'orders')).toBe(orders + 1);
  });

  it('refuses the same key with a different body (409) and writes nothing', async () => {
    await post('conflict-1', { type: 'PICKUP', items: [{ productId, quantity: 1 }] });
    const orders = await count(service.app, 'orders');
    const response = await post('conflict-1', { type: 'PICKUP', items: [{ productId, quantity: 3 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ resultReason: 'CONFLICT' });
    expect(response.json().resultDetail).toMatch(/Idempotency-Key/);
    expect(await count(service.app, 'orders')).toBe(orders);
  });

  it('creates a new ticket for a new key', async () => {
    const body = { type: 'PICKUP', items: [{ productId, quantity: 1 }] };
    const a = await post('key-a', body);
    const b = await post('key-b', body);
    expect(a.json().orderId).not.toBe(b.json().orderId);
  });

  it('refuses a key longer than 255 characters', async () => {
    const response = await post('k'.repeat(256), { type: 'PICKUP', items: [{ productId, quantity: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().resultDetail).toMatch(/idempotency-key/);
  });
});
