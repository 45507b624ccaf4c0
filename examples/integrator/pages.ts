import { escapeHtml } from './http.js';
import type { Order } from './service-client.js';
import type { OrderNews } from './webhook-receiver.js';

/** What every page of the example gets from the server. */
export interface PageContext {
  serviceOrigin: string;
  nonce: string;
  /** Public settings for the page's script (never a secret). */
  config: Record<string, unknown>;
}

/**
 * The SDK guide's loader snippet: the queue stub and the async script tag whose id is the instance
 * name, with a preload hint so the script is fetched early and cached.
 */
function sdkHead(context: PageContext, load: boolean): string {
  const src = `${context.serviceOrigin}/sdk/servicepay.js`;
  const snippet = `
    (function (w, d, name, src) {
      w[name] = w[name] || function () { (w[name].q = w[name].q || []).push(arguments); };
      var s = d.createElement('script'); s.id = name; s.async = true; s.src = src;
      d.head.appendChild(s);
    })(window, document, '_servicepay', ${JSON.stringify(src)});`;
  return `<link rel="preload" as="script" href="${escapeHtml(src)}">
    ${load ? `<script nonce="${context.nonce}">${snippet}</script>` : ''}`;
}

function layout(title: string, context: PageContext, body: string, script: string | null, loadSdk: boolean): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)} · Green Valley (SDK example)</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="/assets/example.css">
    ${sdkHead(context, loadSdk)}
    <script type="application/json" id="example-config">${JSON.stringify(context.config).replace(/</g, '\\u003c')}</script>
    ${script ? `<script type="module" src="/assets/${script}"></script>` : ''}
  </head>
  <body>
    <header class="site"><a href="/">Green Valley</a> <span>— a ServicePay SDK example on its own origin</span></header>
    ${body}
  </body>
