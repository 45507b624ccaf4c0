import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { RefundPoints } from '../../../shared/contracts/refund-points';
import { cancelPointsPreview, readRefundPoints } from '../../common/refund-points-preview';
import { useSessionStore } from './session';

/**
 * What canceling an order at the counter (a pickup order's "Cancel order") will do to its customer's
 * loyalty points, said in its confirm before it is canceled, as the back office's cancel says it
 * (renderer/common/refund-points-preview.ts cancelPointsPreview, the service's count). Read when the
 * confirm opens; a failure leaves it unsaid: it informs, the cancel does not need it.
 */
export const useCancelPointsStore = defineStore('cancel-points', () => {
  /** The order last asked about, and its points as its cancel weighs them (null: not read yet, or not readable). */
  const orderId = ref('');
  const read = shallowRef<RefundPoints | null>(null);
  let asked = 0;

  /** Reads what canceling `id` will move of its customer's points; a later read wins. */
  async function readFor(id: string): Promise<void> {
    const mine = ++asked;
    orderId.value = id;
    read.value = null;
    const points = await readRefundPoints(useSessionStore().api, id);
    if (mine === asked) read.value = points;
  }

  /**
   * "Maria's points: canceling the order gives back 120 spent on it." for `id`; '' for another order,
   * before it is read, or when the order moved no points (an order for no customer says nothing).
   */
  const previewFor = computed(() => (id: string) => (id === orderId.value ? cancelPointsPreview(read.value) : ''));

  return { readFor, previewFor };
});
