// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { RefundPoints } from '../../../../shared/contracts/refund-points.js';
import {
  cancelAskWords,
  rewardKeptWords,
  saleCanceledWords,
} from '../../../../renderer/pos/logic/sale-cancel-words.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useSaleCancelStore } from '../../../../renderer/pos/stores/sale-cancel.js';
import { useUnfinishedSaleStore } from '../../../../renderer/pos/stores/unfinished-sale.js';
import { historyStep, ORDER_ID, unpaidTicket } from '../order-fixture.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/** The register's sale with $2.00 of reward dollars (payByPoints), made an order and not paid. */
const ticket = unpaidTicket({ payByPoints: '2.00', total: '41.14' });

/** The unpaid order's points as its cancel weighs them: 200 spent on its reward dollars, nothing earned. */
const SPENT: RefundPoints = {
  resultCode: 'SUCCESS',
  resultReason: null,
  customer: 'Maria',
  sale: { earned: null, spent: 200, chargedCents: 0, refundedCents: 0, refunds: [], lines: [], excludedTypes: [] },
  expired: 0,
};
const NONE: RefundPoints = { resultCode: 'SUCCESS', resultReason: null, customer: null, sale: null, expired: 0 };

/** The history's step to Canceled of an order whose cancel gave Maria's 200 points back. */
const CANCELED_HISTORY = {
  resultCode: 'SUCCESS',
  resultReason: null,
  orderId: ORDER_ID,
  source: 'register',
  customerName: 'Maria Garcia',
  steps: [historyStep({ points: { takenBack: 0, givenBack: 200 } })],
};

/** The service: `points` answers the refund-points read (null: it fails); every call recorded. */
function fakeService(points: () => RefundPoints | null) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', path: new URL(url).pathname };
    calls.push(call);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (call.path.endsWith('/refund-points')) {
      const read = points();
      return read ? json(read) : json({ resultCode: 'FAIL', resultReason: 'UNAVAILABLE', resultDetail: 'down' }, 503);
    }
    if (call.path.endsWith('/history'))
      return json(points()?.sale ? CANCELED_HISTORY : { ...CANCELED_HISTORY, steps: [] });
    if (call.path === '/v2.0/payments') return json({ payments: [], nextCursor: null });
    if (call.path.endsWith('/ticket') && call.method === 'POST') return json(ticket);
    if (call.path.endsWith(`/ticket/${ORDER_ID}`)) return json(ticket);
    if (call.path.endsWith('/ticket/quote')) return json({ ...ticket, items: [] });
    return json({ resultCode: 'SUCCESS' });
  });
  const cancels = () => calls.filter((call) => call.path.endsWith('/cancel'));
  return { calls, cancels };
}

/** The cart's sale with $2.00 of reward dollars, its order made and being paid here. */
async function saleBeingPaid(): Promise<void> {
  const cart = useCartStore();
  cart.add(product({ name: 'a' }));
  cart.rewardDollars = 2;
  await useCheckoutStore().start('pos');
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  signedInCashier();
});

describe("the words of a cancel of the register's own unpaid sale", () => {
  it('say what the cancel does, back to the cart or for good', () => {
    expect(cancelAskWords('cart', 'AB23CD')).toBe(
      'Order AB23CD is canceled and its lines go back to the cart, to change them and pay again.',
    );
    expect(cancelAskWords('order', 'AB23CD')).toBe(
      'Order AB23CD is canceled and its items go back in stock. This cannot be undone.',
    );
  });

  it('say the reward dollars the cart keeps (back to the cart only, and only when typed)', () => {
    expect(rewardKeptWords('cart', 200)).toBe(
      ' The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.',
    );
    expect(rewardKeptWords('cart', 0)).toBe('');
    expect(rewardKeptWords('order', 200)).toBe('');
  });

  it("say after the cancel what it moved of the customer's points, and nothing of them when it moved none", () => {
    expect(saleCanceledWords('order', 'AB23CD', '', 0)).toBe('Order AB23CD is canceled; its items are back in stock.');
    expect(saleCanceledWords('order', 'AB23CD', '200 points given back to Maria Garcia', 0)).toBe(
      'Order AB23CD is canceled; its items are back in stock. Loyalty: 200 points given back to Maria Garcia.',
    );
    expect(saleCanceledWords('cart', 'AB23CD', '200 points given back to Maria Garcia', 200)).toBe(
      'Order AB23CD is canceled; its lines are back in the cart. Loyalty: 200 points given back to Maria Garcia. The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.',
    );
  });
});