</html>`;
}

export function indexPage(context: PageContext): string {
  return layout(
    'Examples',
    context,
    `<main>
      <h1>ServicePay SDK examples</h1>
      <ul>
        <li><a href="/checkout?delivery=redirect">Ecommerce checkout</a> — bank transfers open in a new tab</li>
        <li><a href="/checkout?delivery=iframe">Ecommerce checkout</a> — bank transfers in an overlay, cart locked</li>
        <li><a href="/spa/#/cart">Single-page app</a> — the payment page is torn down and initialized again</li>
      </ul>
    </main>`,
    null,
    false,
  );
}

export function checkoutPage(context: PageContext): string {
  return layout(
    'Checkout',
    context,
    `<main>
      <h1>Checkout</h1>
      <section id="cart" aria-labelledby="cart-title">
        <h2 id="cart-title">Your cart</h2>
        <ul id="cart-items"><li>Loading…</li></ul>
        <fieldset id="shopper">
          <legend>Who picks it up</legend>
          <p class="muted">Where the state asks for an ID with cannabis, the store checks this licence at pickup.</p>
          <label>First name <input name="firstName" autocomplete="given-name"></label>
          <label>Last name <input name="lastName" autocomplete="family-name"></label>
          <label>Date of birth <input name="dateOfBirth" type="date" autocomplete="bday"></label>
          <label>Driver's licence number <input name="idNumber" autocomplete="off"></label>
          <label>Issued by (state) <input name="idJurisdiction" maxlength="2" size="3" autocomplete="off"></label>
          <label>Licence expires <input name="idExpiry" type="date" autocomplete="off"></label>
        </fieldset>
        <div id="payment-options"></div>
        <button id="place-order" type="button" disabled aria-describedby="payment-problem">Place order and pay</button>
        <button id="pay-at-pickup" type="button" disabled>Place order, pay at pickup</button>
        <p id="payment-problem" class="problem" role="alert" hidden></p>
      </section>
      <section id="payment" aria-labelledby="payment-title" hidden>
        <h2 id="payment-title">Payment</h2>
        <p id="order-summary"></p>
        <div id="servicepay-widget"></div>
      </section>
      <section aria-labelledby="log-title">
        <h2 id="log-title">What handlePaymentResponse received</h2>
        <ol id="events" aria-live="polite"></ol>
        <p id="order-status" role="status"></p>
        <p id="order-link"></p>
      </section>
    </main>`,
    'checkout.js',
    true,
  );
}

/** The single-page app: its views are rendered by spa.js; the SDK is loaded only on the payment view. */
export function spaPage(context: PageContext): string {
  return layout(
    'Single-page app',
    context,
    `<nav aria-label="Shop"><a href="#/cart">Cart</a> · <a href="#/pay">Pay</a></nav>
    <main id="view"></main>
    <p id="visits" class="muted"></p>`,
    'spa.js',
    false,
  );
}

/** Where the order is, as the shop tells its customer. */
const STAGE: Record<string, string> = {
  AWAITING_PROCESSING: 'We have your order',
  IN_PROCESS: 'We are picking your order',
  PACKED_READY: 'Your order is ready for pickup',
  COMPLETED: 'Picked up. Thank you!',
  CANCELED: 'Your order was canceled',
};

/** What each webhook said, in the customer's words. */
const NEWS: Record<string, string> = {
  'order.created': 'Order received',
  'order.updated': 'The store changed its items (see the new total)',
  'order.paid': 'Payment received',
  'order.authorized': 'Bank payment authorized',
  'order.reopened': 'Payment returned: the order awaits payment',
  'order.in_process': 'The store started picking it',
  'order.ready': 'Packed and ready for pickup',
  'order.completed': 'Picked up',
  'order.canceled': 'Canceled',
};

function paidWords(order: Order): string {
  if (order.paymentStatus === 'PAID') return 'Paid.';
  if (order.paymentStatus === 'AUTHORIZED') return 'Bank payment authorized; it is taken when you pick the order up.';
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  if (order.fulfillmentStatus === 'CANCELED') {
    return order.refunded > 0 ? `Canceled: ${dollars(order.refunded)} was refunded.` : 'Nothing was charged.';
  }
  // `paid` is what counts toward the balance (the ticket API's own figure): the rest is due.
  const held = order.paid;
  if (held > 0)
    return `Paid ${dollars(held)} of ${dollars(order.total)}: pay ${dollars(order.total - held)} at pickup (bring your ID).`;
  return `Pay ${dollars(order.total)} at pickup (bring your ID).`;
}

/** What an order's page shows of it, rendered by the shop's server and kept current by the page's script. */
export interface OrderView {
  /** Where it is in the store (the ticket's fulfillmentStatus), and that in the customer's words. */
  stage: string;
  stageWords: string;
  /** When it will be ready, while the store has yet to pack it; null after. */
  eta: string | null;
  /** What is paid and what is left to pay. */
  paid: string;
  /** What the shop's webhook endpoint was told of it, in order, in the customer's words. */
  news: { type: string; words: string }[];
}

/** The order as its page shows it: `order` read from ServicePay now, `news` what the webhooks told. */
export function orderView(order: Order, news: readonly OrderNews[]): OrderView {
  const ready = order.fulfillmentStatus === 'AWAITING_PROCESSING' || order.fulfillmentStatus === 'IN_PROCESS';
  return {
    stage: order.fulfillmentStatus,
    stageWords: STAGE[order.fulfillmentStatus] ?? 'Your order',
    eta: ready ? order.eta : null,
    paid: paidWords(order),
    news: news.map((entry) => ({ type: entry.type, words: NEWS[entry.type] ?? entry.type })),
  };
}

/**
 * An order's page: where it is (read from ServicePay now) and what the shop's webhook endpoint was
 * told of it. When the shop is told by webhook (`live`), the page follows the order
 * (public/order.js, order-updates.ts), so a customer sees each stage as the store works the order
 * without reloading; without webhooks only a reload reads it again.
 */
export function orderPage(context: PageContext, order: Order, news: readonly OrderNews[], live = true): string {
  const view = orderView(order, news);
  const told = view.news.map((entry) => `<li data-event="${escapeHtml(entry.type)}">${escapeHtml(entry.words)}</li>`);
  return layout(
    `Order ${order.orderNumber}`,
    context,
    `<main>
      <h1>Order ${escapeHtml(order.orderNumber)}</h1>
      <div aria-live="polite">
        <p id="stage" class="stage" data-stage="${escapeHtml(view.stage)}">${escapeHtml(view.stageWords)}</p>
        <p id="eta"${view.eta === null ? ' hidden' : ''}>${escapeHtml(view.eta ?? '')}</p>
        <p id="paid">${escapeHtml(view.paid)}</p>
      </div>
      <section aria-labelledby="news-title">
        <h2 id="news-title">Updates from the store</h2>
        <ol id="news">${told.length > 0 ? told.join('') : '<li class="muted">None yet.</li>'}</ol>
      </section>
      ${live ? '' : `<p><a href="/orders/${encodeURIComponent(order.orderNumber)}">Refresh</a></p>`}
    </main>`,
    live ? 'order.js' : null,
    false,
  );
}
