// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DisplayState } from '../../../../shared/contracts/display.js';
import { displayAtStart, paymentOver } from '../../../../renderer/pos/logic/display-start.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { displaySettled } from '../../../../renderer/pos/stores/pole-display.js';
import { idleLeftoverDisplay } from '../../../../renderer/pos/stores/display-start.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

const ORDER_ID = '0190a4c2-0000-7000-8000-000000000001';
const totals = { subtotal: 1000, discount: 0, tax: 200, rewardDollars: 0, total: 1200 };
const line = { key: 'a', name: 'Blue Dream', detail: 'Canyon Craft · 3.5g', quantity: 2, lineTotal: 1000 };
const cart: DisplayState = { phase: 'cart', lines: [line], totals, customerName: null };
const payment: DisplayState = {
  phase: 'payment',
  lines: [line],
  totals,
  payment: { orderId: ORDER_ID, orderNumber: 'AB23CD', amount: 1200, taxes: 200, discount: 0, rewardDollars: 0 },
};
const thanks: DisplayState = { phase: 'thanks', orderNumber: 'AB23CD', total: 1200, changeDue: 0 };

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The service: the display's stored state and the order on it (`null`: unknown, 404; `'down'`: 500). */
function service(state: DisplayState, order: { status: string; paymentStatus: string } | null | 'down' = null) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body && JSON.parse(String(init.body)),
    };
    calls.push(call);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (call.path.endsWith('/display/front-7')) return json({ resultCode: 'SUCCESS', display: { state } });
    if (order === 'down') return json({ resultCode: 'FAIL', resultReason: 'INTERNAL', resultDetail: 'down' }, 500);
    if (order === null) return json({ resultCode: 'FAIL', resultReason: 'NOT_FOUND', resultDetail: 'no order' }, 404);
    return json({ orderId: ORDER_ID, ...order });
  });
  return calls;
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what a register starting with an empty sale does with its display', () => {
  it('takes a cart off; leaves idle and a thank-you; asks the order of a payment', () => {
    expect(displayAtStart(cart)).toBe('idle');
    expect(displayAtStart({ phase: 'idle' })).toBe('keep');
    expect(displayAtStart(thanks)).toBe('keep');
    expect(displayAtStart(payment)).toBe('order');
  });

  it('a payment is over once its order is paid, authorized, handed over, canceled or unknown', () => {
    expect(paymentOver({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' })).toBe(false);
    expect(paymentOver({ status: 'IN_PROCESS', paymentStatus: 'UNPAID' })).toBe(false);
    expect(paymentOver({ status: 'PAID', paymentStatus: 'PAID' })).toBe(true);
    expect(paymentOver({ status: 'AUTHORIZED', paymentStatus: 'AUTHORIZED' })).toBe(true);
    expect(paymentOver({ status: 'COMPLETED', paymentStatus: 'PAID' })).toBe(true);
    expect(paymentOver({ status: 'CANCELED', paymentStatus: 'UNPAID' })).toBe(true);
    expect(paymentOver(null)).toBe(true);
  });
});

describe('idleLeftoverDisplay', () => {
  it('sets the display idle when it still shows a cart this window does not hold', async () => {
    const calls = service(cart);
    await idleLeftoverDisplay();
    await displaySettled();
    expect(puts(calls)).toEqual([{ phase: 'idle' }]);
  });

  it('sets nothing over an idle display or a thank-you', async () => {
    for (const state of [{ phase: 'idle' } as const, thanks]) {
      const calls = service(state);
      await idleLeftoverDisplay();
      expect(puts(calls)).toEqual([]);
    }
  });

  it('leaves a payment whose order is still to pay (the customer may be paying it), or cannot be read', async () => {
    for (const order of [{ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' }, 'down'] as const) {
      const calls = service(payment, order);
      await idleLeftoverDisplay();
      expect(calls.map((call) => `${call.method} ${call.path.split('/').slice(-2).join('/')}`)).toEqual([
        'GET display/front-7',
        `GET ticket/${ORDER_ID}`,
      ]);
    }
  });

  it('takes off a payment whose order is paid, or gone', async () => {
    for (const order of [{ status: 'COMPLETED', paymentStatus: 'PAID' }, null]) {
      const calls = service(payment, order);
      await idleLeftoverDisplay();
      await displaySettled();
      expect(puts(calls)).toEqual([{ phase: 'idle' }]);
    }
  });

  it('sets nothing when the cashier started selling while the display was read', async () => {
    const calls = service(cart);
    const reading = idleLeftoverDisplay();
    // The cart's own quote fails here (the fake knows no quote): the line is what counts.
    useCartStore().lines.push({ product: product({ name: 'a' }), quantity: 1 });
    await reading;
    await displaySettled();
    expect(puts(calls)).toEqual([]);
  });
});
