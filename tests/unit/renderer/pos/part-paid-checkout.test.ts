// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { useOrderBalanceStore } from '../../../../renderer/pos/stores/order-balance.js';
import { product } from './fixtures.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
}

/** The service as the stores see it, answering by route (null: a plain success) and recording every call. */
function fakeService(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url);
    const call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: parsed.search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return new Response(JSON.stringify(answer(call) ?? { resultCode: 'SUCCESS' }), { status: 200 });
  });
  return calls;
}

const lastDisplay = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').at(-1)?.body;

const ORDER = queued({ orderNumber: 'SH67B2', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });

const payment = (status: string, originalAmount: number) => ({
  status,
  originalAmount,
  changeDue: 0,
  cashbackAmount: 0,
});

/**
 * Online order SH67B2, $29.58, $29.07 of it taken in cash and a card for $0.51 declined; `taken`
 * are payments made elsewhere since (another register, a paylink).
 */
function partPaidOrder(taken: ReturnType<typeof payment>[] = []): Call[] {
  const ticket = {
    orderId: ORDER.orderId,
    orderNumber: 'SH67B2',
    status: 'PACKED_READY',
    fulfillmentStatus: 'PACKED_READY',
    paymentStatus: 'UNPAID',
    source: 'online',
    customerId: null,
    items: [],
    subTotal: '26.41',
    discount: '0.00',
    tierDiscount: '0.00',
    tax: '3.17',
    payByPoints: '0.00',
    total: '29.58',
    unavailableItems: [],
  };
  return fakeService((call) => {
    if (call.path.endsWith('/lend')) return { resultCode: 'SUCCESS', lent: false };
    if (call.path.endsWith(`/ticket/${ORDER.orderId}`)) return ticket;
    if (call.path.endsWith('/hand-over-check')) return { orderId: ORDER.orderId, allowed: true, reason: null };
    if (call.path === '/v2.0/payments') {
      return { payments: [payment('approved', 2907), payment('declined', 51), ...taken], nextCursor: null };
    }
    if (call.path.endsWith('/pickup-queue')) return { asOf: new Date().toISOString(), orders: [], truncated: false };
    return null;
  });
}

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('an online order paid in part, opened again at the counter', () => {
  it('reads what its payments hold for the review and again for each payment attempt, asking only what is due', async () => {
    const calls = partPaidOrder();
    const reads = () => calls.filter((call) => call.path === '/v2.0/payments');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    expect(await handOver.open(ORDER)).toBe(true);
    expect(useOrderBalanceStore().balance).toEqual({ total: 2958, paid: 2907, pending: 0, due: 51 });
    expect(reads()).toHaveLength(1);
    expect(reads()[0]!.query).toContain('ticketAlphaNumId=SH67B2');

    await handOver.proceed('pos');
    expect(checkout.step).toBe('pos');
    expect(checkout.amountDue).toBe(51);
    expect(reads()).toHaveLength(2);

    await checkout.payWhere('display');
    expect(reads()).toHaveLength(3);
    expect(lastDisplay(calls)).toMatchObject({ phase: 'payment', payment: { orderNumber: 'SH67B2', amount: 51 } });
  });

  it('counts a payment made elsewhere between the review and the payment', async () => {
    const taken: ReturnType<typeof payment>[] = [];
    const calls = partPaidOrder(taken);
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    expect(useOrderBalanceStore().balance?.due).toBe(51);
    taken.push(payment('approved', 30));

    await handOver.proceed('display');
    expect(checkout.amountDue).toBe(21);
    expect(lastDisplay(calls)).toMatchObject({ phase: 'payment', payment: { amount: 21 } });
  });

  it("says a decline on the display with what is left to pay, in words, never the service's codes", async () => {
    partPaidOrder();
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    await handOver.proceed('display');
    checkout.displayOutcome({ orderId: ORDER.orderId, outcome: 'declined', message: 'Declined: insufficient funds' });
    expect(checkout.notice).toBe(
      'Declined: insufficient funds. $0.51 left to pay. The customer can try again or choose another way to pay.',
    );
  });

  it('says a payment over the balance due from the figures the refusal carries', async () => {
    partPaidOrder();
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    await handOver.proceed('display');
    checkout.displayOutcome({
      orderId: ORDER.orderId,
      outcome: 'error',
      message: 'originalAmount (51 cents) is more than the balance due of order SH67B2 (21 cents)',
      details: { balanceDue: 21, requestedAmount: 51 },
    });
    expect(checkout.notice).toBe(
      'Order SH67B2 has $0.21 left to pay, not $0.51: part of it is paid already. Take the payment again. ' +
        'The customer can try again or choose another way to pay.',
    );
  });
});

describe('a sale whose stock ran short between the cart and the ticket', () => {
  it('shows the order as it was made: the cart takes its units and total, the notice names the line', async () => {
    const kush = product({ name: 'Trial Kush', productId: 'p-kush', quantityAvailable: 20 });
    const priced = (quantity: number, total: string) => ({
      items: [
        {
          productId: 'p-kush',
          name: 'Trial Kush',
          brand: 'Brand',
          size: '1g',
          unitType: 'g',
          deli: false,
          quantity,
          originalQuantity: 20,
          priceSell: (quantity * 40).toFixed(2),
          discounts: [],
        },
      ],
      subTotal: (quantity * 40).toFixed(2),
      discount: '0.00',
      tierDiscount: '0.00',
      tax: '0.00',
      payByPoints: '0.00',
      total,
      manualDiscounts: [],
    });
    const calls = fakeService((call) => {
      if (call.path.endsWith('/ticket/quote')) return { ...priced(20, '986.00'), unavailableItems: [] };
      if (call.path.endsWith('/ticket') && call.method === 'POST') {
        return {
          ...priced(15, '739.50'),
          orderId: '0190a4c2-0000-7000-8000-000000000009',
          orderNumber: 'TK15OK',
          status: 'AWAITING_PROCESSING',
          paymentStatus: 'UNPAID',
          unavailableItems: [
            { productId: 'p-kush', requestedQuantity: 20, availableQuantity: 15, reason: 'INSUFFICIENT_STOCK' },
          ],
        };
      }
      return null;
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(kush, 20);
    await cart.settled();
    expect(cart.quote?.total).toBe('986.00');

    await checkout.start('display');
    expect(checkout.step).toBe('display');
    expect(cart.lines.map((line) => line.quantity)).toEqual([15]);
    expect(cart.quote?.total).toBe('739.50');
    expect(checkout.amountDue).toBe(73950);
    expect(checkout.notice).toContain('Trial Kush: 15 of 20 — only 15 were in stock');
    expect(lastDisplay(calls)).toMatchObject({
      phase: 'payment',
      lines: [{ quantity: 15 }],
      totals: { total: 73950 },
      payment: { amount: 73950 },
    });
    // The sale owes nothing yet: its payments were not asked for (none can exist).
    expect(calls.some((call) => call.path === '/v2.0/payments')).toBe(false);
  });
});
