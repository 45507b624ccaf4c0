import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { serviceSaid } from '../../common/refusal';
import type { OrderHistory } from '../../../shared/contracts/order-history';
import { TICKETS, useSessionStore } from './session';

/**
 * The open order's history (each status, payment, void and refund, when and by whom) and its
 * customer's name, read with the order each time it is opened or read again (after a refund, a
 * void, a live update). Only the last order asked is shown; a failure says why and leaves the rest
 * of the order shown.
 */
export const useOrderHistoryStore = defineStore('order-history', () => {
  const history = shallowRef<OrderHistory | null>(null);
  const error = ref('');
  let asked = 0;

  async function load(orderId: string): Promise<void> {
    const { api } = useSessionStore();
    const mine = ++asked;
    if (history.value?.orderId !== orderId) history.value = null;
    error.value = '';
    try {
      const read = await api.get<OrderHistory>(`${TICKETS}/ticket/${encodeURIComponent(orderId)}/history`);
      if (mine === asked) history.value = read;
    } catch (failure) {
      if (mine === asked)
        error.value = `The order's history could not be read: ${serviceSaid(failure, 'the service did not answer').replace(/[.!?]+$/, '')}.`;
    }
  }

  function reset(): void {
    asked += 1;
    history.value = null;
    error.value = '';
  }

  return { history, error, load, reset };
});
