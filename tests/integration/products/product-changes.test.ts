import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { products } from '../support/catalog-fixtures.js';
import { openStream } from '../support/live-stream.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { NEW_FLOWER } from './support/product-fixtures.js';

// What a product change does beyond the product: the audit trail, orders already created, the
// POS's live channel, and who may make it.
let h: SetupHarness;
let baseUrl: string;
beforeAll(async () => {
  h = await setupHarness();
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, `/products${path}`, payload, 'demo');
const product = async (response: Parameters<typeof ok>[0]) => ok<{ product: ProductView }>(response).product;

async function ticket(productId: string, quantity: number) {
  const created = await h.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: h.headers,
    payload: { type: 'PICKUP', items: [{ productId, quantity }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ orderId: string; subTotal: string; total: string; items: { priceSell: string }[] }>();
}

describe('a product change', () => {
  it('is written to the audit trail: who, what and the change in words', async () => {
    const added = await product(await asManager('POST', '', NEW_FLOWER));
    await asManager('PATCH', `/${added.productId}`, { priceCents: 1300, lowStockThreshold: null });
    await asManager('POST', `/${added.productId}/archive`);
    await asManager('POST', `/${added.productId}/unarchive`);
    const day = await h.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    const events = day.json<AuditDay>().events.filter((event) => event.action.startsWith('product_'));
    expect(events.map(({ action, actor, reason }) => [action, actor.name, reason])).toEqual([
      ['product_added', 'manager', 'Test Haze (by the gram) (GV-TEST-1)'],
      [
        'product_changed',
        'manager',
        'Test Haze (by the gram) (GV-TEST-1): Price $12.00 → $13.00; Low-stock threshold 28 → none',
      ],
      ['product_archived', 'manager', 'Test Haze (by the gram) (GV-TEST-1)'],
      ['product_unarchived', 'manager', 'Test Haze (by the gram) (GV-TEST-1)'],
    ]);
  });

  it('never alters an order already created: its lines keep the price they were sold at', async () => {
    const [item] = await products(
      h.app,
      "p.deli = 0 AND p.type <> 'ACCESSORY' AND k.discount_ppm = 0 AND k.on_hand_milli >= 10000",
    );
    const before = await ticket(item!.id, 2);
    await product(await asManager('PATCH', `/${item!.id}`, { priceCents: item!.priceCents + 1000 }));
    const read = await h.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${before.orderId}`,
      headers: h.headers,
    });
    expect(read.json()).toMatchObject({ subTotal: before.subTotal, total: before.total, items: before.items });
    const after = await ticket(item!.id, 2);
    expect(Number(after.subTotal) - Number(before.subTotal)).toBeCloseTo(20, 2);
  });

  it('prices a weighed line at its price break when it weighs exactly that, else by the gram', async () => {
    const [deli] = await products(h.app, 'p.deli = 1 AND k.discount_ppm = 0 AND k.on_hand_milli >= 20000');
    await product(
      await asManager('PATCH', `/${deli!.id}`, {
        priceCents: 1200,
        priceBreaks: [
          { weightMg: 3500, priceCents: 3500 },
          { weightMg: 7000, priceCents: 6500 },
        ],
      }),
    );
    const quote = async (quantity: number) => {
      const quoted = await h.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/ecommerce/ticket/quote',
        headers: h.headers,
        payload: { type: 'PICKUP', items: [{ productId: deli!.id, quantity }] },
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      return quoted.json<{ subTotal: string }>().subTotal;
    };
    expect([await quote(3.5), await quote(7), await quote(2)]).toEqual(['35.00', '65.00', '24.00']);
    expect((await ticket(deli!.id, 3.5)).subTotal).toBe('35.00');
  });

  it('reaches the POS live: catalog.changed names the product, after the change is committed', async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=catalog', h.token);
    const [item] = await products(h.app, 'p.deli = 0');
    const edited = await product(await asManager('PATCH', `/${item!.id}`, { size: 'Big jar' }));
    const frame = await stream.waitForEvent('catalog.changed');
    expect(frame).toEqual({ event: 'catalog.changed', data: JSON.stringify({ productIds: [edited.productId] }) });
    // The catalog the POS reads then has the change.
    const catalog = await h.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/catalog?limit=200`,
      headers: h.headers,
    });
    expect(catalog.json().items.find((entry: { productId: string }) => entry.productId === item!.id).size).toBe(
      'Big jar',
    );
    await stream.close();
  });

  it('is a manager’s or an admin’s: a cashier is refused, and nothing changes', async () => {
    const [item] = await products(h.app, 'p.deli = 0');
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '', { ...NEW_FLOWER, sku: 'CASHIER-1', barcodes: [] }],
      ['GET', `/${item!.id}`, undefined],
      ['PATCH', `/${item!.id}`, { priceCents: 1 }],
      ['POST', `/${item!.id}/archive`, undefined],
    ] as const) {
      const answer = await h.call(h.tokens.cashier, method, `/products${path}`, body, 'demo');
      refused(answer, 403, /the cashier role does not have the store:manage permission/);
    }
    const admin = await h.call(h.tokens.admin, 'GET', `/products/${item!.id}`, undefined, 'demo');
    expect(ok<{ product: ProductView }>(admin).product.priceCents).toBe(item!.priceCents);
  });
});
