// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistory } from '../../../../shared/contracts/order-history.js';
import { useOrderHistoryStore } from '../../../../renderer/backoffice/stores/order-history.js';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders.js';
import { fakeService, refused, signedIn } from './fake-service.js';

const HISTORY = (id: string) => `/v2.0/dispensary/demo/ecommerce/ticket/${id}/history`;
const history = (orderId: string, customerName: string | null): { body: OrderHistory } => ({
  body: { resultCode: 'SUCCESS', resultReason: null, orderId, source: 'online', customerName, steps: [] },
});

afterEach(() => vi.unstubAllGlobals());

describe("the open order's history", () => {
  it('reads the history and customer of each order opened', async () => {
    signedIn(['ticket:read']);
    fakeService({
      [`GET ${HISTORY('o1')}`]: [history('o1', 'Maria Lopez')],
      [`GET ${HISTORY('o2')}`]: [history('o2', null)],
    });
    const store = useOrderHistoryStore();
    const first = store.load('o1');
    const second = store.load('o2');
    await Promise.all([first, second]);
    expect(store.history).toMatchObject({ orderId: 'o2', customerName: null });
  });

  it('says why it could not be read, and is forgotten at sign-out', async () => {
    signedIn(['ticket:read']);
    fakeService({
      [`GET ${HISTORY('o1')}`]: [refused(404, 'NOT_FOUND', 'no order o1 at this store'), history('o1', 'Maria Lopez')],
    });
    const store = useOrderHistoryStore();
    await store.load('o1');
    expect(store.error).toBe("The order's history could not be read: no order o1 at this store.");
    expect(store.history).toBeNull();
    await store.load('o1');
    expect(store.history?.customerName).toBe('Maria Lopez');
    useOrdersStore().reset();
    expect(store.history).toBeNull();
    expect(store.error).toBe('');
  });
});
