// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderUpdate, OrderUpdatePayment } from '../../../../shared/contracts/live.js';
import type { OrderPaymentStatus } from '../../../../shared/order-status.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const ORDER = queued({ orderNumber: 'AB23CD', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });

/**
 * The service as this register (front-7) sees it: one online order, packed, unpaid until a test
 * says its money came in (`state.payment`), from wherever it came.
 */
function fakeService() {
  const state = { calls: [] as Call[], payment: 'UNPAID' as OrderPaymentStatus };
  const ticket = (fulfillmentStatus: string) => ({
    orderId: ORDER.orderId,
    orderNumber: ORDER.orderNumber,
    status: fulfillmentStatus,
    fulfillmentStatus,
    paymentStatus: state.payment,
    source: 'online',
    customerId: 'c1',
    items: [],
    subTotal: '35.00',
    discount: '0.00',
    tierDiscount: '0.00',
    tax: '3.50',
    payByPoints: '0.00',
    total: '38.50',
    unavailableItems: [],
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    state.calls.push(call);
    const answer = (body: object) => new Response(JSON.stringify(body), { status: 200 });
    if (call.path.endsWith('/lend')) return answer({ resultCode: 'SUCCESS', lent: false });
    if (call.path.endsWith('/status')) return answer(ticket((call.body as { status: string }).status));
    if (call.path.endsWith(`/ticket/${ORDER.orderId}`)) return answer(ticket('PACKED_READY'));
    if (call.path.endsWith('/hand-over-check')) {
      return answer({ resultCode: 'SUCCESS', orderId: ORDER.orderId, allowed: true, reason: null });
    }
    if (call.path === '/v2.0/payments') return answer({ payments: [], nextCursor: null });
    if (call.path.endsWith('/pickup-queue'))
      return answer({ asOf: new Date().toISOString(), orders: [], truncated: false });
    return answer({ resultCode: 'SUCCESS' });
  });
  return state;
}

/** The live channel's news that the order is paid, naming the payment that paid it (or none). */
function paidUpdate(payment?: OrderUpdatePayment): OrderUpdate {
  return {
    orderId: ORDER.orderId,
    orderNumber: ORDER.orderNumber,
    status: 'PACKED_READY',
    paymentStatus: 'PAID',
    source: 'online',
    total: '38.50',
    createdAt: '2026-11-27T23:10:00.000Z',
    updatedAt: '2026-11-27T23:40:00.000Z',
    ...(payment ? { payment } : {}),
  };
}

const completions = (calls: Call[]) => calls.filter((call) => call.path.endsWith('/status'));
const displayed = (calls: Call[]) =>
  calls.filter((call) => call.path.endsWith('/display/front-7')).map((call) => (call.body as { phase: string }).phase);

