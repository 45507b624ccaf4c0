import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { OrderPointsMoves } from '../../../shared/loyalty/order-moves';
import { useOrderHistoryStore } from './order-history';

/**
 * The loyalty points the open order moved for its customer — earned, spent, and what refunds, voids
 * and a cancel took back and gave back — as its order history answers them, from the order's ledger
 * entries as its receipt nets them (shared/loyalty/order-moves.ts). The history is read again with the
 * order (after a refund in the dialog, a void, a live update), so the points are too; none for an order
 * that moved no points. A failure of the history leaves them unsaid: they inform, a refund does not need them.
 */
export const useOrderPointsStore = defineStore('order-points', () => {
  const history = useOrderHistoryStore();
  const points = computed<OrderPointsMoves | null>(() => history.history?.points ?? null);
  /** Signed out: the next user reads no order's points (nor its history, their source). */
  function reset(): void {
    history.reset();
  }

  return { points, reset };
});
