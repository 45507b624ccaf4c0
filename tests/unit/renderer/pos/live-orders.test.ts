// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoreInfo } from '../../../../renderer/common/store-info.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { useOrdersStore, withUpdate, type TodayOrder } from '../../../../renderer/pos/stores/orders.js';
import type { OrderUpdate } from '../../../../shared/contracts/live.js';
import { signedInCashier } from './signed-in.js';

/**
 * The POS window on the live channel's `store.changed`: it reads the store again, so its times are
 * in the store's new time zone and "today" is the store's new day, without reopening the window.
 * And its list of today's orders, read on every (re)connect and told of each order's change by the
 * channel: whichever of the two comes later, the list shows each order's latest news.
 */
interface FakeService {
  store: { name: string; timezone: string };
  /** The `from` of each read of today's orders. */
  ordersFrom: string[];
  /** Sends a frame on the open live stream. */
  send: (frame: string) => void;
  /** Ends the open live stream (the connection dropped). */
  end: () => void;
  /** Resolves the next read of today's orders. */
  ordersRead: () => void;
  /** What the next reads of today's orders answer. */
  tickets: TodayOrder[];
  /** Held until it resolves, the answer of the next read of today's orders (made when it was asked). */
  held: Promise<void> | null;
}
const service: FakeService = {
  store: { name: 'Green Valley', timezone: 'America/Los_Angeles' },
  ordersFrom: [],
  send: () => undefined,
  end: () => undefined,
  ordersRead: () => undefined,
  tickets: [],
  held: null,
};

function answer(path: string, search: URLSearchParams): unknown {
  if (path.endsWith('/catalog/categories')) return { categories: [] };
  if (path.endsWith('/catalog')) return { items: [], nextCursor: null };
  if (path.endsWith('/ecommerce/tickets')) {
    service.ordersFrom.push(search.get('from')!);
    queueMicrotask(service.ordersRead);
    return { tickets: service.tickets, nextCursor: null };
  }
  if (path.endsWith('/pickup-queue')) return { orders: [], asOf: new Date().toISOString() };
  const { name, timezone } = service.store;
  return { dispensary: { name, timezone, address: { street: '1 Main St', city: 'Mesa', state: 'AZ', zip: '85201' } } };
}

/** A live stream the test writes frames into. */
function liveStream(): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      service.send = (frame) => controller.enqueue(encoder.encode(frame));
      service.end = () => controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** The next read of today's orders. */
const nextOrdersRead = () => new Promise<void>((resolve) => (service.ordersRead = resolve));

beforeEach(() => {
  forgetStoreInfo();
  signedInCashier();
  Object.assign(service, {
    store: { name: 'Green Valley', timezone: 'America/Los_Angeles' },
    ordersFrom: [],
    tickets: [],
    held: null,
  });
  // 07:30 UTC on Dec 2: still Dec 1 in Los Angeles, already Dec 2 in New York.
  vi.useFakeTimers({ now: new Date('2026-12-02T07:30:00Z'), toFake: ['Date'] });
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url);
    if (parsed.pathname.endsWith('/live')) return liveStream();
    const body = JSON.stringify({
      resultCode: 'SUCCESS',
      resultReason: null,
      ...(answer(parsed.pathname, parsed.searchParams) as object),
    });
    const held = parsed.pathname.endsWith('/ecommerce/tickets') ? service.held : null;
    if (held) service.held = null;
    await held;
    return new Response(body);
  });
});
afterEach(() => {
  useOrdersStore().stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the POS window when the store’s settings change', () => {
  it('follows a new time zone and name: the store read again, then the orders of its new today', async () => {
    const catalog = useCatalogStore();
    await catalog.load();
    expect(catalog.timeZone).toBe('America/Los_Angeles');
    const orders = useOrdersStore();
    const first = nextOrdersRead();
    orders.follow();
    await first;
    // Midnight of Dec 1 in Los Angeles.
    expect(service.ordersFrom).toEqual(['2026-12-01T08:00:00.000Z']);

    service.store = { name: 'Green Valley East', timezone: 'America/New_York' };
    const again = nextOrdersRead();
    service.send(`event: store.changed\ndata: ${JSON.stringify({ fields: ['name', 'timezone'] })}\n\n`);
    await again;
    expect(catalog.timeZone).toBe('America/New_York');
    expect(catalog.storeName).toBe('Green Valley East');
    // Midnight of Dec 2 in New York: the store's today moved with its zone.
    expect(service.ordersFrom).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-02T05:00:00.000Z']);
  });

  it('reads the store again when the channel comes back: a change may have been missed meanwhile', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-02T07:30:00Z'), toFake: ['Date', 'setTimeout'] });
    const catalog = useCatalogStore();
    await catalog.load();
    const first = nextOrdersRead();
    useOrdersStore().follow();
    await first;
    service.store = { name: 'Green Valley', timezone: 'America/New_York' };
    const again = nextOrdersRead();
    service.end();
    // The channel tries again after its first backoff (a quarter second).
    await vi.advanceTimersByTimeAsync(250);
    await again;
    expect(catalog.timeZone).toBe('America/New_York');
    expect(service.ordersFrom).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-02T05:00:00.000Z']);
  });

  it('keeps what it shows when the store cannot be read again', async () => {
    const catalog = useCatalogStore();
    await catalog.load();
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    await catalog.refreshStore();
    expect(catalog.timeZone).toBe('America/Los_Angeles');
    expect(catalog.storeName).toBe('Green Valley');
  });
});

