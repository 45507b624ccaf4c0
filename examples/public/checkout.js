// @ts-check
/* global document, fetch, window, crypto */
/**
 * The checkout page's own script: the integrator's code. It initializes the SDK, creates the order
 * through this shop's backend (which calls the ticket API), and pays it with a payment event.
 *
 * @typedef {import('../../renderer/sdk/types/servicepay.js').PaymentResponse} PaymentResponse
 * @typedef {import('../integrator/ticket-shapes.js').Order} Order
 * @typedef {import('../integrator/routes.js').OrderAnswer} OrderAnswer
 */
import { dollars, openCart } from './cart.js';

const config = JSON.parse(document.getElementById('example-config')?.textContent ?? '{}');
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const placeOrder = /** @type {HTMLButtonElement} */ ($('place-order'));
const payAtPickup = /** @type {HTMLButtonElement} */ ($('pay-at-pickup'));
/** The order's key at the ticket API (a retry is not ordered twice): a new one for each change of the cart. */
let cartId = crypto.randomUUID();
/** The SDK can take payment (its onReady). */
let sdkReady = false;
/** The quote of what the cart holds now: nothing is ordered until the shopper has seen its total. */
let quoted = false;
/** The order "Place order and pay" placed: paying at pickup opens it, rather than placing another. */
let placed = /** @type {Order | null} */ (null);
/** Why paying at pickup is no longer offered (the order is paid), in words; null while it is. */
let pickupClosed = /** @type {string | null} */ (null);

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
  items: cart.lines(),
  shopper: shopper(),
});

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
    /** @type {OrderAnswer} */
    const order = await api(`/api/orders/${response.data.ticketAlphaNumId}`);
    $('order-status').textContent = order.sentence;
    // An order its payments cover takes no other payment: paying at pickup is not offered, and why is said.
    pickupClosed = order.payAtPickupClosed;
    $('pickup-closed').textContent = pickupClosed ?? '';
    $('pickup-closed').hidden = pickupClosed === null;
    enableButtons();
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
  dispensaryShortName: config.dispensary,
  // The store's name the shopper reads in the widget ("Green Valley Dispensary · Order …"), as the
  // shop's server read it; without it, the widget names the store of the order paid.
  ...(config.storeName ? { entityName: config.storeName } : {}),
  paylinkDeliveryMethod: config.delivery,
  autoRenderPayments: false,
  // Asked again whenever the token expires: this shop's backend answers a shopper token renewed before it lapses.
  authTokenFactory: async () => (await api('/api/sdk-token')).token,
  getEntityId: async () => config.entityId,
  onReady: () => {
    cannotPay('');
    sdkReady = true;
    placeOrder.dataset.ready = 'true';
    enableButtons();
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

/** What the shopper may do now: order what they saw priced; once an order is placed, only pay it. */
function enableButtons() {
  placeOrder.disabled = placed !== null || !sdkReady || !quoted;
  payAtPickup.disabled = pickupClosed !== null || (placed === null && !quoted);
}

const cart = openCart(api, (quote) => {
  quoted = quote !== null;
  if (!quoted) cartId = crypto.randomUUID();
  enableButtons();
});

/** Keeps the order as placed (`true`): its items and who picks it up no longer change here. */
function lockOrder(/** @type {boolean} */ locked) {
  cart.lock(locked);
  /** @type {HTMLFieldSetElement} */ ($('shopper')).disabled = locked;
}

placeOrder.addEventListener('click', async () => {
  placeOrder.disabled = true;
  payAtPickup.disabled = true;
  lockOrder(true);
  try {
    /** @type {Order} */
    const order = await api('/api/orders', orderBody());
    placed = order;
    $('payment').hidden = false;
    $('order-summary').textContent = `Order ${order.orderNumber}: ${dollars(order.total)}`;
    payAtPickup.textContent = 'Pay at pickup instead';
    window._servicepay('event', 'payment', {
      originalAmount: order.total,
      ticketAlphaNumId: order.orderNumber,
      ticketId: order.orderId,
      referenceNumber: cartId,
      handlePaymentResponse,
    });
  } catch (error) {
    log(`The order could not be placed: ${error instanceof Error ? error.message : error}`);
    lockOrder(false);
  }
  enableButtons();
});

// Most orders are paid at pickup: placed now, followed on their page, paid at the counter. One
// already placed to pay here (its payment declined, or the shopper changed their mind) is opened.
payAtPickup.addEventListener('click', async () => {
  payAtPickup.disabled = true;
  try {
    const order = placed ?? (await api('/api/orders', orderBody()));
    window.location.assign(`/orders/${encodeURIComponent(order.orderNumber)}`);
  } catch (error) {
    log(`The order could not be placed: ${error instanceof Error ? error.message : error}`);
    enableButtons();
  }
});
