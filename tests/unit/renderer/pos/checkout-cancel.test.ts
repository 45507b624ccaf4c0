// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelHeldWords } from '../../../../renderer/pos/logic/cancel-offer.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useOrderBalanceStore } from '../../../../renderer/pos/stores/order-balance.js';
import { ORDER_ID, unpaidTicket } from '../order-fixture.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
}

const REFUSAL = 'Order AB23CD has $10.00 paid: void or refund its payments before canceling the order.';

const ticket = unpaidTicket();

/**
 * The service of a $43.14 sale: `paid` says what its payments hold now (cents approved), and the
 * cancel is refused while they hold any, as the service's guard does.
 */
function fakeService(paid: () => number): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', path: new URL(url).pathname };
    calls.push(call);
    if (call.path.endsWith('/cancel') && paid() > 0) {
      const body = { resultCode: 'FAIL', resultReason: 'CONFLICT', resultDetail: REFUSAL };
      return new Response(JSON.stringify(body), { status: 409 });
    }
    if (call.path === '/v2.0/payments') {
      const payments =
        paid() > 0 ? [{ status: 'approved', originalAmount: paid(), changeDue: 0, cashbackAmount: 0 }] : [];
      return new Response(JSON.stringify({ payments, nextCursor: null }));
    }
    if (call.path.endsWith('/ticket') && call.method === 'POST') return new Response(JSON.stringify(ticket));
    if (call.path.endsWith('/ticket/quote')) return new Response(JSON.stringify({ ...ticket, items: [] }));
    return new Response(JSON.stringify({ resultCode: 'SUCCESS' }));
  });
  return calls;
}

const update = (paymentId?: string) => ({
  orderId: ORDER_ID,
  orderNumber: 'AB23CD',
  status: 'AWAITING_PROCESSING' as const,
  paymentStatus: 'UNPAID' as const,
  source: 'register' as const,
  total: '43.14',
  createdAt: '',
  updatedAt: '',
  ...(paymentId ? { payment: { paymentId, terminalId: 'front-7', channel: 'pos' as const } } : {}),
});

const cancels = (calls: Call[]) => calls.filter((call) => call.path.endsWith('/cancel'));

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('the cancel once part of the sale is paid', () => {
  it('is not offered: the words say what is paid and what to do instead', () => {
    expect(cancelHeldWords(null)).toBeNull();
    expect(cancelHeldWords({ paid: 0 })).toBeNull();
    expect(cancelHeldWords({ paid: 1000 })).toBe(
      '$10.00 is paid, so it cannot be canceled until a manager voids that payment in the back office.',
    );
  });

  it('sends no cancel while the order holds money it knows of', async () => {
    const calls = fakeService(() => 1000);
    const checkout = useCheckoutStore();
    useCartStore().add(product({ name: 'a' }));
    await checkout.start('pos');
    await useOrderBalanceStore().read(checkout.ticket!);
    await checkout.cancelSale();
    expect(cancels(calls)).toEqual([]);
    expect(checkout.step).toBe('pos');
  });

  it('says a refusal for money taken meanwhile as a sentence, and reads what the order holds so the cancel gives way', async () => {
    let paid = 0;
    const calls = fakeService(() => paid);
    const checkout = useCheckoutStore();
    useCartStore().add(product({ name: 'a' }));
    await checkout.start('pos');
    paid = 1000;
    await checkout.cancelSale();
    expect(cancels(calls)).toHaveLength(1);
    expect(checkout.notice).toBe(REFUSAL);
    expect(checkout.step).toBe('pos');
    await vi.waitFor(() => expect(cancelHeldWords(useOrderBalanceStore().balance)).not.toBeNull());
  });

  it('follows a payment of the order voided elsewhere: the cancel is offered again and goes through', async () => {
    let paid = 1000;
    const calls = fakeService(() => paid);
    const checkout = useCheckoutStore();
    const balance = useOrderBalanceStore();
    useCartStore().add(product({ name: 'a' }));
    await checkout.start('pos');
    await balance.read(checkout.ticket!);
    // An update naming no payment (a move) reads nothing.
    checkout.orderUpdated(update());
    expect(calls.filter((call) => call.path === '/v2.0/payments')).toHaveLength(1);

    paid = 0;
    checkout.orderUpdated(update('p-1'));
    await vi.waitFor(() => expect(balance.balance?.paid).toBe(0));
    await checkout.cancelSale();
    expect(cancels(calls)).toHaveLength(1);
    expect(checkout.step).toBe('cart');
  });
});
