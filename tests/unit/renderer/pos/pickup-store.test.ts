// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderUpdate } from '../../../../shared/contracts/live.js';
import type { OrderHistory } from '../../../../shared/contracts/order-history.js';
import type { QueueOrder } from '../../../../shared/contracts/pickup.js';
import type { LinkStatus } from '../../../../shared/contracts/registers.js';
import { usePickupStore } from '../../../../renderer/pos/stores/pickup.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

/** The notes the register played, through a stand-in for the browser's Web Audio (happy-dom has none). */
const sound = { notes: 0 };
/** Chimes heard: two notes each. */
const chimes = () => sound.notes / 2;
class RecordingAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createGain() {
    return {
      gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
      connect: (to: object) => to,
    };
  }
  createOscillator() {
    return {
      type: '',
      frequency: { value: 0 },
      connect: (to: object) => to,
      start: () => (sound.notes += 1),
      stop: () => undefined,
    };
  }
}
// Set before any chime: the chime keeps its first audio context, and a module shared with other files
// (their workers keep modules) is never replaced by a mock, so the real chime plays into this one.
vi.stubGlobal('AudioContext', RecordingAudioContext);

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The service as the store sees it: the queue it answers now, every call recorded, reads held on demand. */
function fakeService() {
  const state = {
    queue: [] as QueueOrder[],
    calls: [] as Call[],
    refuse: null as { status: number; detail: string } | null,
    hold: null as Promise<void> | null,
    /** What the queue's answer says besides its orders (an attached register's `current`, `atServer`). */
    answer: {} as Record<string, unknown>,
    /** An order's history as the service answers it (its steps and customer), for what a cancel moved. */
    history: { customerName: null, steps: [] } as Pick<OrderHistory, 'customerName' | 'steps'>,
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    state.calls.push(call);
    if (call.method === 'GET' && call.path.endsWith('/history')) {
      return new Response(JSON.stringify({ resultCode: 'SUCCESS', resultReason: null, ...state.history }));
    }
    if (call.method === 'GET') {
      await state.hold;
      const body = { resultCode: 'SUCCESS', resultReason: null, asOf: new Date().toISOString(), truncated: false };
      return new Response(JSON.stringify({ ...body, ...state.answer, orders: state.queue }), { status: 200 });
    }
    if (state.refuse) {
      const { status, detail } = state.refuse;
      const failure = { resultCode: 'FAIL', resultReason: 'ILLEGAL_TRANSITION', resultDetail: detail };
      return new Response(JSON.stringify(failure), { status });
    }
    if (call.path.endsWith('/printer/print')) {
      const printed = {
        resultCode: 'SUCCESS',
        resultReason: null,
        printed: true,
        configured: true,
        drawerOpened: false,
      };
      return new Response(JSON.stringify(printed), { status: 200 });
    }
    return new Response(JSON.stringify({ resultCode: 'SUCCESS' }), { status: 200 });
  });
  const reads = () => state.calls.filter((call) => call.method === 'GET').length;
  return { state, reads };
}

const update = (source: OrderUpdate['source']): OrderUpdate => ({
  orderId: 'id-NEW111',
  orderNumber: 'NEW111',
  status: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  source,
  total: '38.50',
  createdAt: '2026-11-27T23:10:00.000Z',
  updatedAt: '2026-11-27T23:10:00.000Z',
});

beforeEach(() => {
  localStorage.clear();
  sound.notes = 0;
  signedInCashier();
});

