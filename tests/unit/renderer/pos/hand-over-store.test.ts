// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPaymentStatus } from '../../../../shared/order-status.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { usePickupStore } from '../../../../renderer/pos/stores/pickup.js';
import { useRegisterViewStore } from '../../../../renderer/pos/stores/register-view.js';
import { product } from './fixtures.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const ORDER = queued({ orderNumber: 'AB23CD', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });

/**
 * The service as the stores see it: one online order, packed, paid as `payment` says; a refusal of
 * its completion, or of its hand-over check, on demand.
 */
function fakeService(payment: OrderPaymentStatus) {
  const state = {
    calls: [] as Call[],
    refuse: '',
    checkRefuses: '',
    lendRefuses: '',
    payments: [] as object[],
    /** Where the order stands when read (another register may have handed it over meanwhile). */
    stage: 'PACKED_READY',
    /** The points of the order's customer, while the store runs a programme (null: it runs none). */
    points: null as number | null,
  };
  const ticket = (fulfillmentStatus: string) => ({
    orderId: ORDER.orderId,
    orderNumber: ORDER.orderNumber,
    status: fulfillmentStatus,
    fulfillmentStatus,
    paymentStatus: payment,
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
    const answer = (body: object, status = 200) => new Response(JSON.stringify(body), { status });
    if (call.path.endsWith('/lend')) {
      if (state.lendRefuses) {
        return answer({ resultCode: 'FAIL', resultReason: 'CONFLICT', resultDetail: state.lendRefuses }, 409);
      }
      return answer({ resultCode: 'SUCCESS', lent: true, expiresAt: '2026-11-27T17:20:00.000Z' });
    }
    if (call.path.endsWith('/status')) {
      if (state.refuse) {
        return answer({ resultCode: 'FAIL', resultReason: 'PURCHASE_LIMIT', resultDetail: state.refuse }, 409);
      }
      return answer(ticket((call.body as { status: string }).status));
    }
    if (call.path.endsWith(`/ticket/${ORDER.orderId}`)) return answer(ticket(state.stage));
    if (call.path.endsWith('/hand-over-check')) {
      const refused = state.checkRefuses || null;
      return answer({ resultCode: 'SUCCESS', orderId: ORDER.orderId, allowed: !refused, reason: refused });
    }
    if (call.path === '/v2.0/payments') return answer({ payments: state.payments, nextCursor: null });
    if (call.path.endsWith('/customers/c1/loyalty')) {
      const enabled = state.points !== null;
      return answer({ resultCode: 'SUCCESS', loyalty: { enabled, points: state.points ?? 0, entries: [] } });
    }
    if (call.path.endsWith('/pickup-queue'))
      return answer({ asOf: new Date().toISOString(), orders: [], truncated: false });
    return answer({ resultCode: 'SUCCESS' });
  });
  return state;
}

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('handing over an online order at the counter', () => {
  it('refuses in words while a sale is in the cart, which is kept', async () => {
    const service = fakeService('PAID');
    const cart = useCartStore();
    cart.add(product({ name: 'a' }));
    const handOver = useHandOverStore();
    expect(await handOver.open(ORDER)).toBe(false);
    expect(handOver.problem).toBe('Finish or clear the current sale first, then hand over order AB23CD.');
    expect(cart.lines).toHaveLength(1);
    expect(useCheckoutStore().step).toBe('cart');
    expect(service.calls.some((call) => call.path.includes(`/ticket/${ORDER.orderId}`))).toBe(false);
  });

  it('hands over a paid order without a payment step, completing it on the service', async () => {
    const service = fakeService('PAID');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    expect(await handOver.open(ORDER)).toBe(true);
    expect(checkout.step).toBe('review');
    expect(handOver.paying).toBe(false);
    await handOver.proceed('pos');
    expect(checkout.step).toBe('done');
    expect(checkout.ticket?.status).toBe('COMPLETED');
    const moves = service.calls.filter((call) => call.path.endsWith('/status')).map((call) => call.body);
    expect(moves).toEqual([{ status: 'COMPLETED' }]);
  });

  it('hands over an order paid in cash before with no change to hand and no drawer to open for it', async () => {
    const service = fakeService('PAID');
    // Paid at another register: $50.00 handed for $38.50, its $11.50 change given there.
    const cash = { id: 'p-cash', status: 'approved', method: 'Cash', originalAmount: 3850, chargedAmount: 3850 };
    service.payments = [{ ...cash, tenderedAmount: 5000, changeDue: 1150, cashbackAmount: 0 }];
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    await handOver.proceed('pos');
    expect(checkout.step).toBe('done');
    expect(checkout.payments.map((payment) => payment.id)).toEqual(['p-cash']);
    expect([...checkout.earlier]).toEqual(['p-cash']);
    expect(checkout.takenHere).toEqual([]);
    expect(checkout.changeDue).toBe(0);
  });

  it("says the service's refusal of the completion and stays on the order", async () => {
    const service = fakeService('PAID');
    service.refuse =
      'California allows 28.5 g of cannabis a day: this takes the customer to 31.5 g (28.5 g daily limit)';
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    await handOver.proceed('pos');
    expect(checkout.step).toBe('review');
    expect(checkout.notice).toBe(`${service.refuse}.`);
  });

  it('handed over at another register meanwhile: says so and offers no Hand over again', async () => {
    const service = fakeService('PAID');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    service.refuse = 'Order AB23CD is already picked up';
    service.stage = 'COMPLETED';
    await handOver.proceed('pos');
    const words = 'Order AB23CD was picked up at another register meanwhile: nothing is left to do here.';
    expect(checkout.notice).toBe(words);
    expect(handOver.need).toEqual({ kind: 'refused', why: words });
    expect(checkout.ticket?.fulfillmentStatus).toBe('COMPLETED');
  });

  it('takes an unpaid order to the payment, and goes back to the tab without canceling it', async () => {
    const service = fakeService('UNPAID');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    expect(handOver.paying).toBe(true);
    await handOver.proceed('pos');
    expect(checkout.step).toBe('pos');
    await checkout.cancelSale();
    expect(checkout.step).toBe('cart');
    expect(useRegisterViewStore().view).toBe('pickup');
    expect(service.calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
  });

  it('goes back to the tab at once: the drawer opened while the display is told stays open', async () => {
    fakeService('UNPAID');
    const checkout = useCheckoutStore();
    const views = useRegisterViewStore();
    await useHandOverStore().open(ORDER);
    const going = checkout.cancelSale();
    expect(views.view).toBe('pickup');
    views.show('drawer');
    await going;
    expect(views.view).toBe('drawer');
  });

  it("asks before taking an unpaid order's money: a refusal is said and no payment is taken", async () => {
    const service = fakeService('UNPAID');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    await handOver.open(ORDER);
    expect(checkout.notice).toBe('');
    // The customer bought elsewhere while the cashier was reading the order out.
    service.checkRefuses = 'California allows 28.5 g of cannabis a day (28.5 g daily limit)';
    await handOver.proceed('pos');
    expect(checkout.step).toBe('review');
    expect(checkout.notice).toBe(`${service.checkRefuses}.`);
    expect(handOver.need).toEqual({ kind: 'refused', why: `${service.checkRefuses}.` });
    const checks = service.calls.filter((call) => call.path.endsWith('/hand-over-check'));
    expect(checks).toHaveLength(2);
    expect(service.calls.some((call) => call.path.startsWith('/v2.0/payments/'))).toBe(false);
    // Opened again once refused: said at once.
    await checkout.cancelSale();
    await handOver.open(ORDER);
    expect(checkout.notice).toBe(`${service.checkRefuses}.`);
  });

  it('takes the order over before reading it, and gives it back when the cashier goes back unpaid', async () => {
    const service = fakeService('UNPAID');
    const handOver = useHandOverStore();
    const checkout = useCheckoutStore();
    expect(await handOver.open(ORDER)).toBe(true);
    const paths = service.calls.map((call) => `${call.method} ${call.path.replace(/^.*\/ticket\//, '')}`);
    expect(paths.slice(0, 2)).toEqual([`POST ${ORDER.orderId}/lend`, `GET ${ORDER.orderId}`]);
    await checkout.cancelSale();
    await vi.waitFor(() => expect(service.calls.some((call) => call.path.endsWith('/give-back'))).toBe(true));
    expect(service.calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
  });

  it("says in the service's words why the order is not taken over (another register has it) and opens nothing", async () => {
    const service = fakeService('UNPAID');
    service.lendRefuses = 'order AB23CD is being handed over at register front-2 (by sam)';
    const handOver = useHandOverStore();
    expect(await handOver.open(ORDER)).toBe(false);
    expect(handOver.problem).toBe('Order AB23CD is being handed over at register front-2 (by sam).');
    expect(useCheckoutStore().step).toBe('cart');
    expect(service.calls.some((call) => call.method === 'GET' && call.path.endsWith(`/ticket/${ORDER.orderId}`))).toBe(
      false,
    );
    expect(service.calls.some((call) => call.path.endsWith('/give-back'))).toBe(false);
  });

  it('waits while an attached register does not hear its store server, which lends the order', async () => {
    const service = fakeService('PAID');
    const pickup = usePickupStore();
    pickup.current = false;
    const handOver = useHandOverStore();
    expect(await handOver.open(ORDER)).toBe(false);
    expect(handOver.problem).toBe(
      'Order AB23CD is not handed over here. Waits for the store server: it does not answer, and the order is kept there.',
    );
    expect(useCheckoutStore().step).toBe('cart');
    expect(service.calls.some((call) => call.path.includes(`/ticket/${ORDER.orderId}`))).toBe(false);
  });
});

describe('the pole display while an online order is handed over', () => {
  const shown = (calls: Call[]) =>
    calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/display/front-7')).map((call) => call.body);

  it("shows the order as a cart while it is reviewed, greeting its customer with her points, and keeps them at the counter's payment", async () => {
    const service = fakeService('UNPAID');
    service.points = 500;
    const handOver = useHandOverStore();
    await handOver.open(ORDER);
    const cart = { phase: 'cart', lines: [], customerName: 'Ada', customerPoints: 500 };
    expect(shown(service.calls)).toEqual([
      expect.objectContaining({ ...cart, totals: expect.objectContaining({ total: 3850 }) }),
    ]);
    await handOver.proceed('pos');
    expect(useCheckoutStore().step).toBe('pos');
    expect(shown(service.calls).at(-1)).toEqual(expect.objectContaining(cart));
  });

  it('greets without points where the store runs no programme', async () => {
    const service = fakeService('PAID');
    await useHandOverStore().open(ORDER);
    const [state] = shown(service.calls);
    expect(state).toEqual(expect.objectContaining({ phase: 'cart', customerName: 'Ada' }));
    expect(state).not.toHaveProperty('customerPoints');
  });

  it('goes back to the welcome when the cashier goes back to the online orders', async () => {
    const service = fakeService('PAID');
    await useHandOverStore().open(ORDER);
    await useCheckoutStore().cancelSale();
    expect(shown(service.calls).at(-1)).toEqual({ phase: 'idle' });
  });
});
