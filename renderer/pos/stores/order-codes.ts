import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OrderCode, OrderHistory } from '../../../shared/contracts/order-history';
import type { Ticket } from '../../../shared/contracts/ticket';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/**
 * What each promo code typed on an order taken over here (an online order at the counter) took off
 * (README "Deals"): the ticket keeps the codes typed, not which deals they unlocked, so they are read
 * with the order's history, where the service tells them from the order's lines. Only the last order
 * asked is kept; a read that failed is tried again the next time it is asked.
 */
export const useOrderCodesStore = defineStore('order-codes', () => {
  /** The order the codes are of. */
  const orderId = ref('');
  /** Each code with what it took off; undefined while read (or when the read failed). */
  const codes = shallowRef<OrderCode[] | undefined>(undefined);
  const failed = ref(false);

  async function read(order: Pick<Ticket, 'orderId' | 'promoCodes'>): Promise<void> {
    if (order.orderId === orderId.value && !failed.value) return;
    orderId.value = order.orderId;
    codes.value = undefined;
    failed.value = false;
    if (order.promoCodes.length === 0) {
      codes.value = [];
      return;
    }
    try {
      const { api } = useSessionStore();
      const history = await api.get<OrderHistory>(`${TICKETS}/${order.orderId}/history`);
      if (orderId.value === order.orderId) codes.value = history.codes ?? [];
    } catch {
      // Each code is then said as not known, never as if it had given a discount (order-code-words.ts).
      if (orderId.value === order.orderId) failed.value = true;
    }
  }

  return { orderId, codes, failed, read };
});