describe("the register's pickup queue", () => {
  it("reads the queue again on an online order's change, not on a register sale's", async () => {
    const { state, reads } = fakeService();
    const pickup = usePickupStore();
    await pickup.reload();
    expect(pickup.count.open).toBe(0);
    state.queue = [queued({ orderNumber: 'NEW111' })];
    pickup.orderUpdated(update('register'));
    expect(reads()).toBe(1);
    pickup.orderUpdated(update('online'));
    await vi.waitFor(() => expect(pickup.count.open).toBe(1));
    expect(reads()).toBe(2);
    expect(state.calls[0]!.path).toBe('/v2.0/dispensary/demo/ecommerce/pickup-queue');
  });

  it('reads once more, not once per change, for a burst of changes during a read', async () => {
    const { state, reads } = fakeService();
    const pickup = usePickupStore();
    let release = () => {};
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const first = pickup.reload();
    for (let index = 0; index < 20; index += 1) pickup.orderUpdated(update('online'));
    state.queue = [queued({ orderNumber: 'NEW111' })];
    release();
    await first;
    await vi.waitFor(() => expect(pickup.count.open).toBe(1));
    expect(reads()).toBe(2);
  });

  it("says a refused move's words beside its order and reads the queue again", async () => {
    const { state, reads } = fakeService();
    const order = queued({ orderNumber: 'NEW111' });
    state.queue = [order];
    const pickup = usePickupStore();
    await pickup.reload();
    state.refuse = { status: 409, detail: 'order NEW111 is already being picked by sam' };
    state.queue = [{ ...order, fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS', picker: 'sam' }];
    expect(await pickup.move(order, 'IN_PROCESS')).toBe(false);
    expect(pickup.notes[order.orderId]).toEqual({
      orderNumber: 'NEW111',
      sentence: 'Order NEW111 is already being picked by sam.',
    });
    expect(state.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/status`,
      body: { status: 'IN_PROCESS' },
    });
    expect(reads()).toBe(2);
    expect(pickup.groups[1]!.orders.map((queuedOrder) => queuedOrder.picker)).toEqual(['sam']);
    expect(pickup.busy).toEqual({});
    // The next try clears what was said.
    state.refuse = null;
    await pickup.move(pickup.orders[0]!, 'PACKED_READY');
    expect(pickup.notes).toEqual({});
  });

  it("prints a packed order's bag label on this register's printer and says so", async () => {
    const { state } = fakeService();
    const order = queued({ orderNumber: 'NEW111', fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS' });
    const pickup = usePickupStore();
    expect(await pickup.move(order, 'PACKED_READY')).toBe(true);
    expect(state.calls.filter((call) => call.method === 'POST')).toMatchObject([
      { path: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/status`, body: { status: 'PACKED_READY' } },
      { path: '/v2.0/dispensary/demo/registers/front-7/printer/print', body: { bagLabel: { orderId: order.orderId } } },
    ]);
    expect(pickup.done).toBe('Order NEW111 packed; its bag label printed.');
    // The line stays while the order waits for its customer, and goes once it is handed over.
    state.queue = [{ ...order, fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' }];
    await pickup.reload();
    expect(pickup.done).toBe('Order NEW111 packed; its bag label printed.');
    state.queue = [];
    await pickup.reload();
    expect(pickup.done).toBe('');
  });

  it('cancels with the reason given', async () => {
    const { state } = fakeService();
    const order = queued({ orderNumber: 'NEW111' });
    const pickup = usePickupStore();
    expect(await pickup.cancel(order, 'Customer called to cancel')).toBe(true);
    expect(state.calls[0]).toMatchObject({
      method: 'POST',
      path: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/cancel`,
      body: { reason: 'Customer called to cancel' },
    });
    expect(pickup.done).toBe('Order NEW111 canceled; its items go back on the shelf.');
  });

  it("says after a cancel what it moved of the customer's points, as the order's history step says it", async () => {
    const { state } = fakeService();
    const order = queued({ orderNumber: 'NEW111' });
    const step = { at: '', kind: 'status', from: 'AWAITING_PROCESSING', to: 'CANCELED', method: null, amount: null };
    state.history = {
      customerName: 'Maria Garcia',
      steps: [
        { ...step, reason: 'Customer called', details: '', by: 'Casey', points: { takenBack: 0, givenBack: 200 } },
      ],
    } as Pick<OrderHistory, 'customerName' | 'steps'>;
    const pickup = usePickupStore();
    expect(await pickup.cancel(order, 'Customer called')).toBe(true);
    expect(state.calls.map((call) => call.path)).toContain(
      `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/history`,
    );
    expect(pickup.done).toBe(
      'Order NEW111 canceled; its items go back on the shelf. Loyalty: 200 points given back to Maria Garcia.',
    );
  });

  it('says nothing of points after a refused cancel, and reads no history for it', async () => {
    const { state } = fakeService();
    state.refuse = { status: 409, detail: 'order NEW111 holds $10.00: void it first' };
    const pickup = usePickupStore();
    expect(await pickup.cancel(queued({ orderNumber: 'NEW111' }), 'Customer called')).toBe(false);
    expect(state.calls.some((call) => call.path.endsWith('/history'))).toBe(false);
    expect(pickup.done).toBe('');
    expect(pickup.notes['id-NEW111']?.sentence).toBe('Order NEW111 holds $10.00: void it first.');
  });

  it('chimes, when turned on, for a new order after the first read only', async () => {
    const { state } = fakeService();
    state.queue = [queued({ orderNumber: 'OLD111' })];
    const pickup = usePickupStore();
    await pickup.reload();
    expect(chimes()).toBe(0);
    state.queue = [...state.queue, queued({ orderNumber: 'NEW222' })];
    await pickup.reload();
    expect(chimes()).toBe(0);
    pickup.setChime(true); // plays it once, so the cashier hears what it sounds like
    expect(chimes()).toBe(1);
    expect(localStorage.getItem('servicepay-pickup-chime')).toBe('on');
    state.queue = [...state.queue, queued({ orderNumber: 'NEW333' })];
    await pickup.reload();
    expect(chimes()).toBe(2);
    await pickup.reload();
    expect(chimes()).toBe(2);
  });

  it("on an attached register: the last list, not current, blocks the card's moves and its hand-over", async () => {
    const { state } = fakeService();
    state.queue = [queued({ orderNumber: 'NEW111' })];
    state.answer = { current: true, atServer: true };
    const pickup = usePickupStore();
    await pickup.reload();
    expect(pickup).toMatchObject({ current: true, atServer: true, moveBlocked: null, handOverBlocked: null });
    state.answer = { current: false, asOf: '2026-11-27T17:05:00.000Z', atServer: true };
    await pickup.reload();
    expect(pickup.current).toBe(false);
    expect(pickup.asOf).toBe('2026-11-27T17:05:00.000Z');
    expect(pickup.moveBlocked).toBe('Waits for the store server: it does not answer, and the order is kept there.');
    expect(pickup.handOverBlocked).toBe(pickup.moveBlocked);
    expect(pickup.orders).toHaveLength(1);
  });

  it('reads the queue again when the register starts or stops hearing its store server, not at every link update', async () => {
    const { reads } = fakeService();
    const pickup = usePickupStore();
    await pickup.reload();
    const link = (reachable: boolean, ordersLive: boolean): LinkStatus => ({
      serverUrl: 'https://store.example',
      name: 'front-7',
      reachable,
      since: null,
      problem: null,
      refused: false,
      refreshedAt: null,
      dispensaryId: 'd',
      waiting: { sales: 0, changes: 0 },
      ordersLive,
    });
    pickup.linkChanged(link(true, true));
    expect(reads()).toBe(1);
    pickup.linkChanged(link(false, false));
    await vi.waitFor(() => expect(reads()).toBe(2));
    pickup.linkChanged(link(false, false));
    pickup.linkChanged(link(true, false));
    pickup.linkChanged(link(true, true));
    await vi.waitFor(() => expect(reads()).toBe(3));
    pickup.linkChanged(link(true, true));
    expect(reads()).toBe(3);
  });
});
