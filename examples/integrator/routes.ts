import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPolicy, newNonce, readJson, sendHtml, sendJson } from './http.js';
import type { PageContext } from './layout.js';
import { orderPage } from './order-page.js';
import { orderUpdates } from './order-updates.js';
import { orderSentence, payAtPickupClosed } from './order-words.js';
import type { ServiceClient, Shopper } from './service-client.js';
import { ServiceError } from './service-error.js';
import { checkoutPage, indexPage, spaPage } from './shop-pages.js';
import type { Order, OrderLine } from './ticket-shapes.js';
import { OrderNewsBook, webhookReceiver } from './webhook-receiver.js';

/** The browser scripts and styles of the example (plain files an integrator would ship). */
const ASSETS: Record<string, string> = {
  'checkout.js': 'text/javascript',
  'cart.js': 'text/javascript',
  'order.js': 'text/javascript',
  'spa.js': 'text/javascript',
  'example.css': 'text/css',
};
const assetsDir = new URL('../public/', import.meta.url);

/** An order as `GET /api/orders/<number>` answers it to the checkout: the ticket, and what to say of it. */
export interface OrderAnswer extends Order {
  /** The order in one sentence: "Order X5YA2D is paid." */
  sentence: string;
  /** Why paying at pickup is no longer offered, or null while it is. */
  payAtPickupClosed: string | null;
}

/** The lines a page sent (the service checks each quantity and says which is wrong). */
function linesOf(items: unknown): OrderLine[] {
  const sent = Array.isArray(items) ? (items as { productId?: unknown; quantity?: unknown }[]) : [];
  return sent.map(({ productId, quantity }) => ({ productId: String(productId), quantity: Number(quantity) }));
}

/** The shopper the checkout sent, as text (ServicePay checks each field and says which is wrong), or none. */
function shopperOf(sent: Partial<Record<keyof Shopper, unknown>> | undefined): Shopper | undefined {
  if (!sent) return undefined;
  const text = (field: keyof Shopper) => String(sent[field] ?? '').trim();
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    dateOfBirth: text('dateOfBirth'),
    idNumber: text('idNumber'),
    idJurisdiction: text('idJurisdiction'),
    idExpiry: text('idExpiry'),
  };
}

/**
 * The example's HTTP routes: its pages, their assets, a small API for the pages' scripts (an order's
 * updates as server-sent events among it), and the receiver of ServicePay's webhooks.
 */
export function createHandler(client: ServiceClient, serviceOrigin: string, webhookSecret?: string) {
  const news = new OrderNewsBook();
  const receiveWebhook = webhookReceiver(webhookSecret, news);
  const followOrder = orderUpdates(client, news);
  async function page(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const nonce = newNonce();
    const config: Record<string, unknown> = {
      entityId: client.entityId,
      dispensary: client.dispensary,
      delivery: url.searchParams.get('delivery') === 'iframe' ? 'iframe' : 'redirect',
    };
    const context: PageContext = { serviceOrigin, nonce, config };
    if (url.pathname.startsWith('/orders/')) {
      const order = await client.readOrder(decodeURIComponent(url.pathname.slice('/orders/'.length)));
      // Told of the store's changes by webhook, the page follows them (without, a reload reads them).
      const html = orderPage(
        { ...context, config: { ...config, orderNumber: order.orderNumber } },
        order,
        news.of(order.orderNumber),
        webhookSecret !== undefined,
      );
      sendHtml(response, html, checkoutPolicy(serviceOrigin, nonce));
      return true;
    }
    const render = { '/': indexPage, '/checkout': checkoutPage, '/spa/': spaPage }[url.pathname];
    if (!render) return false;
    // The pages that pay name the store to the widget (init's entityName).
    if (render !== indexPage) config.storeName = await client.storeName();
    sendHtml(response, render(context), checkoutPolicy(serviceOrigin, nonce));
    return true;
  }

  async function api(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /webhooks/servicepay') {
      await receiveWebhook(request, response);
    } else if (route === 'GET /api/sdk-token') {
      // authTokenFactory asks here: a shopper token, which pays and reads nothing of the store's, since
      // whoever opens the page holds it. A real shop would first check its customer's own session.
      sendJson(response, 200, { token: await client.shopperToken() });
    } else if (route === 'GET /api/cart') {
      sendJson(response, 200, { items: await client.cart() });
    } else if (route === 'POST /api/quote') {
      // What the order would come to, before it is placed: the checkout shows it as the cart changes.
      const body = (await readJson(request)) as { items?: unknown };
      sendJson(response, 200, await client.quote(linesOf(body.items)));
    } else if (route === 'POST /api/orders') {
      const body = (await readJson(request)) as {
        items?: unknown;
        cartId?: string;
        shopper?: Partial<Record<keyof Shopper, unknown>>;
      };
      const shopper = shopperOf(body.shopper);
      const customerId = shopper ? await client.customerFor(shopper) : undefined;
      sendJson(
        response,
        201,
        await client.createOrder(linesOf(body.items), String(body.cartId ?? randomUUID()), customerId),
      );
    } else if (request.method === 'GET' && /^\/api\/orders\/[^/]+\/updates$/.test(url.pathname)) {
      followOrder(request, response, decodeURIComponent(url.pathname.split('/')[3]!));
    } else if (request.method === 'GET' && url.pathname.startsWith('/api/orders/')) {
      const order = await client.readOrder(decodeURIComponent(url.pathname.slice('/api/orders/'.length)));
      const answer: OrderAnswer = {
        ...order,
        sentence: orderSentence(order),
        payAtPickupClosed: payAtPickupClosed(order),
      };
      sendJson(response, 200, answer);
    } else return false;
    return true;
  }

  function asset(response: ServerResponse, url: URL): boolean {
    const name = url.pathname.slice('/assets/'.length);
    const type = ASSETS[name];
    if (!url.pathname.startsWith('/assets/') || !type) return false;
    response.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-cache' });
    response.end(readFileSync(new URL(name, assetsDir)));
    return true;
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://example.invalid');
    try {
      if (url.pathname === '/spa') return void response.writeHead(302, { location: '/spa/' }).end();
      const handled =
        asset(response, url) || (await api(request, response, url)) || (await page(request, response, url));
      if (!handled) sendJson(response, 404, { error: `no page ${url.pathname}` });
    } catch (error) {
      // fetch's own failure (refused, no such host): ServicePay is not running where the shop was told.
      const unreachable = error instanceof TypeError && error.message === 'fetch failed';
      const status = error instanceof ServiceError || unreachable ? 502 : 500;
      const message =
        error instanceof ServiceError
          ? error.detail
          : unreachable
            ? `ServicePay cannot be reached at ${serviceOrigin}`
            : 'the example server failed';
      if (status === 500) console.error(error);
      else if (unreachable) console.error(`${url.pathname}: ${message}`);
      if (!response.headersSent) sendJson(response, status, { error: message });
    }
  };
}
