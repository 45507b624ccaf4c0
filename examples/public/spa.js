// @ts-check
/* global document, fetch, window, crypto, addEventListener, location, URL */
/**
 * A single-page app whose payment view loads the SDK when shown and tears it down when left (spec
 * 4.3): it removes the widget element and the script element and deletes the two window properties,
 * so init runs again on the next visit.
 *
 * @typedef {import('../../renderer/sdk/types/servicepay.js').PaymentResponse} PaymentResponse
 * @typedef {import('../../renderer/sdk/types/servicepay.js').ServicePay} ServicePay
 * @typedef {import('../integrator/ticket-shapes.js').CartItem} CartItem
 */

const INSTANCE = '_servicepay';
const config = JSON.parse(document.getElementById('example-config')?.textContent ?? '{}');
const serviceOrigin = new URL(/** @type {HTMLLinkElement} */ (document.querySelector('link[rel=preload]')).href).origin;
const view = /** @type {HTMLElement} */ (document.getElementById('view'));
let visits = 0;

/**
 * This shop's own API (same origin).
 * @param {string} path
 * @param {unknown} [body]
 */
async function api(path, body) {
  const response = await fetch(
    path,
    body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {},
  );
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `the shop answered ${response.status}`);
  return answer;
}

/** The loader snippet of the SDK guide, run when the payment view opens. */
function loadSdk() {
  // The queue stub: commands wait here until the script has loaded and replays them.
  const queue = /** @type {IArguments[]} */ ([]);
  const stub = Object.assign(
    function () {
      queue.push(arguments);
    },
    { q: queue },
  );
  window._servicepay ??= /** @type {ServicePay} */ (/** @type {unknown} */ (stub));
  const script = document.createElement('script');
  script.id = INSTANCE;
  script.async = true;
  script.src = `${serviceOrigin}/sdk/servicepay.js`;
  document.head.append(script);
}

/** The teardown of spec 4.3, when the payment view closes. */
function teardownSdk() {
  document.getElementById(`widget-${INSTANCE}`)?.remove();
  document.getElementById(INSTANCE)?.remove();
  Reflect.deleteProperty(window, `loaded-${INSTANCE}`);
  Reflect.deleteProperty(window, INSTANCE);
}

function showCart() {
  view.innerHTML = '<h1>Cart</h1><p>Two edibles are in your cart.</p><p><a href="#/pay">Go to payment</a></p>';
}

async function showPayment() {
  visits += 1;
  /** @type {HTMLElement} */ (document.getElementById('visits')).textContent = `Payment page opened ${visits} time(s).`;
  view.innerHTML =
    '<h1>Payment</h1><p id="order-summary">Creating your order…</p><div id="servicepay-widget"></div><ol id="events" aria-live="polite"></ol><p><a href="#/cart">Back to the cart</a></p>';
  loadSdk();
  const element = /** @type {HTMLElement} */ (document.getElementById('servicepay-widget'));
  window._servicepay('init', {
    element,
    channel: 'ecommerce',
    dispensaryShortName: config.dispensary,
    // The store's name the shopper reads in the widget ("Green Valley Dispensary · Order …"), as the
    // shop's server read it; without it, the widget names the store of the order paid.
    ...(config.storeName ? { entityName: config.storeName } : {}),
    authTokenFactory: async () => (await api('/api/sdk-token')).token,
    getEntityId: async () => config.entityId,
  });
  // The shop's starting cart (the checkout lets the shopper change it; this app pays it as it is).
  const { items } = await api('/api/cart');
  const lines = /** @type {CartItem[]} */ (items)
    .filter((item) => item.quantity > 0)
    .map(({ productId, quantity }) => ({ productId, quantity }));
  const order = await api('/api/orders', { cartId: crypto.randomUUID(), items: lines });
  // The view may have been left while the order was being created.
  if (!element.isConnected) return;
  /** @type {HTMLElement} */ (document.getElementById('order-summary')).textContent =
    `Order ${order.orderNumber}: $${(order.total / 100).toFixed(2)}`;
  window._servicepay('event', 'payment', {
    originalAmount: order.total,
    ticketAlphaNumId: order.orderNumber,
    handlePaymentResponse: async (/** @type {PaymentResponse} */ response) => {
      const item = document.createElement('li');
      item.textContent = response.eventType;
      document.getElementById('events')?.append(item);
    },
  });
}

function route() {
  const onPayment = location.hash === '#/pay';
  if (!onPayment && document.getElementById(INSTANCE)) teardownSdk();
  if (onPayment) void showPayment();
  else showCart();
}

addEventListener('hashchange', route);
route();
