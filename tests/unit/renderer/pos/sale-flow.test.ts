// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** The service as the stores see it: answers by route, recording every call. */
function fakeService(answer: (call: Call) => unknown | Promise<unknown>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const result = await answer(call);
    if (result instanceof Error) throw result;
    return new Response(JSON.stringify(result), { status: 200 });
  });
  return calls;
}

const quoteOf = (items: { productId: string; quantity: number }[]) => ({
  items: items.map((item) => ({
    productId: item.productId,
    name: item.productId,
    brand: 'Brand',
    size: '1g',
    unitType: 'g',
    deli: false,
    quantity: item.quantity,
    priceSell: (item.quantity * 10).toFixed(2),
    discounts: [],
  })),
  subTotal: '10.00',
  discount: '0.00',
  tierDiscount: '0.00',
  tax: '2.00',
  payByPoints: '0.00',
  total: (items.reduce((sum, item) => sum + item.quantity * 10, 0) + 2).toFixed(2),
  unavailableItems: [],
  deals: [],
});

const ticketOf = (body: { items: { productId: string; quantity: number }[] }) => ({
  ...quoteOf(body.items),
  orderId: '0190a4c2-0000-7000-8000-000000000001',
  orderNumber: 'AB23CD',
  status: 'AWAITING_PROCESSING',
});

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('cart', () => {
  it('quotes after changes, coalescing those made while a quote is in flight, and mirrors the last cart', async () => {
    let release = () => {};
    const calls = fakeService((call) => {
      const body = call.body as { items: { productId: string; quantity: number }[] };
      if (call.path.endsWith('/ticket/quote')) {
        return new Promise((resolve) => (release = () => resolve(quoteOf(body.items))));
      }
      return { display: {} };
    });
    const cart = useCartStore();
    cart.add(product({ name: 'a' }));
    cart.add(product({ name: 'b' }));
    cart.add(product({ name: 'a' }));
    release();
    await vi.waitFor(() => expect(calls.filter((call) => call.path.endsWith('/quote'))).toHaveLength(2));
    release();
    await cart.settled();
    const quotes = calls.filter((call) => call.path.endsWith('/quote'));
    expect(quotes[1]!.body).toEqual({
      type: 'PICKUP',
      items: [
        { productId: 'id-a', quantity: 2 },
        { productId: 'id-b', quantity: 1 },
      ],
    });
    expect(quotes[1]!.headers).toMatchObject({ client_id: 'spc_t', client_secret: 'sps_t', authorization: 'Bearer t' });
    const display = calls.filter((call) => call.method === 'PUT');
    expect(display.at(-1)!.path).toBe('/v2.0/dispensary/demo/display/front-7');
    expect(display.at(-1)!.body).toMatchObject({ phase: 'cart', totals: { total: 3200 } });
    expect(cart.quote?.total).toBe('32.00');
  });
});

