// @ts-check
/* global document, fetch, window, crypto, console */
/**
 * The checkout page's own script: the integrator's code. It initializes the SDK, creates the order
 * through this shop's backend (which calls the ticket API), and pays it with a payment event.
 *
 * @typedef {import('../../renderer/sdk/types/servicepay.js').PaymentResponse} PaymentResponse
 */

const config = JSON.parse(document.getElementById('example-config')?.textContent ?? '{}');
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const placeOrder = /** @type {HTMLButtonElement} */ ($('place-order'));
const payAtPickup = /** @type {HTMLButtonElement} */ ($('pay-at-pickup'));
const cartId = crypto.randomUUID();
/** @type {{productId: string, name: string, priceSell: string, quantity: number}[]} */
let cart = [];

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

/**
 * Who picks the order up, when the shopper filled the form in (the shop names them as the order's
 * customer); undefined when they left their first name empty.
 */
function shopper() {
  const fields = /** @type {HTMLFieldSetElement} */ ($('shopper')).elements;
  const value = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (fields.namedItem(name)).value.trim();
  if (value('firstName') === '') return undefined;
  const names = ['firstName', 'lastName', 'dateOfBirth', 'idNumber', 'idJurisdiction', 'idExpiry'];
  return Object.fromEntries(names.map((name) => [name, value(name)]));
}

/** The order as this shop's backend places it: the cart, and who picks it up. */
const orderBody = () => ({
  cartId,
  items: cart.map(({ productId, quantity }) => ({ productId, quantity })),
  shopper: shopper(),
});

const dollars = (/** @type {number} */ cents) => `$${(cents / 100).toFixed(2)}`;

/** Why this page cannot take payment, under the button it keeps disabled ('' once it can). */
function cannotPay(/** @type {string} */ words) {
  $('payment-problem').textContent = words;
  $('payment-problem').hidden = words === '';
}

function log(/** @type {string} */ text) {
  const item = document.createElement('li');
  item.textContent = text;
  $('events').append(item);
}

/** @param {PaymentResponse} response */
async function handlePaymentResponse(response) {
  log(
    response.eventType === 'PAYMENT_OPTION_SELECTED'
      ? `${response.eventType}: ${response.data.option}`
      : `${response.eventType}: ${response.userMessage}`,
  );
  if (response.eventType === 'PAYMENT_APPROVED' && response.data.ticketAlphaNumId) {
    const order = await api(`/api/orders/${response.data.ticketAlphaNumId}`);
    $('order-status').textContent = `Order ${order.orderNumber} is ${order.status}.`;
    const follow = document.createElement('a');
    follow.href = `/orders/${encodeURIComponent(order.orderNumber)}`;
    follow.textContent = 'Follow your order';
    $('order-link').replaceChildren(follow);
  }
}

// Always call through window: the real function replaces the queue stub once the script loads.
window._servicepay('init', {
  element: $('servicepay-widget'),
  channel: 'ecommerce',
  dispensaryShortName: 'demo',
  paylinkDeliveryMethod: config.delivery,
  autoRenderPayments: false,
  // Asked again whenever the token expires: this shop's backend answers a shopper token renewed before it lapses.
  authTokenFactory: async () => (await api('/api/sdk-token')).token,
  getEntityId: async () => config.entityId,
  onReady: () => {
    cannotPay('');
    placeOrder.disabled = cart.length === 0;
    placeOrder.dataset.ready = 'true';
  },
  // The widget cannot start (this shop's token refused, the service not reachable…): the SDK's words
  // for the shopper, with what to do. The service's reason is in the console, for you.
  onInitFailed: ({ userMessage }) => cannotPay(userMessage),
});
// The SDK's script did not load (the service is down or not reachable from this browser): nothing of
// it runs to say so, but the page's load event waits for it, and it sets loaded-_servicepay once run.
window.addEventListener('load', () => {
  if (!('loaded-_servicepay' in window))
    cannotPay(
      'The payment form could not load. The payment service cannot be reached. Check the connection, then reload the page.',
    );
});
window._servicepay('event', 'mount', { component: 'payment-options-banner', element: $('payment-options') });

placeOrder.addEventListener('click', async () => {
  placeOrder.disabled = true;
  try {
    const order = await api('/api/orders', orderBody());
    $('payment').hidden = false;
    $('order-summary').textContent = `Order ${order.orderNumber}: ${dollars(order.total)}`;
    window._servicepay('event', 'payment', {
      originalAmount: order.total,
      ticketAlphaNumId: order.orderNumber,
      ticketId: order.orderId,
      referenceNumber: cartId,
      handlePaymentResponse,
    });
  } catch (error) {
    log(`The order could not be placed: ${error instanceof Error ? error.message : error}`);
    placeOrder.disabled = false;
  }
});

// Most orders are paid at pickup: placed now, followed on their page, paid at the counter.
payAtPickup.addEventListener('click', async () => {
  payAtPickup.disabled = true;
  try {
    const order = await api('/api/orders', orderBody());
    window.location.assign(`/orders/${encodeURIComponent(order.orderNumber)}`);
  } catch (error) {
    log(`The order could not be placed: ${error instanceof Error ? error.message : error}`);
    payAtPickup.disabled = false;
  }
});

/** The cart's list, one line each. */
function showCart(/** @type {string[]} */ lines) {
  $('cart-items').replaceChildren(
    ...lines.map((text) => Object.assign(document.createElement('li'), { textContent: text })),
  );
}

api('/api/cart').then(
  ({ items }) => {
    cart = items;
    showCart(items.map((/** @type {{name: string, priceSell: string}} */ item) => `${item.name} — $${item.priceSell}`));
    placeOrder.disabled = placeOrder.dataset.ready !== 'true' || items.length === 0;
    payAtPickup.disabled = items.length === 0;
  },
  (error) => {
    // The shopper reads what to do; the console keeps what this shop's backend answered.
    console.error(`the cart could not be loaded: ${error instanceof Error ? error.message : error}`);
    showCart(['Your cart could not be loaded. Reload the page, or contact the shop.']);
  },
);
