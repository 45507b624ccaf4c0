import { describe, expect, it } from 'vitest';
import { LiveHub } from '../../../electron/server/core/live-hub.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { Queryable } from '../../../electron/server/db/query.js';
import { PaymentEvents } from '../../../electron/server/payments/pay/payment-events.js';
import type { SessionViews } from '../../../electron/server/payments/pay/session-view.js';
import type { PaymentStore } from '../../../electron/server/payments/store/payment-store.js';
import type { StoredPayment } from '../../../electron/server/payments/store/payment-types.js';
import type { OrderRecord } from '../../../electron/server/tickets/order-records.js';

// What a payment's change tells the live channel: its order's `order.updated` whenever what the
// order's approved payments hold may have moved (the pickup queues' `paid`), reading the order only
// when someone may hear it.
const ORDER = {
  id: 'o1',
  orderNumber: '7KQ2MZ',
  status: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  source: 'online',
  totals: { total: 2958 },
  createdAt: '2025-03-01T17:00:00.000Z',
  updatedAt: '2025-03-01T17:00:00.000Z',
} as unknown as OrderRecord;

function harness(status: StoredPayment['status'], followed: boolean) {
  const payment = {
    id: 'p1',
    sessionId: 's1',
    dispensaryId: 'd1',
    orderId: 'o1',
    ticketAlphaNumId: '7KQ2MZ',
    organizationId: 'org1',
    status,
    amount: 100,
    terminalId: 'front-2',
  } as unknown as StoredPayment;
  const orderReads: string[] = [];
  const published: { topic: string; event: string; data: unknown }[] = [];
  const store = {
    payments: { find: () => Promise.resolve(payment) },
    sessions: {
      find: (_q: Queryable, id: string) => Promise.resolve({ id, channel: 'pos' }),
      // The order's open sessions: the payment's own, and another login's widget on the order.
      openFor: (_q: Queryable, key: string) => Promise.resolve(key === 'order:o1' ? [{ id: 's1' }, { id: 's2' }] : []),
    },
    orders: {
      findRecord: (_q: Queryable, _dispensaryId: string, id: string) => {
        orderReads.push(id);
        return Promise.resolve(ORDER);
      },
    },
  } as unknown as PaymentStore;
  const live = {
    publish: (topic: string, event: string, data: unknown) => published.push({ topic, event, data }),
    publishTo: (dispensaryId: string, key: string, event: string, data: unknown) =>
      published.push({ topic: `${dispensaryId}:${key}`, event, data }),
    mayReach: (topic: string) => followed && topic === 'd1:orders',
  } as unknown as LiveHub;
  const views = { build: () => Promise.resolve({}) } as unknown as SessionViews;
  const events = new PaymentEvents({} as Queryable, live, store, views);
  const orderUpdates = () => published.filter((one) => one.event === 'order.updated');
  const sessionTopics = () => published.filter((one) => one.event === 'session.updated').map((one) => one.topic);
  return { events, orderReads, orderUpdates, sessionTopics };
}

describe('PaymentEvents', () => {
  it('tells a payment to its session and to the other open sessions of its order (another widget on it)', async () => {
    const { events, sessionTopics } = harness('approved', false);
    await events.paymentChanged('p1');
    expect(sessionTopics()).toEqual(['session:s1', 'session:s2']);
  });

  it.each(['approved', 'voided', 'refunded'] as const)(
    'tells of the order when a %s payment leaves its status as it was (its paid moved)',
    async (status) => {
      const { events, orderReads, orderUpdates } = harness(status, true);
      await events.paymentChanged('p1');
      expect(orderReads).toEqual(['o1']);
      expect(orderUpdates()).toEqual([
        {
          topic: 'd1:orders',
          event: 'order.updated',
          data: {
            orderId: 'o1',
            orderNumber: '7KQ2MZ',
            status: 'AWAITING_PROCESSING',
            paymentStatus: 'UNPAID',
            source: 'online',
            total: '29.58',
            createdAt: ORDER.createdAt,
            updatedAt: ORDER.updatedAt,
            // The payment that moved it, and where it was taken: a register tells its own by it.
            payment: { paymentId: 'p1', terminalId: 'front-2', channel: 'pos' },
          },
        },
      ]);
    },
  );

  it.each(['pending', 'declined', 'error', 'canceled'] as const)(
    'reads nothing more for a %s payment, which holds no money',
    async (status) => {
      const { events, orderReads, orderUpdates } = harness(status, true);
      await events.paymentChanged('p1');
      expect(orderReads).toEqual([]);
      expect(orderUpdates()).toEqual([]);
    },
  );

  it("reads no order for a payment's paid when nobody follows the store's orders", async () => {
    const { events, orderReads, orderUpdates } = harness('approved', false);
    await events.paymentChanged('p1');
    expect(orderReads).toEqual([]);
    expect(orderUpdates()).toEqual([]);
  });

  it('still tells of an order its payment moved, followed or not', async () => {
    const { events, orderReads, orderUpdates } = harness('approved', false);
    await events.paymentChanged('p1', true);
    expect(orderReads).toEqual(['o1']);
    expect(orderUpdates()).toHaveLength(1);
  });
});

describe('LiveHub.mayReach', () => {
  const hubOn = (shared: boolean) => new LiveHub({ shared, listen: () => () => undefined } as unknown as DataLayer);

  it("on a register's own database, is true only while one of its listeners follows the topic", () => {
    const hub = hubOn(false);
    expect(hub.mayReach('d1:orders')).toBe(false);
    const stop = hub.subscribe('d1:orders', () => undefined);
    expect(hub.mayReach('d1:orders')).toBe(true);
    expect(hub.mayReach('d2:orders')).toBe(false);
    stop();
    expect(hub.mayReach('d1:orders')).toBe(false);
  });

  it('on a database other instances share, is always true (their listeners are not known here)', () => {
    expect(hubOn(true).mayReach('d1:orders')).toBe(true);
  });
});
