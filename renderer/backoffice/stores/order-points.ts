import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { RefundPoints } from '../../../shared/contracts/refund-points';
import type { OrderPointsMoves } from '../../../shared/loyalty/order-moves';
import { cancelPointsPreview, readRefundPoints } from '../../common/refund-points-preview';
import { useOrderHistoryStore } from './order-history';
import { useSessionStore } from './session';

/**
 * The loyalty points the open order moved for its customer — earned, spent, and what refunds, voids
 * and a cancel took back and gave back — as its order history answers them, from the order's ledger
 * entries as its receipt nets them (shared/loyalty/order-moves.ts). The history is read again with the
 * order (after a refund in the dialog, a void, a live update), so the points are too; none for an order
 * that moved no points. A failure of the history leaves them unsaid: they inform, a refund does not need them.
 * Asked to cancel the order, it reads what the cancel will move of them (`cancelPreview`), as the
 * refund dialog reads what a refund will.
 */
export const useOrderPointsStore = defineStore('order-points', () => {
  const history = useOrderHistoryStore();
  const points = computed<OrderPointsMoves | null>(() => history.history?.points ?? null);
  /** The order's points as its cancel weighs them (null: not read yet, or not readable). */
  const forCancel = shallowRef<RefundPoints | null>(null);
  /**
   * "Maria's points: canceling the order gives back 120 spent on it." for the order last read for
   * a cancel; '' before it is read, when it moved no points, or when it could not be read (the cancel
   * does not need it, and the history then says what it moved).
   */
  const cancelPreview = computed(() => cancelPointsPreview(forCancel.value));
  let asked = 0;

  /** Reads what canceling `orderId` will move of its customer's points; a later read wins. */
  async function readForCancel(orderId: string): Promise<void> {
    const mine = ++asked;
    forCancel.value = null;
    const read = await readRefundPoints(useSessionStore().api, orderId);
    if (mine === asked) forCancel.value = read;
  }

  /** Signed out: the next user reads no order's points (nor its history, their source). */
  function reset(): void {
    asked += 1;
    forCancel.value = null;
    history.reset();
  }

  return { points, cancelPreview, readForCancel, reset };
});