/** An order of today as the list and the channel tell it. */
function order(
  orderId: string,
  status: OrderUpdate['status'],
  updatedAt: string,
  createdAt = '2026-12-02T06:00:00.000Z',
): OrderUpdate {
  return {
    orderId,
    orderNumber: `10${orderId}`,
    status,
    paymentStatus: status === 'PAID' ? 'PAID' : 'UNPAID',
    source: 'register',
    total: '12.00',
    createdAt,
    updatedAt,
  };
}

/** Holds the answer of the next read of today's orders; the function returned sends it. */
function holdNextRead(): () => void {
  let release = () => {};
  service.held = new Promise<void>((resolve) => (release = resolve));
  return release;
}

describe('today’s orders on the POS', () => {
  const placed = order('1', 'AWAITING_PROCESSING', '2026-12-02T07:00:00.000Z');
  const paid = order('1', 'PAID', '2026-12-02T07:01:00.000Z');
  const statuses = () => useOrdersStore().orders.map((shown) => shown.status);

  it('keeps each order’s latest news, newest order first, whatever order the news arrives in', () => {
    const other = order('2', 'AWAITING_PROCESSING', '2026-12-02T07:02:00.000Z', '2026-12-02T07:02:00.000Z');
    expect(withUpdate([placed], paid)).toEqual([paid]);
    expect(withUpdate([paid], placed)).toEqual([paid]);
    expect(withUpdate([paid], other)).toEqual([other, paid]);
    const many = Array.from({ length: 25 }, (_, at) =>
      order(`x${at}`, 'AWAITING_PROCESSING', '2026-12-02T06:00:00.000Z', `2026-12-02T06:${String(at + 10)}:00.000Z`),
    );
    expect(withUpdate(many, other)).toHaveLength(25);
    expect(withUpdate(many, other)[0]).toBe(other);
  });

  it('a read that answers after the channel told of a payment does not show the order unpaid again', async () => {
    await useCatalogStore().load();
    const orders = useOrdersStore();
    // The read's answer is made before the payment, and arrives after the channel's news of it.
    service.tickets = [placed];
    const release = holdNextRead();
    const asked = nextOrdersRead();
    const reading = orders.load();
    await asked;
    orders.orderUpdated(paid);
    expect(statuses()).toEqual(['PAID']);
    release();
    await reading;
    expect(statuses()).toEqual(['PAID']);
  });

  it('a read asked earlier that answers after a later one leaves the later one’s list', async () => {
    await useCatalogStore().load();
    const orders = useOrdersStore();
    service.tickets = [placed];
    const release = holdNextRead();
    const asked = nextOrdersRead();
    const earlier = orders.load();
    await asked;
    service.tickets = [paid];
    await orders.load();
    expect(statuses()).toEqual(['PAID']);
    release();
    await earlier;
    expect(statuses()).toEqual(['PAID']);
  });
});

describe('today’s orders say what each one’s payments hold', () => {
  const listed = { ...order('1', 'AWAITING_PROCESSING', '2026-12-02T07:00:00.000Z'), paid: '0.00', refunded: '0.00' };

  it('news of an order keeps what the list said it holds (the news does not carry it)', () => {
    const picked = order('1', 'IN_PROCESS', '2026-12-02T07:05:00.000Z');
    expect(withUpdate([listed], picked)).toEqual([{ ...picked, paid: '0.00', refunded: '0.00' }]);
  });

  it('news of a part payment (no move) reads the list again: the order reads partly paid', async () => {
    await useCatalogStore().load();
    const orders = useOrdersStore();
    service.tickets = [listed];
    await orders.load();
    service.tickets = [{ ...listed, paid: '5.00' }];
    const again = nextOrdersRead();
    orders.orderUpdated(order('1', 'AWAITING_PROCESSING', '2026-12-02T07:00:00.000Z'));
    await again;
    await vi.waitFor(() => expect(orders.orders[0]).toMatchObject({ paid: '5.00' }));
    expect(service.ordersFrom).toHaveLength(2);
  });
});
