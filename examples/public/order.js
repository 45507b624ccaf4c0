// @ts-check
/* global document, EventSource */
/**
 * The order page's own script: it follows the order on this shop's server (`/api/orders/<number>/updates`,
 * server-sent events), which sends the order as it is now, then again each time ServicePay's webhooks
 * tell the shop something of it, and puts each in place: the customer sees the order received, picked,
 * paid and ready without reloading. The browser reconnects by itself after a drop, and is sent the
 * order as it is then.
 *
 * @typedef {import('../integrator/order-words.js').OrderView} OrderView
 */

const config = JSON.parse(document.getElementById('example-config')?.textContent ?? '{}');
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @param {OrderView['news']} news */
function newsItems(news) {
  if (news.length === 0) {
    const none = document.createElement('li');
    none.className = 'muted';
    none.textContent = 'None yet.';
    return [none];
  }
  return news.map(({ type, words }) => {
    const item = document.createElement('li');
    item.dataset.event = type;
    item.textContent = words;
    return item;
  });
}

/** @param {OrderView} view */
function show(view) {
  const stage = $('stage');
  stage.dataset.stage = view.stage;
  stage.textContent = view.stageWords;
  const eta = $('eta');
  eta.hidden = view.eta === null;
  eta.textContent = view.eta ?? '';
  $('paid').textContent = view.paid;
  // Only a change replaces the list: a screen reader is not read the same list again.
  const shown = [...$('news').querySelectorAll('li')].map((item) => /** @type {HTMLElement} */ (item).dataset.event);
  if (shown.join() !== view.news.map((entry) => entry.type).join()) {
    $('news').replaceChildren(...newsItems(view.news));
  }
}

const updates = new EventSource(`/api/orders/${encodeURIComponent(config.orderNumber)}/updates`);
updates.addEventListener('order', (event) => show(JSON.parse(event.data)));