describe('checkout', () => {
  it('retries a failed ticket creation with the same Idempotency-Key, and a changed cart gets a new one', async () => {
    let failNext = true;
    const calls = fakeService((call) => {
      const body = call.body as { items: { productId: string; quantity: number }[] };
      if (call.path.endsWith('/ticket/quote')) return quoteOf(body.items);
      if (call.path.endsWith('/ticket') && call.method === 'POST') {
        if (failNext) return new TypeError('network down');
        return ticketOf(body);
      }
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    await checkout.start('display');
    expect(checkout.notice).toBe('The service cannot be reached. Check that it is running.');
    expect(checkout.step).toBe('cart');
    await checkout.start('display');
    cart.add(product({ name: 'b' }));
    failNext = false;
    await checkout.start('display');

    const creates = calls.filter((call) => call.path.endsWith('/ticket') && call.method === 'POST');
    const keys = creates.map((call) => call.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(checkout.step).toBe('display');
    const handedOver = calls.filter((call) => call.method === 'PUT').at(-1)!.body;
    expect(handedOver).toMatchObject({
      phase: 'payment',
      payment: { orderNumber: 'AB23CD', amount: 2200, employeeReferenceId: 'E1' },
    });
  });

  it('ends the sale only when the service reads the order back settled, with the change of its payments', async () => {
    let status = 'AWAITING_PROCESSING';
    const calls = fakeService((call) => {
      const body = call.body as { items: { productId: string; quantity: number }[] };
      if (call.path.endsWith('/ticket/quote')) return quoteOf(body.items);
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(body);
      if (call.path.includes('/ticket/') && call.method === 'GET') {
        const paymentStatus = status === 'PAID' ? 'PAID' : 'UNPAID';
        return { ...ticketOf({ items: [{ productId: 'id-a', quantity: 1 }] }), status, paymentStatus };
      }
      if (call.path === '/v2.0/payments') {
        return { payments: [{ status: 'approved', changeDue: 800, cashbackAmount: 0 }], nextCursor: null };
      }
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    await checkout.start('display');
    const orderId = checkout.ticket!.orderId;

    checkout.displayOutcome({ orderId, outcome: 'approved' });
    await vi.waitFor(() => expect(checkout.notice).toContain('balance'));
    expect(checkout.step).toBe('display');

    status = 'PAID';
    checkout.orderUpdated({
      orderId,
      orderNumber: 'AB23CD',
      status: 'PAID',
      paymentStatus: 'PAID',
      source: 'register',
      total: '12.00',
      createdAt: '',
      updatedAt: '',
    });
    await vi.waitFor(() => expect(checkout.step).toBe('done'));
    expect(checkout.changeDue).toBe(800);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toEqual({
      phase: 'thanks',
      orderNumber: 'AB23CD',
      total: 1200,
      changeDue: 800,
    });
  });

  it('lists a split sale’s payments on the done screen in the order they were taken', async () => {
    const cash = { id: 'p-cash', status: 'approved', method: 'Cash', changeDue: 0, cashbackAmount: 0 };
    const card = { id: 'p-card', status: 'approved', method: 'Credit', changeDue: 0, cashbackAmount: 0 };
    fakeService((call) => {
      const body = call.body as { items: { productId: string; quantity: number }[] };
      if (call.path.endsWith('/ticket/quote')) return quoteOf(body.items);
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(body);
      if (call.path.includes('/ticket/') && call.method === 'GET') {
        return { ...ticketOf({ items: [{ productId: 'id-a', quantity: 1 }] }), status: 'PAID', paymentStatus: 'PAID' };
      }
      // The service lists an order's payments newest first: the card paid the rest after the cash.
      if (call.path === '/v2.0/payments') return { payments: [card, cash], nextCursor: null };
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    await checkout.start('pos');
    await checkout.confirm();
    expect(checkout.step).toBe('done');
    expect(checkout.payments.map((payment) => payment.id)).toEqual(['p-cash', 'p-card']);
  });

  it('a sale that owes nothing ends at once: no payment is asked, the display thanks the customer', async () => {
    const calls = fakeService((call) => {
      const body = call.body as { items: { productId: string; quantity: number }[] };
      // Reward dollars cover it all: the quote says so, and the ticket is made paid.
      const covered = { total: '0.00', payByPoints: '-12.00' };
      if (call.path.endsWith('/ticket/quote')) return { ...quoteOf(body.items), ...covered };
      const paid = { status: 'COMPLETED', paymentStatus: 'PAID', ...covered };
      if (call.path.endsWith('/ticket') && call.method === 'POST') return { ...ticketOf(body), ...paid };
      if (call.path.includes('/ticket/') && call.method === 'GET') {
        return { ...ticketOf({ items: [{ productId: 'id-a', quantity: 1 }] }), ...paid };
      }
      if (call.path === '/v2.0/payments') return { payments: [], nextCursor: null };
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    await checkout.start('display');
    expect(checkout.step).toBe('done');
    expect(checkout.notice).toBe('');
    const displayed = calls
      .filter((call) => call.method === 'PUT')
      .map((call) => (call.body as { phase: string }).phase);
    expect(displayed).not.toContain('payment');
    expect(displayed.at(-1)).toBe('thanks');
  });
});
