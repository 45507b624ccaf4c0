import { describe, expect, it } from 'vitest';
import type { LiveHub } from '../../../electron/server/core/live-hub.js';
import type { Queryable } from '../../../electron/server/db/query.js';
import { PaymentEvents } from '../../../electron/server/payments/pay/payment-events.js';
import type { SessionViews } from '../../../electron/server/payments/pay/session-view.js';
import type { PaymentStore } from '../../../electron/server/payments/store/payment-store.js';
import type { StoredPayment } from '../../../electron/server/payments/store/payment-types.js';
import type { OrderRecord } from '../../../electron/server/tickets/order-records.js';

// What an attached register's forwarded batch tells the store server's live channel once it is
// applied: each payment as a payment taken at the server is told, and each order once, whether its
// row came in the batch or what its approved payments hold may have moved.
const order = (id: string) =>
  ({
    id,
    orderNumber: `N-${id}`,
    status: 'AWAITING_PROCESSING',
    paymentStatus: 'UNPAID',
    source: 'online',
    totals: { total: 2958 },
    createdAt: '2025-03-01T17:00:00.000Z',
    updatedAt: '2025-03-01T17:05:00.000Z',
  }) as unknown as OrderRecord;

function harness(payments: Record<string, { orderId: string; status: StoredPayment['status'] }>, followed = true) {
  const orderReads: string[] = [];
  const published: { topic: string; event: string; data: unknown }[] = [];
  const store = {
    payments: {
      find: (_q: Queryable, id: string) =>
        Promise.resolve(
          payments[id] && {
            id,
            sessionId: `s-${id}`,
            dispensaryId: 'd1',
            organizationId: 'org1',
            ticketAlphaNumId: `N-${payments[id].orderId}`,
            amount: 100,
            ...payments[id],
          },
        ),
    },
    sessions: { find: (_q: Queryable, id: string) => Promise.resolve({ id }), openFor: () => Promise.resolve([]) },
    orders: {
      findRecord: (_q: Queryable, _dispensaryId: string, id: string) => {
        orderReads.push(id);
        return Promise.resolve(order(id));
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
  const told = (event: string) => published.filter((one) => one.event === event);
  return { events, orderReads, told };
}

describe('PaymentEvents.forwarded', () => {
  it('tells each payment, and an order its row and two payments changed once, with its source and payment status', async () => {
    const { events, told } = harness({
      p1: { orderId: 'o1', status: 'approved' },
      p2: { orderId: 'o1', status: 'voided' },
    });
    await events.forwarded('d1', ['p1', 'p2'], ['o1']);
    expect(told('payment.updated').map((one) => one.topic)).toEqual(['d1:payments', 'd1:payments']);
    expect(told('session.updated').map((one) => one.topic)).toEqual(['session:s-p1', 'session:s-p2']);
    expect(told('order.updated')).toEqual([
      {
        topic: 'd1:orders',
        event: 'order.updated',
        data: {
          orderId: 'o1',
          orderNumber: 'N-o1',
          status: 'AWAITING_PROCESSING',
          paymentStatus: 'UNPAID',
          source: 'online',
          total: '29.58',
          createdAt: '2025-03-01T17:00:00.000Z',
          updatedAt: '2025-03-01T17:05:00.000Z',
        },
      },
    ]);
  });

  it('tells the order of a payment that holds money (a part payment) though its row did not come', async () => {
    const { events, orderReads, told } = harness({ p1: { orderId: 'o1', status: 'approved' } });
    await events.forwarded('d1', ['p1'], []);
    expect(orderReads).toEqual(['o1']);
    expect(told('order.updated')).toHaveLength(1);
  });

  it('tells no order of a declined payment, and reads none for one nobody follows', async () => {
    const declined = harness({ p1: { orderId: 'o1', status: 'declined' } });
    await declined.events.forwarded('d1', ['p1'], []);
    expect(declined.orderReads).toEqual([]);
    expect(declined.told('payment.updated')).toHaveLength(1);
    const unheard = harness({ p1: { orderId: 'o1', status: 'approved' } }, false);
    await unheard.events.forwarded('d1', ['p1'], []);
    expect(unheard.orderReads).toEqual([]);
  });

  it('tells an order whose row came without payments, and nothing for a batch that wrote neither', async () => {
    const { events, told } = harness({});
    await events.forwarded('d1', [], []);
    expect(told('order.updated')).toEqual([]);
    await events.forwarded('d1', [], ['o2', 'o3']);
    expect(told('order.updated').map((one) => (one.data as { orderId: string }).orderId)).toEqual(['o2', 'o3']);
  });
});
