// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayRange } from '../../../../renderer/backoffice/logic/order-list.js';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders.js';
import { outcomeOf, useVirtualTerminalStore } from '../../../../renderer/backoffice/stores/virtual-terminal.js';
import { fakeService, refused, savedIn, saveTimeZone, signedIn, storeIn } from './fake-service.js';
import { heldService } from '../held-service.js';
import { useLiveStore } from '../../../../renderer/backoffice/stores/live.js';
import { liveChannel } from './live-channel.js';

const TICKETS = '/v2.0/dispensary/demo/ecommerce';
const ticket = (status: string) => ({ orderId: 'o-1', orderNumber: 'AB23CD', status, total: '9.10' });
const row = (orderNumber: string) => ({ orderId: `id-${orderNumber}`, orderNumber, status: 'PAID' });

/** The order's history once canceled, its cancel's step with the points it moved (none: left out). */
const canceledHistory = (points?: { takenBack: number; givenBack: number }) => ({
  body: {
    orderId: 'o-1',
    source: 'register',
    customerName: points ? 'Maria Garcia' : null,
    steps: [{ at: '2026-03-08T18:00:00.000Z', kind: 'status', from: 'AWAITING_PROCESSING', to: 'CANCELED', points }],
  },
});

beforeEach(() => signedIn(['payment:refund']));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A search for the paid orders, then one for the canceled ones, both answered when the test says. */
function paidThenCanceled() {
  const calls = heldService();
  const orders = useOrdersStore();
  orders.status = 'PAID';
  const paid = orders.search();
  orders.status = 'CANCELED';
  const canceled = orders.search();
  return { calls, orders, paid, canceled };
}

