// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders.js';
import { heldService } from '../held-service.js';
import { signedIn } from './fake-service.js';

/**
 * The orders list's "Load more" pages the list shown, with the filters it was read with: the service
 * refuses a cursor sent with other filters (README "Queries and cursors"), so none is offered while
 * the list of new filters is on its way.
 */
const ticket = (orderId: string) => ({
  orderId,
  orderNumber: 'AB23CD',
  status: 'PAID',
  paymentStatus: 'PAID',
  source: 'online',
  total: '51.63',
  paid: '51.63',
  refunded: '0.00',
  createdAt: '2026-12-05T09:00:00.000Z',
  updatedAt: '2026-12-05T09:00:00.000Z',
});
const page = (orderId: string, nextCursor: string | null) => ({ body: { tickets: [ticket(orderId)], nextCursor } });

beforeEach(() => signedIn(['ticket:read']));
afterEach(() => vi.unstubAllGlobals());

describe("the orders list's next page", () => {
  it('is not offered while the list of new filters is read, then pages that list with its filters', async () => {
    const calls = heldService();
    const orders = useOrdersStore();
    const first = orders.search();
    calls[0]!.answer(page('o-1', 'c1'));
    await first;
    expect(orders.nextCursor).toBe('c1');
    orders.status = 'PAID';
    const filtered = orders.search();
    expect(orders.nextCursor).toBeNull();
    calls[1]!.answer(page('o-2', 'c2'));
    await filtered;
    const more = orders.search(true);
    const asked = calls[2]!.url.searchParams;
    expect([asked.get('status'), asked.get('cursor')]).toEqual(['PAID', 'c2']);
    calls[2]!.answer(page('o-3', null));
    await more;
    expect(orders.rows.map((row) => row.orderId)).toEqual(['o-2', 'o-3']);
    expect(orders.nextCursor).toBeNull();
  });
});
