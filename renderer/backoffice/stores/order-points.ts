import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty';
import type { Ticket } from '../../../shared/contracts/ticket';
import { orderPoints, type OrderPoints } from '../logic/order-discounts';
import { DISPENSARY, useSessionStore } from './session';

/** The customer's newest ledger entries read for an order: a sale's points are among them unless the customer has had many sales since. */
const ENTRIES = 100;

/**
 * The loyalty points the open order moved for its customer (earned, spent), as its receipt says them,
 * from the customer's ledger; none for an order without a customer, a store without a programme, or a
 * user who may not read customers. A failure leaves them unsaid: they inform, the refund does not need them.
 */
export const useOrderPointsStore = defineStore('order-points', () => {
  const points = shallowRef<OrderPoints | null>(null);
  const orderId = ref('');

  async function load(order: Pick<Ticket, 'orderId' | 'customerId'>): Promise<void> {
    const { api, user } = useSessionStore();
    orderId.value = order.orderId;
    points.value = null;
    if (!order.customerId || !user?.permissions.includes('customer:read')) return;
    const path = `/v2.0/dispensary/${DISPENSARY}/customers/${encodeURIComponent(order.customerId)}/loyalty`;
    try {
      const { loyalty } = await api.get<{ loyalty: CustomerLoyalty }>(`${path}?limit=${ENTRIES}`);
      if (orderId.value === order.orderId && loyalty.enabled)
        points.value = orderPoints(loyalty.entries, order.orderId);
    } catch {
      // Unsaid: the order's money and discounts are shown all the same.
    }
  }

  function reset(): void {
    orderId.value = '';
    points.value = null;
  }

  return { points, load, reset };
});