describe('orders', () => {
  it('take the time zone the store was just given in its settings as the screen opens again, its today too', async () => {
    // 07:00 UTC on Dec 2: still Dec 1 in Los Angeles, already Dec 2 in Auckland.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T07:00:00Z') });
    fakeService({
      'GET /v2.0/dispensary/demo': [storeIn('America/Los_Angeles'), storeIn('Pacific/Auckland')],
      'PUT /v2.0/dispensary/demo/setup/store': [savedIn('Pacific/Auckland')],
    });
    const orders = useOrdersStore();
    await orders.loadTimeZone();
    expect([orders.timeZone, orders.day]).toEqual(['America/Los_Angeles', '2026-12-01']);
    await saveTimeZone('Pacific/Auckland');
    await orders.loadTimeZone();
    expect([orders.timeZone, orders.day]).toEqual(['Pacific/Auckland', '2026-12-02']);
  });

  it('take a time zone changed elsewhere (another window, the command) once the live channel says so', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T07:00:00Z') });
    fakeService({ 'GET /v2.0/dispensary/demo': [storeIn('America/Los_Angeles'), storeIn('Pacific/Auckland')] });
    const live = liveChannel();
    const orders = useOrdersStore();
    await orders.loadTimeZone();
    useLiveStore().follow(false);
    try {
      live.send('store.changed', { fields: ['timezone'] });
      // Until the channel's event is read, the window's copy answers (Los Angeles); then the store is read again.
      await vi.waitFor(async () => {
        await orders.loadTimeZone();
        expect([orders.timeZone, orders.day]).toEqual(['Pacific/Auckland', '2026-12-02']);
      });
      expect(live.topics()).toContain('store');
    } finally {
      useLiveStore().stop();
    }
  });

  it('shows the orders of the status chosen last, when the answer for the one before comes after it', async () => {
    const { calls, orders, paid, canceled } = paidThenCanceled();
    expect(calls.map((call) => call.url.searchParams.get('status'))).toEqual(['PAID', 'CANCELED']);
    calls[1]!.answer({ body: { tickets: [{ ...row('C1'), status: 'CANCELED' }], nextCursor: null } });
    await canceled;
    calls[0]!.answer({ body: { tickets: [row('P1'), row('P2')], nextCursor: 'c2' } });
    await paid;
    expect(orders.rows.map((entry) => entry.orderNumber)).toEqual(['C1']);
    expect(orders.nextCursor).toBeNull();
  });

  it('keeps loading while the last search is on its way, and shows no failure of an earlier one', async () => {
    const { calls, orders, paid, canceled } = paidThenCanceled();
    calls[0]!.answer(refused(503, 'UNAVAILABLE', 'The service is busy.'));
    await paid;
    expect(orders.loading).toBe(true);
    expect(orders.error).toBe('');
    calls[1]!.answer({ body: { tickets: [{ ...row('C1'), status: 'CANCELED' }], nextCursor: null } });
    await canceled;
    expect(orders.loading).toBe(false);
    expect(orders.rows.map((entry) => entry.orderNumber)).toEqual(['C1']);
  });

  it('lists with the status and day filters, and "Load more" appends the next page by its cursor', async () => {
    const calls = fakeService({
      [`GET ${TICKETS}/tickets`]: [
        { body: { tickets: [row('A1'), row('A2')], nextCursor: 'c2' } },
        { body: { tickets: [row('A3')], nextCursor: null } },
      ],
    });
    const orders = useOrdersStore();
    orders.status = 'PAID';
    orders.day = '2026-03-08';
    await orders.search();
    await orders.search(true);

    const [first, second] = calls.map((call) => call.url.searchParams);
    expect(first!.get('status')).toBe('PAID');
    expect(first!.get('limit')).toBe('25');
    expect(first!.get('from')).toBe(dayRange('2026-03-08').from);
    expect(first!.get('to')).toBe(dayRange('2026-03-08').to);
    expect(first!.has('cursor')).toBe(false);
    expect(second!.get('cursor')).toBe('c2');
    expect(orders.rows.map((entry) => entry.orderNumber)).toEqual(['A1', 'A2', 'A3']);
    expect(orders.nextCursor).toBeNull();
  });

  it('opens an order by its number as typed, with its payments by ticketAlphaNumId', async () => {
    const calls = fakeService({
      [`GET ${TICKETS}/ticket/by-number/AB23CD`]: [{ body: ticket('PAID') }],
      'GET /v2.0/payments': [{ body: { payments: [{ id: 'p-1', status: 'approved' }], nextCursor: null } }],
    });
    const orders = useOrdersStore();
    await orders.open({ orderNumber: ' ab23cd ' });
    expect(orders.selected?.orderNumber).toBe('AB23CD');
    expect(orders.payments).toHaveLength(1);
    const payments = calls[1]!.url.searchParams;
    expect(payments.get('dispensaryShortName')).toBe('demo');
    expect(payments.get('ticketAlphaNumId')).toBe('AB23CD');
  });

  it("keeps a refused cancel's reason for the detail, not the list, and the order as it was", async () => {
    const reason = 'Order AB23CD has $9.10 paid: void or refund its payments before canceling the order.';
    fakeService({
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket('AWAITING_PROCESSING') }],
      'GET /v2.0/payments': [{ body: { payments: [], nextCursor: null } }],
      [`POST ${TICKETS}/ticket/o-1/cancel`]: [refused(409, 'CONFLICT', reason)],
    });
    const orders = useOrdersStore();
    await orders.open({ orderId: 'o-1' });
    await orders.cancel('Customer left');
    expect(orders.refusal).toBe(reason);
    expect(orders.error).toBe('');
    expect(orders.message).toBe('');
    expect(orders.selected?.status).toBe('AWAITING_PROCESSING');
    expect(orders.loading).toBe(false);
  });

  it('a cancel that goes through says so and reloads the list', async () => {
    fakeService({
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket('AWAITING_PROCESSING') }],
      'GET /v2.0/payments': [{ body: { payments: [], nextCursor: null } }],
      [`POST ${TICKETS}/ticket/o-1/cancel`]: [{ body: ticket('CANCELED') }],
      [`GET ${TICKETS}/tickets`]: [{ body: { tickets: [{ ...row('AB23CD'), status: 'CANCELED' }], nextCursor: null } }],
      [`GET ${TICKETS}/ticket/o-1/history`]: [canceledHistory()],
    });
    const orders = useOrdersStore();
    await orders.open({ orderId: 'o-1' });
    await orders.cancel('Customer left');
    expect(orders.selected?.status).toBe('CANCELED');
    expect(orders.message).toBe('Order AB23CD is canceled; its items are back in stock.');
    await vi.waitFor(() => expect(orders.rows).toHaveLength(1));
  });

  it("a cancel's message says what it gave back of the customer's points, as its history step does", async () => {
    fakeService({
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket('AWAITING_PROCESSING') }],
      'GET /v2.0/payments': [{ body: { payments: [], nextCursor: null } }],
      [`POST ${TICKETS}/ticket/o-1/cancel`]: [{ body: ticket('CANCELED') }],
      [`GET ${TICKETS}/tickets`]: [{ body: { tickets: [], nextCursor: null } }],
      [`GET ${TICKETS}/ticket/o-1/history`]: [canceledHistory({ takenBack: 0, givenBack: 120 })],
    });
    const orders = useOrdersStore();
    await orders.open({ orderId: 'o-1' });
    await orders.cancel('Customer left');
    expect(orders.message).toBe(
      'Order AB23CD is canceled; its items are back in stock. Loyalty: 120 points given back to Maria Garcia.',
    );
  });

  it('a live update changes a listed row in place, without asking the service', () => {
    fakeService({});
    const orders = useOrdersStore();
    orders.rows = [row('A1')] as typeof orders.rows;
    orders.updated({ orderId: 'id-A1', status: 'CANCELED' } as Parameters<typeof orders.updated>[0]);
    expect(orders.rows[0]!.status).toBe('CANCELED');
  });
});