/** This register opens the order and starts taking its payment `where`. */
async function paying(where: 'display' | 'pos') {
  const service = fakeService();
  const handOver = useHandOverStore();
  const checkout = useCheckoutStore();
  expect(await handOver.open(ORDER)).toBe(true);
  await handOver.proceed(where);
  expect(checkout.step).toBe(where);
  return { service, handOver, checkout };
}

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('two registers paying one online order at once', () => {
  it('says the order was paid at the register that took the card, and hands nothing over here', async () => {
    const { service, handOver, checkout } = await paying('display');
    // Register front-2 took the card; this register hears the order paid before (and without) any result of its own.
    service.payment = 'PAID';
    checkout.orderUpdated(paidUpdate({ paymentId: 'pay-2', terminalId: 'front-2', channel: 'pos' }));
    await vi.waitFor(() => expect(checkout.ticket?.paymentStatus).toBe('PAID'));
    await flushPromises();
    expect(checkout.step).toBe('review');
    expect(checkout.notice).toBe(
      'Order AB23CD was paid at register front-2 meanwhile: nothing more is taken here, and register front-2 hands it over.',
    );
    expect(completions(service.calls)).toEqual([]);
    // Nothing is offered here but going back: no hand-over, no payment.
    expect(handOver.need).toEqual({ kind: 'refused', why: checkout.notice });
    expect(handOver.paying).toBe(false);
    // The display's payment, waiting for a customer who paid elsewhere, ends.
    expect(displayed(service.calls).at(-1)).toBe('idle');
  });

  it('stops taking payment at once when the order is canceled meanwhile, and offers only going back', async () => {
    const { service, handOver, checkout } = await paying('pos');
    checkout.orderUpdated({ ...paidUpdate(), status: 'CANCELED', paymentStatus: 'UNPAID' });
    await flushPromises();
    expect(checkout.step).toBe('review');
    expect(checkout.notice).toBe(
      'Order AB23CD was canceled meanwhile: it takes no payment, and nothing is left to do here.',
    );
    expect(handOver.need).toEqual({ kind: 'refused', why: checkout.notice });
    expect(completions(service.calls)).toEqual([]);
  });

  it('hands the order over at the register whose own payment paid it, even when the live update comes first', async () => {
    const { service, checkout } = await paying('display');
    service.payment = 'PAID';
    checkout.orderUpdated(paidUpdate({ paymentId: 'pay-7', terminalId: 'front-7', channel: 'ffd' }));
    await vi.waitFor(() => expect(checkout.step).toBe('done'));
    expect(checkout.ticket?.status).toBe('COMPLETED');
    // Its own result, arriving after, hands nothing over twice.
    checkout.displayOutcome({ orderId: ORDER.orderId, outcome: 'approved', paymentId: 'pay-7' });
    await flushPromises();
    expect(completions(service.calls).map((call) => call.body)).toEqual([{ status: 'COMPLETED' }]);
  });

  it('leaves an update that names no payment to the register’s own result', async () => {
    const { service, checkout } = await paying('display');
    service.payment = 'PAID';
    checkout.orderUpdated(paidUpdate());
    await flushPromises();
    expect(checkout.step).toBe('display');
    expect(completions(service.calls)).toEqual([]);
    checkout.displayOutcome({ orderId: ORDER.orderId, outcome: 'approved', paymentId: 'pay-7' });
    await vi.waitFor(() => expect(checkout.step).toBe('done'));
    expect(completions(service.calls).map((call) => call.body)).toEqual([{ status: 'COMPLETED' }]);
  });

  it('says an order paid online while the counter took payment, stops, and offers the hand-over', async () => {
    const { service, handOver, checkout } = await paying('pos');
    service.payment = 'PAID';
    checkout.orderUpdated(paidUpdate({ paymentId: 'pay-web', terminalId: null, channel: 'ecommerce' }));
    await vi.waitFor(() => expect(checkout.ticket?.paymentStatus).toBe('PAID'));
    expect(checkout.step).toBe('review');
    expect(checkout.notice).toBe(
      'Order AB23CD was paid online meanwhile: nothing more is taken here. Hand it over when the customer is ready.',
    );
    expect(completions(service.calls)).toEqual([]);
    expect(handOver.paying).toBe(false);
    expect(handOver.need.kind).not.toBe('refused');
    // The counter's payment goes off the display, and the order, paid, shows there again.
    await vi.waitFor(() => expect(displayed(service.calls).slice(-2)).toEqual(['idle', 'cart']));
    await handOver.proceed('pos');
    expect(checkout.step).toBe('done');
    expect(completions(service.calls).map((call) => call.body)).toEqual([{ status: 'COMPLETED' }]);
  });

  it('offers no payment on an order under review once another register has paid it', async () => {
    const service = fakeService();
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    service.payment = 'PAID';
    checkout.orderUpdated(paidUpdate({ paymentId: 'pay-2', terminalId: 'front-2', channel: 'ffd' }));
    await vi.waitFor(() => expect(checkout.ticket?.paymentStatus).toBe('PAID'));
    expect(checkout.step).toBe('review');
    expect(handOver.need.kind).toBe('refused');
    expect(completions(service.calls)).toEqual([]);
    // The display showed the order under review; it goes: the register that took the money hands it over.
    expect(displayed(service.calls)).toEqual(['cart', 'idle']);
  });
});
