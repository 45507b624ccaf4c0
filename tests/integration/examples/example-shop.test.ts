// The example shop's server (examples/integrator) against a real service on the engine under test,
// registered as its partner: its cart, the totals it quotes before an order is placed (and the
// sandbox carts examples/README.md lists), and an order said in words.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderAnswer } from '../../../examples/integrator/routes.js';
import { createHandler } from '../../../examples/integrator/routes.js';
import { PartnerTokens } from '../../../examples/integrator/partner-tokens.js';
import { ServiceClient } from '../../../examples/integrator/service-client.js';
import type { CartItem, Order, Quote } from '../../../examples/integrator/ticket-shapes.js';
import { sandboxCarts } from '../../support/example-sandbox-carts.js';
import { payByCard, paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { DEMO_CLIENT } from '../support/demo-service.js';
import { registerPartner } from '../support/partner-keys.js';
import { listenOnLoopback } from '../support/real-port.js';

let service: PaymentHarness;
let shop: Server;
let shopUrl: string;

beforeAll(async () => {
  service = await paymentService();
  const serviceUrl = `http://127.0.0.1:${await listenOnLoopback(service.app)}`;
  const { partner, privateKey } = await registerPartner(service.app, 'ES256', 'Example shop');
  const { certId, organizationId } = partner;
  const tokens = new PartnerTokens(serviceUrl, {
    certId,
    organizationId,
    privateKeyPem: await exportPKCS8(privateKey),
  });
  const settings = {
    serviceUrl,
    dispensary: 'demo',
    organizationId,
    clientId: DEMO_CLIENT.client_id,
    clientSecret: DEMO_CLIENT.client_secret,
  };
  shop = createServer(createHandler(new ServiceClient(settings, tokens), serviceUrl));
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  shop.closeAllConnections();
  await new Promise((resolve) => shop.close(resolve));
  await service.close();
});

/** A call to the shop's own API, as its pages make them; answers its status and JSON. */
async function shopApi<T>(path: string, body?: object): Promise<{ status: number; json: T }> {
  const response = await fetch(`${shopUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as T };
}

const cart = async () => (await shopApi<{ items: CartItem[] }>('/api/cart')).json.items;

describe("the example shop's cart", () => {
  it("sells the store's edibles in stock, one each of the first two in the cart to start with", async () => {
    const items = await cart();
    expect(items.map(({ name, price, quantity }) => [name, price, quantity])).toEqual([
      ['Dark Chocolate Sea Salt Bar', 1980, 1],
      ['Lemon Ginger Sparkling Tonic', 900, 1],
      ['Peppermint Microdose Mints', 1800, 0],
      ['Snickerdoodle Cookie', 800, 0],
      ['Sour Blueberry Sleep Gummies (CBN)', 2160, 0],
      ['Watermelon Gummies 10 x 10mg', 1800, 0],
    ]);
    expect(items.every((item) => item.available > 0)).toBe(true);
  });

  it('quotes each sandbox cart of examples/README.md at the total it says, and the order placed comes to that total', async () => {
    const byName = new Map((await cart()).map((item) => [item.name, item.productId]));
    const carts = sandboxCarts();
    expect(carts.map((one) => one.total % 100)).toEqual([51, 5, 55, 91, 96]);
    for (const [index, { lines, total }] of carts.entries()) {
      const items = lines.map(({ name, quantity }) => ({ productId: byName.get(name), quantity }));
      expect(
        items.every((line) => line.productId !== undefined),
        JSON.stringify(lines),
      ).toBe(true);
      const quote = await shopApi<Quote>('/api/quote', { items });
      expect([quote.status, quote.json]).toEqual([200, { total, tax: expect.any(Number), short: [] }]);
      const placed = await shopApi<Order>('/api/orders', { items, cartId: `sandbox-cart-${index}` });
      expect([placed.status, placed.json.total]).toEqual([201, total]);
    }
  });

  it('says in words a line the store cannot fill in full, and what the order would hold', async () => {
    const [chocolate] = await cart();
    const quote = await shopApi<Quote>('/api/quote', {
      items: [{ productId: chocolate!.productId, quantity: chocolate!.available + 5 }],
    });
    expect(quote.json.short).toEqual([
      `Only ${chocolate!.available} of Dark Chocolate Sea Salt Bar can be had now: the order would hold those.`,
    ]);
    expect(quote.json.total).toBeGreaterThan(0);
  });
});

describe("the example shop's order, as the checkout reads it back", () => {
  it('says it waits for payment and offers pay at pickup; once paid, says so and no longer offers it', async () => {
    const items = (await cart()).filter((item) => item.quantity > 0);
    const placed = await shopApi<Order>('/api/orders', { items, cartId: 'words-of-an-order' });
    const { orderNumber } = placed.json;
    const read = async () => (await shopApi<OrderAnswer>(`/api/orders/${orderNumber}`)).json;
    expect(await read()).toMatchObject({
      sentence: `Order ${orderNumber} is waiting for payment.`,
      payAtPickupClosed: null,
    });
    await payByCard(service, placed.json);
    expect(await read()).toMatchObject({
      paymentStatus: 'PAID',
      sentence: `Order ${orderNumber} is paid.`,
      payAtPickupClosed: 'Paying at pickup is not offered: the order is paid.',
    });
  });
});