describe('virtual terminal', () => {
  it('finds an order by number, and reads it again when a payment is approved', async () => {
    fakeService({
      [`GET ${TICKETS}/ticket/by-number/AB23CD`]: [{ body: ticket('AWAITING_PROCESSING') }],
      [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket('PAID') }],
    });
    const vt = useVirtualTerminalStore();
    await vt.lookUp('ab23cd');
    expect(vt.order?.status).toBe('AWAITING_PROCESSING');
    await vt.record({
      eventType: 'PAYMENT_APPROVED',
      userMessage: 'Payment approved',
      processorName: 'sandbox',
      paymentMethod: 'Credit',
      data: {} as never,
    });
    expect(vt.order?.status).toBe('PAID');
    expect(vt.result).toEqual({
      tone: 'good',
      title: 'Payment approved',
      detail: 'Payment approved for order AB23CD.',
    });
  });

  it('an unknown order number shows the service message', async () => {
    fakeService({
      [`GET ${TICKETS}/ticket/by-number/ZZ99`]: [refused(404, 'NOT_FOUND', 'no order ZZ99 at this dispensary')],
    });
    const vt = useVirtualTerminalStore();
    await vt.lookUp('zz99');
    expect(vt.order).toBeNull();
    expect(vt.error).toBe('no order ZZ99 at this dispensary');
  });

  it('says calmly how a payment ended, and nothing while it goes on', () => {
    const base = { processorName: 'sandbox', paymentMethod: 'Credit' as const };
    expect(
      outcomeOf({ ...base, eventType: 'PAYMENT_ERROR', userMessage: 'Declined: insufficient funds', data: {} }, 'X1'),
    ).toEqual({
      tone: 'bad',
      title: 'Payment not completed',
      detail: 'The payment did not go through: Declined: insufficient funds. You can try again.',
    });
    expect(outcomeOf({ ...base, eventType: 'PAYMENT_OPTION_SELECTED', data: { option: 'Credit' } }, 'X1')).toBeNull();
  });
});
