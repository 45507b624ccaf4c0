// @ts-check
/* global document, console */
/**
 * The checkout's cart: the products this shop sells with how many of each, the shopper's to change,
 * and the order's total as the service quotes it (this shop's `/api/quote`, which asks
 * `POST …/ticket/quote`) each time they do, before anything is ordered.
 *
 * @typedef {import('../integrator/ticket-shapes.js').CartItem} CartItem
 * @typedef {import('../integrator/ticket-shapes.js').OrderLine} OrderLine
 * @typedef {import('../integrator/ticket-shapes.js').Quote} Quote
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

export const dollars = (/** @type {number} */ cents) => `$${(cents / 100).toFixed(2)}`;

/** A list item of `text`. */
const item = (/** @type {string} */ text) => Object.assign(document.createElement('li'), { textContent: text });

/** One product's line: its name, its price and how many, in a labelled number field. */
function lineOf(/** @type {CartItem} */ product) {
  const input = Object.assign(document.createElement('input'), {
    type: 'number',
    id: `quantity-${product.productId}`,
    min: '0',
    max: String(product.available),
    step: '1',
    inputMode: 'numeric',
    value: String(product.quantity),
  });
  const label = Object.assign(document.createElement('label'), { htmlFor: input.id, textContent: product.name });
  const price = Object.assign(document.createElement('span'), {
    className: 'price',
    textContent: `${dollars(product.price)} each`,
  });
  const row = document.createElement('li');
  row.append(label, price, input);
  return { product, input, row };
}

/**
 * Loads the cart into `#cart-items` and quotes it; `onQuote` is told the quote of what the cart
 * holds now, or null while there is none (being priced, refused, empty): the checkout orders only
 * what it saw priced.
 * @param {(path: string, body?: unknown) => Promise<any>} api this shop's own API
 * @param {(quote: Quote | null) => void} onQuote
 */
export function openCart(api, onQuote) {
  /** @type {ReturnType<typeof lineOf>[]} */
  let lines = [];
  let asked = 0;

  /** Why the quantities cannot be ordered as they are, in words ('' when they can). */
  function refusal() {
    for (const { product, input } of lines) {
      const count = Number(input.value);
      if (input.value.trim() === '' || !Number.isInteger(count) || count < 0) {
        return `How many ${product.name}: a whole number, 0 for none.`;
      }
      if (count > product.available) {
        return `Only ${product.available} ${product.name} are in stock: choose ${product.available} or fewer.`;
      }
    }
    return '';
  }

  /** The lines the shopper chose (a quantity of 0 leaves the product out). */
  function chosen() {
    return lines
      .map(({ product, input }) => ({ productId: product.productId, quantity: Number(input.value) }))
      .filter((line) => line.quantity > 0);
  }

  async function quote() {
    const mine = ++asked;
    onQuote(null);
    const refused = refusal();
    $('cart-problem').textContent = refused;
    $('cart-problem').hidden = refused === '';
    $('cart-short').replaceChildren();
    $('cart-short').hidden = true;
    const total = $('cart-total');
    if (refused !== '') return void (total.textContent = '');
    const items = chosen();
    if (items.length === 0)
      return void (total.textContent = 'Your cart is empty: choose how many of a product to buy.');
    total.textContent = 'Working out the total…';
    try {
      /** @type {Quote} */
      const priced = await api('/api/quote', { items });
      // The shopper changed the cart while it was priced: the newer quote says the total.
      if (mine !== asked) return;
      total.textContent = `Total ${dollars(priced.total)}, tax ${dollars(priced.tax)} included`;
      $('cart-short').replaceChildren(...priced.short.map(item));
      $('cart-short').hidden = priced.short.length === 0;
      onQuote(priced);
    } catch (error) {
      if (mine !== asked) return;
      console.error(`the total could not be worked out: ${error instanceof Error ? error.message : error}`);
      total.textContent = 'The total could not be worked out. Reload the page, or contact the shop.';
    }
  }

  api('/api/cart').then(
    (/** @type {{items: CartItem[]}} */ { items }) => {
      lines = items.map(lineOf);
      $('cart-items').replaceChildren(...lines.map((line) => line.row));
      for (const { input } of lines) input.addEventListener('input', () => void quote());
      void quote();
    },
    (error) => {
      // The shopper reads what to do; the console keeps what this shop's backend answered.
      console.error(`the cart could not be loaded: ${error instanceof Error ? error.message : error}`);
      $('cart-items').replaceChildren(item('Your cart could not be loaded. Reload the page, or contact the shop.'));
    },
  );

  return {
    /** What to order: the products and how many, as last quoted. @returns {OrderLine[]} */
    lines: chosen,
    /** Keeps the quantities as they are once the order is placed (`true`), or lets them change again. */
    lock(/** @type {boolean} */ locked) {
      for (const { input } of lines) input.disabled = locked;
      $('cart-hint').textContent = locked
        ? 'Your order is placed: its items no longer change here.'
        : 'How many of each: the service prices the order as you change them.';
    },
  };
}
