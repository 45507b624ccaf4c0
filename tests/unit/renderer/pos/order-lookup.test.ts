// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderLookup } from '../../../../shared/contracts/pickup.js';
import HandOverFinder from '../../../../renderer/pos/components/HandOverFinder.vue';
import { notQueuedWords } from '../../../../renderer/pos/logic/order-lookup-words.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { usePickupStore } from '../../../../renderer/pos/stores/pickup.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * A number typed in the Online orders tab that is not in the queue of open orders is asked of the
 * service by its exact number: an order picked up or canceled is said so, with when, in the store's
 * time; a number no order has keeps the search's own words.
 */
const ZONE = 'America/Los_Angeles';
// 9:15 AM in Los Angeles, Saturday December 5 2026.
const NOW = new Date('2026-12-05T17:15:00.000Z');
const found = (fields: Partial<OrderLookup>): OrderLookup => ({
  resultCode: 'SUCCESS',
  resultReason: null,
  orderId: '0190a4c2-0000-7000-8000-000000000001',
  orderNumber: '4L87K4',
  source: 'online',
  status: 'COMPLETED',
  fulfillmentStatus: 'COMPLETED',
  customerName: 'Ada L.',
  // 7:40 AM in Los Angeles, the same day.
  closedAt: '2026-12-05T15:40:00.000Z',
  ...fields,
});

describe('why a number is not in the queue', () => {
  it('says an order was picked up, and when, in the store’s time', () => {
    expect(notQueuedWords(found({}), ZONE, NOW)).toBe('Order 4L87K4 was picked up today at 7:40\u00a0AM\u00a0PST.');
  });

  it('says an order was canceled, yesterday or on its day', () => {
    const canceled = found({ status: 'CANCELED', fulfillmentStatus: 'CANCELED' });
    expect(notQueuedWords({ ...canceled, closedAt: '2026-12-04T22:05:00.000Z' }, ZONE, NOW)).toBe(
      'Order 4L87K4 was canceled yesterday at 2:05\u00a0PM\u00a0PST.',
    );
    expect(notQueuedWords({ ...canceled, closedAt: '2026-11-20T22:05:00.000Z' }, ZONE, NOW)).toBe(
      'Order 4L87K4 was canceled on Nov\u00a020 at 2:05\u00a0PM\u00a0PST.',
    );
  });

  it('says a sale rung up at a register is not an online order; an open online order has no such words', () => {
    expect(notQueuedWords(found({ source: 'register' }), ZONE, NOW)).toBe(
      'Order 4L87K4 is a sale rung up at a register, not an online order.',
    );
    const open = found({ status: 'PACKED_READY', fulfillmentStatus: 'PACKED_READY', closedAt: null });
    expect(notQueuedWords(open, ZONE, NOW)).toBeNull();
    // One not handed over (paid in part): where its rest is taken.
    const unpaid = found({
      source: 'register',
      status: 'AWAITING_PROCESSING',
      fulfillmentStatus: 'AWAITING_PROCESSING',
      closedAt: null,
    });
    expect(notQueuedWords(unpaid, ZONE, NOW)).toBe(
      'Order 4L87K4 is a sale rung up at a register, not an online order. Its rest is taken from Today’s orders (Take the rest).',
    );
  });
});

/** The service: the queue (`queue`), and the look-up's answer by number (`lookups`; none: 404). */
function fakeService(lookups: Record<string, OrderLookup>, queue = () => [] as ReturnType<typeof queued>[]) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url).pathname;
    paths.push(path);
    const answer = (body: object, status = 200) => new Response(JSON.stringify(body), { status });
    if (path.endsWith('/pickup-queue')) return answer({ asOf: NOW.toISOString(), orders: queue(), truncated: false });
    const number = /\/order-lookup\/(\w+)$/.exec(path)?.[1];
    const order = number ? lookups[number] : undefined;
    if (order) return answer(order);
    if (number) return answer({ resultCode: 'FAIL', resultReason: 'NOT_FOUND', resultDetail: 'no order' }, 404);
    return answer({ resultCode: 'FAIL', resultReason: 'NOT_FOUND', resultDetail: `nothing at ${path}` }, 404);
  });
  return paths;
}

async function search(words: string) {
  const finder = mount(HandOverFinder, { global: { plugins: [getActivePinia()!] } });
  await finder.get('input').setValue(words);
  await finder.get('form').trigger('submit');
  await flushPromises();
  return finder;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  signedInCashier();
  useCatalogStore().timeZone = ZONE;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the Online orders tab’s search for a number not in the queue', () => {
  it('says the order was picked up, found by its exact number (any case)', async () => {
    const paths = fakeService({ '4L87K4': found({}) });
    const finder = await search('4l87k4');
    expect(paths).toContain('/v2.0/dispensary/demo/ecommerce/order-lookup/4L87K4');
    expect(finder.get('[data-testid="lookup-words"]').text()).toBe(
      'Order 4L87K4 was picked up today at 7:40\u00a0AM\u00a0PST.',
    );
    expect(finder.text()).not.toContain('No open online order');
  });

  it('says the order was canceled', async () => {
    fakeService({ '4L87K4': found({ status: 'CANCELED', fulfillmentStatus: 'CANCELED' }) });
    const finder = await search('4L87K4');
    expect(finder.get('[data-testid="lookup-words"]').text()).toBe(
      'Order 4L87K4 was canceled today at 7:40\u00a0AM\u00a0PST.',
    );
  });

  it('keeps its own words for a number no order has, and asks nothing for a name', async () => {
    const paths = fakeService({});
    const unknown = await search('ZZZZ99');
    expect(unknown.text()).toContain('No open online order has the number or customer name “ZZZZ99”.');
    const name = await search('Grace Hopper');
    expect(name.text()).toContain('No open online order has the number or customer name “Grace Hopper”.');
    expect(paths.filter((path) => path.includes('/order-lookup/'))).toEqual([
      '/v2.0/dispensary/demo/ecommerce/order-lookup/ZZZZ99',
    ]);
  });

  it('reads the queue again for an open online order it did not list yet, and opens it', async () => {
    const late = queued({ orderNumber: '4L87K4', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });
    let listed: ReturnType<typeof queued>[] = [];
    fakeService(
      { '4L87K4': found({ status: 'PACKED_READY', fulfillmentStatus: 'PACKED_READY', closedAt: null }) },
      () => listed,
    );
    const handOver = useHandOverStore();
    const opened = vi.spyOn(handOver, 'open').mockResolvedValue(true);
    listed = [late];
    await search('4L87K4');
    expect(usePickupStore().orders).toEqual([late]);
    expect(opened).toHaveBeenCalledWith(late);
  });
});
