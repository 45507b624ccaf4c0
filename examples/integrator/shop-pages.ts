import { layout, type PageContext } from './layout.js';

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
        <p id="cart-hint" class="muted">How many of each: the service prices the order as you change them.</p>
        <ul id="cart-items"><li>Loading…</li></ul>
        <p id="cart-problem" class="problem" role="alert" hidden></p>
        <p id="cart-total" class="total" aria-live="polite"></p>
        <ul id="cart-short" class="problem" hidden></ul>
        <p class="muted">Trying the sandbox? The total's cents decide a card payment: .05, .51 and .55 are declined,
          .96 fails, others are approved. examples/README.md lists carts that come to them.</p>
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
        <button id="place-order" type="button" disabled aria-describedby="cart-problem payment-problem">Place order and pay</button>
        <button id="pay-at-pickup" type="button" disabled aria-describedby="cart-problem pickup-closed">Place order, pay at pickup</button>
        <p id="payment-problem" class="problem" role="alert" hidden></p>
        <p id="pickup-closed" class="muted" hidden></p>
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
