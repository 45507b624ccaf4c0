// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders.js';
import type { OrderUpdate } from '../../../../shared/contracts/live.js';
import { fakeService, signedIn } from './fake-service.js';

/** The orders list's rows say what each order's payments hold, kept current as the live channel tells of changes. */
const LIST = 'GET /v2.0/dispensary/demo/ecommerce/tickets';
const listed = (paid: string, refunded = '0.00') => ({
  orderId: 'o-1',
  orderNumber: 'AB23CD',
  status: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  source: 'online',
  total: '51.63',
  paid,
  refunded,
  createdAt: '2026-12-05T09:00:00.000Z',
  updatedAt: '2026-12-05T09:00:00.000Z',
});
const page = (...tickets: object[]) => ({ body: { tickets, nextCursor: null } });
const news = (status: OrderUpdate['status'], paymentStatus: OrderUpdate['paymentStatus']): OrderUpdate => ({
  ...(listed('0.00') as unknown as OrderUpdate),
  status,
  paymentStatus,
});

beforeEach(() => signedIn(['ticket:read']));
afterEach(() => vi.unstubAllGlobals());

describe('the orders list’s money, live', () => {
  it('news of a part payment or a refund (no move) reads the shown rows again, as many as are shown', async () => {
    const calls = fakeService({ [LIST]: [page(listed('0.00')), page(listed('10.00', '2.50'))] });
    const orders = useOrdersStore();
    await orders.search();
    expect(orders.rows[0]).toMatchObject({ paid: '0.00' });
    orders.updated(news('AWAITING_PROCESSING', 'UNPAID'));
    await vi.waitFor(() => expect(orders.rows[0]).toMatchObject({ paid: '10.00', refunded: '2.50' }));
    const lists = calls.filter((call) => call.url.pathname.endsWith('/tickets'));
    expect(lists.map((call) => call.url.searchParams.get('limit'))).toEqual(['25', '25']);
  });

  it('a move of its stage alone does not read the list again', () => {
    fakeService({});
    const orders = useOrdersStore();
    orders.rows = [{ ...listed('51.63'), status: 'PAID', paymentStatus: 'PAID' }] as typeof orders.rows;
    orders.updated(news('IN_PROCESS', 'PAID'));
    expect(orders.rows[0]).toMatchObject({ status: 'IN_PROCESS', paid: '51.63' });
  });
});
