// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * The display states the POS sets, in order, for a sale the service prices with `discount` and
 * `tierDiscount`, its reward dollars covering the rest: paid as it is made, it ends at once.
 */
function paidSale(discount: string, tierDiscount = '0.00'): { method: string; body: unknown }[] {
  const calls: { method: string; body: unknown }[] = [];
  const line = { productId: 'id-a', name: 'a', brand: 'B', size: '1g', unitType: 'g', deli: false, quantity: 1 };
  const sale = {
    items: [{ ...line, priceSell: '24.00', discounts: [] }],
    subTotal: '30.00',
    discount,
    tierDiscount,
    tax: '0.00',
    payByPoints: '-24.00',
    total: '0.00',
    unavailableItems: [],
    orderId: '0190a4c2-0000-7000-8000-000000000001',
    orderNumber: 'AB23CD',
    status: 'COMPLETED',
    paymentStatus: 'PAID',
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url).pathname;
    calls.push({ method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer =
      path === '/v2.0/payments' ? { payments: [], nextCursor: null } : path.includes('/ticket') ? sale : {};
    return new Response(JSON.stringify({ display: {}, ...answer }), { status: 200 });
  });
  return calls;
}

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe("the display's thank-you", () => {
  it('carries what the discounts saved, so a display reloaded on it still says it', async () => {
    const calls = paidSale('-4.00', '-2.00');
    useCartStore().add(product({ name: 'a' }));
    await useCheckoutStore().start('display');
    expect(useCheckoutStore().step).toBe('done');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({
      phase: 'thanks',
      orderNumber: 'AB23CD',
      total: 0,
      changeDue: 0,
      saved: 600,
    });
  });

  it('says nothing of savings when the sale had no discount', async () => {
    const calls = paidSale('0.00');
    useCartStore().add(product({ name: 'a' }));
    await useCheckoutStore().start('display');
    const thanks = calls.filter((call) => call.method === 'PUT').at(-1)!.body;
    expect(thanks).toMatchObject({ phase: 'thanks', orderNumber: 'AB23CD' });
    expect(thanks).not.toHaveProperty('saved');
  });
});
