// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { nextTick } from 'vue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueOrder } from '../../../../shared/contracts/pickup.js';
import type { CatalogProduct } from '../../../../renderer/pos/logic/catalog-product.js';
import { CatalogIndex } from '../../../../renderer/pos/logic/catalog-index.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { usePickingStore } from '../../../../renderer/pos/stores/picking.js';
import { usePickupStore } from '../../../../renderer/pos/stores/pickup.js';
import { line, queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

/** The service as the stores see it: the queue it answers, and every call that changes something. */
function fakeService(queue: QueueOrder[]) {
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET') {
      const body = { resultCode: 'SUCCESS', resultReason: null, asOf: new Date().toISOString(), truncated: false };
      return new Response(JSON.stringify({ ...body, current: true, atServer: false, orders: queue }), { status: 200 });
    }
    posts.push({ path: new URL(url).pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ resultCode: 'SUCCESS', total: '38.50' }), { status: 200 });
  });
  return posts;
}

const jar = line({
  lineIndex: 1,
  productId: '0190a4c2-0000-7000-8000-000000000030',
  brand: 'Stash Supply',
  name: 'Smell-Proof Stash Jar',
  quantity: 2,
  unitType: 'each',
  packageId: 'p-jar',
  packageLabel: '',
});
const prerolls = line({ lineIndex: 2, name: 'Blue Dream Pre-Roll', quantity: 3, packageLabel: 'LABEL-A' });
const order = queued({
  orderNumber: 'JAR111',
  status: 'IN_PROCESS',
  fulfillmentStatus: 'IN_PROCESS',
  lines: [jar, prerolls],
});
const jarProduct = {
  productId: jar.productId,
  name: jar.name,
  barcodes: '850041000473',
  packageLabel: '',
} as CatalogProduct;

beforeEach(async () => {
  localStorage.clear();
  signedInCashier();
  useCatalogStore().index = new CatalogIndex([jarProduct]);
});

/** The pick list of the order opened on this register, the queue read first. */
async function picking() {
  await usePickupStore().reload();
  const store = usePickingStore();
  store.open(order);
  return store;
}

describe('picking an order on this register', () => {
  it('confirms an item with no package label by its barcode or a tap, and packs the order', async () => {
    const posts = fakeService([order]);
    const store = await picking();
    store.scan('850041000473');
    expect(store.note).toEqual({ tone: 'good', sentence: 'Smell-Proof Stash Jar: 1 of 2 in the bag.' });
    store.tap(jar);
    expect(store.note).toEqual({ tone: 'good', sentence: 'Smell-Proof Stash Jar: 2 of 2 in the bag.' });
    for (let unit = 0; unit < 3; unit += 1) store.scan('label-a');
    expect(store.count(order)).toEqual({ done: 2, of: 2 });
    expect(store.complete).toBe(true);
    expect(await store.pack(1)).toBe(true);
    expect(posts[0]).toMatchObject({ body: { status: 'PACKED_READY' } });
  });

  it('sends no change that leaves a line as it is, and says so', async () => {
    const posts = fakeService([order]);
    const store = await picking();
    store.changing = prerolls;
    expect(await store.changeLine(prerolls, 3, 'Changed while picking')).toBe(false);
    expect(posts).toEqual([]);
    expect(store.changing).toBeNull();
    expect(store.note).toEqual({ tone: 'info', sentence: 'The quantity is already 3.' });
    expect(await store.changeLine(prerolls, 2, 'Changed while picking')).toBe(true);
    expect(posts).toMatchObject([{ body: { changes: [{ lineIndex: 2, quantity: 2 }] } }]);
  });
});

describe('picking progress across a reload', () => {
  it('keeps the scans of the order picked on this register, and drops them once it is no longer picked', async () => {
    fakeService([order]);
    const store = await picking();
    store.scan('label-a');
    await nextTick();
    // The window reloads: a new Pinia, the same computer.
    signedInCashier();
    const queue = [order];
    fakeService(queue);
    await usePickupStore().reload();
    const again = usePickingStore();
    expect(again.count(order)).toEqual({ done: 0, of: 2 });
    expect(again.ofOrder(order.orderId)[2]).toMatchObject({ scanned: 1 });
    // Another register keeps its own.
    expect(localStorage.getItem('servicepay.pos.picking.front-8')).toBeNull();
    queue.splice(0, 1, { ...order, status: 'PACKED_READY', fulfillmentStatus: 'PACKED_READY' });
    await usePickupStore().reload();
    await nextTick();
    expect(again.ofOrder(order.orderId)).toEqual({});
    expect(localStorage.getItem('servicepay.pos.picking.front-7')).toBeNull();
  });
});