describe('"Cancel order, back to cart"', () => {
  it('cancels at once when the order moves no points: no confirm, nothing said of points', async () => {
    const { cancels } = fakeService(() => NONE);
    await saleBeingPaid();
    const saleCancel = useSaleCancelStore();
    await saleCancel.backToCart();
    expect(saleCancel.asked).toBeNull();
    expect(cancels()).toHaveLength(1);
    expect(useCheckoutStore().step).toBe('cart');
    expect(saleCancel.said).toBe('');
  });

  it('asks first when it gives points back, saying how many and what the cart keeps; kept, nothing is canceled', async () => {
    const { cancels } = fakeService(() => SPENT);
    await saleBeingPaid();
    const saleCancel = useSaleCancelStore();
    await saleCancel.backToCart();
    expect(saleCancel.asked).toEqual({
      title: 'Cancel order AB23CD?',
      message: 'Order AB23CD is canceled and its lines go back to the cart, to change them and pay again.',
      points:
        "Maria's points: canceling the order gives back 200 spent on it. The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.",
      confirm: 'Cancel order, back to cart',
      keep: 'Keep paying',
    });
    expect(cancels()).toHaveLength(0);
    saleCancel.keep();
    expect(saleCancel.asked).toBeNull();
    expect(cancels()).toHaveLength(0);
    expect(useCheckoutStore().step).toBe('pos');
  });

  it('once confirmed, cancels and says in the cart what it gave back, until the next order', async () => {
    const { cancels } = fakeService(() => SPENT);
    await saleBeingPaid();
    const saleCancel = useSaleCancelStore();
    await saleCancel.backToCart();
    await saleCancel.confirm();
    expect(cancels()).toHaveLength(1);
    expect(useCheckoutStore().step).toBe('cart');
    expect(saleCancel.said).toBe(
      'Order AB23CD is canceled; its lines are back in the cart. Loyalty: 200 points given back to Maria Garcia. The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.',
    );
    await useCheckoutStore().start('pos');
    expect(saleCancel.said).toBe('');
  });

  it('closes its confirm when the sale is paid meanwhile (on the display): nothing is canceled', async () => {
    const { cancels } = fakeService(() => SPENT);
    await saleBeingPaid();
    const saleCancel = useSaleCancelStore();
    await saleCancel.backToCart();
    expect(saleCancel.asked).not.toBeNull();
    useCheckoutStore().step = 'done';
    await nextTick();
    expect(saleCancel.asked).toBeNull();
    await saleCancel.confirm();
    expect(cancels()).toHaveLength(0);
  });

  it('cancels at once when the points cannot be read (they inform; the cancel does not need them)', async () => {
    const { cancels } = fakeService(() => null);
    await saleBeingPaid();
    await useSaleCancelStore().backToCart();
    expect(useSaleCancelStore().asked).toBeNull();
    expect(cancels()).toHaveLength(1);
  });
});

describe('the sale left being paid, taken again and canceled', () => {
  it('asks first when it gives points back, and says after what it gave back', async () => {
    const { cancels } = fakeService(() => SPENT);
    const unfinished = useUnfinishedSaleStore();
    await unfinished.takeRest({ orderId: ORDER_ID, orderNumber: 'AB23CD' });
    expect(useCheckoutStore().owner?.kind).toBe('unfinished');
    await unfinished.cancelTaken();
    const saleCancel = useSaleCancelStore();
    expect(saleCancel.asked?.message).toBe(
      'Order AB23CD is canceled and its items go back in stock. This cannot be undone.',
    );
    expect(saleCancel.asked?.points).toBe("Maria's points: canceling the order gives back 200 spent on it.");
    expect(saleCancel.asked?.confirm).toBe('Cancel order AB23CD');
    expect(cancels()).toHaveLength(0);
    await saleCancel.confirm();
    expect(cancels()).toHaveLength(1);
    expect(useCheckoutStore().ticket).toBeNull();
    expect(unfinished.said).toBe(
      'Order AB23CD is canceled; its items are back in stock. Loyalty: 200 points given back to Maria Garcia.',
    );
  });

  it('cancels at once with no points moved, as before', async () => {
    const { cancels } = fakeService(() => NONE);
    const unfinished = useUnfinishedSaleStore();
    await unfinished.takeRest({ orderId: ORDER_ID, orderNumber: 'AB23CD' });
    await unfinished.cancelTaken();
    expect(useSaleCancelStore().asked).toBeNull();
    expect(cancels()).toHaveLength(1);
    expect(unfinished.said).toBe('Order AB23CD is canceled; its items are back in stock.');
  });
});
