// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, ref, watch } from 'vue';
import type { ProductStock } from '../../../../shared/contracts/live.js';
import { forgetStoreInfo } from '../../../../renderer/common/store-info.js';
import { quantityRule } from '../../../../renderer/pos/logic/quantity-rule.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { useOrdersStore } from '../../../../renderer/pos/stores/orders.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * The POS catalog and the store's stock as it moves: an online order, another register's sale, a
 * hand-over. The live channel's `stock.changed` names the products and their figures; the tiles, the
 * in-stock-first search and a cart line's quantity limit follow without reading the catalog again.
 */
const DIAMONDS = 'p-diamonds';
const PREROLL = 'p-preroll';

/** The store as the fake service answers it now, and what the POS asked of it. */
interface FakeService {
  stock: Map<string, number>;
  /** Reads of the whole catalog (its pages). */
  catalogReads: number;
  /** Held until resolved: the answer of the next catalog page (made when it was asked). */
  held: Promise<void> | null;
  /** Sends a frame on the open live stream. */
  send: (frame: string) => void;
  /** Ends the open live stream (the connection dropped). */
  end: () => void;
}
const service: FakeService = {
  stock: new Map(),
  catalogReads: 0,
  held: null,
  send: () => undefined,
  end: () => undefined,
};

function catalogPage() {
  service.catalogReads += 1;
  const names: [string, string][] = [
    [DIAMONDS, 'THCa Diamonds'],
    [PREROLL, 'Blue Dream Pre-Roll'],
  ];
  const items = names.map(([productId, name]) => {
    const left = service.stock.get(productId)!;
    const barcodes = productId === DIAMONDS ? '850001' : '';
    return product({ productId, name, barcodes, type: 'CONCENTRATE', quantityAvailable: left, inStock: left > 0 });
  });
  return { items, nextCursor: null };
}

function answer(path: string): unknown {
  if (path.endsWith('/catalog/categories')) return { categories: [{ type: 'CONCENTRATE', count: 2 }] };
  if (path.endsWith('/catalog')) return catalogPage();
  if (path.endsWith('/ecommerce/tickets')) return { tickets: [], nextCursor: null };
  if (path.endsWith('/pickup-queue')) return { orders: [], asOf: new Date().toISOString() };
  return {
    dispensary: { name: 'Green Valley', timezone: 'UTC', address: { street: '', city: '', state: '', zip: '' } },
  };
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

beforeEach(() => {
  forgetStoreInfo();
  signedInCashier();
  Object.assign(service, {
    stock: new Map([
      [DIAMONDS, 7],
      [PREROLL, 58],
    ]),
    catalogReads: 0,
    held: null,
  });
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname;
    if (path.endsWith('/live')) return liveStream();
    const body = JSON.stringify({ resultCode: 'SUCCESS', resultReason: null, ...(answer(path) as object) });
    const held = path.endsWith('/catalog') ? service.held : null;
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

/** Resolves the next time `read` answers something else (an awaited change, not a poll). */
function nextChange<T>(read: () => T): Promise<T> {
  return new Promise((resolve) => {
    const stop = watch(read, (value) => {
      stop();
      resolve(value);
    });
  });
}

/** The tile the search shows for a product. */
const tile = (productId: string) => useCatalogStore().results.find((shown) => shown.productId === productId)!;

/** What the service tells when a product's stock moved (`left` available). */
function tell(productId: string, left: number): void {
  const figures: ProductStock = { productId, quantityOnHand: 7, quantityAvailable: left, inStock: left > 0 };
  service.send(`event: stock.changed\ndata: ${JSON.stringify({ products: [figures] })}\n\n`);
}

/** The POS as after sign-in: the catalog read, the live channel open (which reads the catalog again). */
async function signedIn() {
  const catalog = useCatalogStore();
  await catalog.load();
  const read = nextChange(() => catalog.index);
  useOrdersStore().follow();
  await read;
  // Once more, after that read is over: nothing is read behind the test from here on.
  await catalog.refresh();
  return catalog;
}

describe('the POS catalog as the store’s stock moves', () => {
  it('follows an online order: the tile and a cart line’s limit, without reading the catalog again', async () => {
    const catalog = await signedIn();
    expect(tile(DIAMONDS)).toMatchObject({ quantityAvailable: 7, inStock: true });
    // Scanned into the sale: a cart line holds the product as the cart holds it (in its reactive lines).
    const lines = ref([{ product: catalog.index.byCode('850001')!, quantity: 1 }]);
    const limit = computed(() => quantityRule(lines.value[0]!.product).max);
    expect(limit.value).toBe(7);
    const reads = service.catalogReads;

    // 5 of the 7 ordered online.
    const moved = nextChange(() => tile(DIAMONDS).quantityAvailable);
    tell(DIAMONDS, 2);
    expect(await moved).toBe(2);
    expect(limit.value).toBe(2);
    expect(quantityRule(tile(DIAMONDS)).maxReason).toBe('Only 2 in stock.');
    expect(tile(PREROLL).quantityAvailable).toBe(58);
    expect(service.catalogReads).toBe(reads);
  });

  it('shows a product sold out after the ones in stock, as a fresh search would', async () => {
    const catalog = await signedIn();
    expect(catalog.results.map((shown) => shown.productId)).toEqual([DIAMONDS, PREROLL]);
    const order = nextChange(() => catalog.results.map((shown) => shown.productId));
    tell(DIAMONDS, 0);
    expect(await order).toEqual([PREROLL, DIAMONDS]);
    expect(tile(DIAMONDS).inStock).toBe(false);
  });

  it('keeps a cart line following the stock after the catalog is read again', async () => {
    const catalog = await signedIn();
    const lines = ref([{ product: tile(PREROLL), quantity: 1 }]);
    // A manager changed a product: the whole catalog is read again.
    const read = nextChange(() => catalog.index);
    service.send(`event: catalog.changed\ndata: ${JSON.stringify({ productIds: [] })}\n\n`);
    await read;
    const moved = nextChange(() => lines.value[0]!.product.quantityAvailable);
    tell(PREROLL, 56);
    expect(await moved).toBe(56);
    expect(tile(PREROLL).quantityAvailable).toBe(56);
  });

  it('lays stock told while the catalog is read over the read’s answer, which may predate it', async () => {
    const catalog = await signedIn();
    let answerRead = () => {};
    service.held = new Promise<void>((resolve) => (answerRead = resolve));
    const read = catalog.refresh();
    // The read's answer says 58 left (read before the sale), and arrives after the channel told of it.
    const told = nextChange(() => tile(PREROLL).quantityAvailable);
    tell(PREROLL, 56);
    expect(await told).toBe(56);
    answerRead();
    await read;
    expect(tile(PREROLL).quantityAvailable).toBe(56);
  });

  it('reads the whole catalog once at a time however many ask, and again when the channel comes back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const catalog = await signedIn();
    const before = service.catalogReads;
    await Promise.all([catalog.refresh(), catalog.refresh(), catalog.refresh()]);
    // One read, and one more asked while it ran (it may have been read before the last change).
    expect(service.catalogReads).toBe(before + 2);

    // The channel drops; a sale meanwhile is not told; the channel back, the catalog is read again.
    const read = nextChange(() => catalog.index);
    service.end();
    service.stock.set(DIAMONDS, 3);
    await vi.advanceTimersByTimeAsync(250);
    await read;
    expect(tile(DIAMONDS).quantityAvailable).toBe(3);
  });
});
