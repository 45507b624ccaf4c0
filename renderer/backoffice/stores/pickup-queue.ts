import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { PickupQueue, QueueOrder } from '../../../shared/contracts/pickup';
import { coalesce } from '../../common/coalesce';
import { groupQueue, queueCount } from '../../common/pickup/pickup-queue';
import { serviceSaid } from '../../common/refusal';
import { TICKETS, useSessionStore } from './session';

/**
 * The back office's view of the pickup queue (README "Online orders at the counter"): the store's
 * open online orders by stage, soonest promised first, read again as the live channel tells of an
 * online order's change. The registers pick and hand them over; the manager watches and opens one.
 */
export const usePickupQueueStore = defineStore('backoffice-pickup-queue', () => {
  const orders = ref<QueueOrder[]>([]);
  const truncated = ref(false);
  const loaded = ref(false);
  const error = ref('');
  /** The service's clock minus this computer's, as of the last read. */
  const skewMs = ref(0);
  const groups = computed(() => groupQueue(orders.value));
  const count = computed(() => queueCount(orders.value));

  async function read(): Promise<void> {
    const { api } = useSessionStore();
    try {
      const queue = await api.get<PickupQueue>(`${TICKETS}/pickup-queue`);
      skewMs.value = Date.parse(queue.asOf) - Date.now();
      orders.value = queue.orders;
      truncated.value = queue.truncated;
      loaded.value = true;
      error.value = '';
    } catch (failure) {
      error.value = serviceSaid(
        failure,
        'The online orders could not be read. They are read again at the next change.',
      );
    }
  }

  /** Reads the queue again (coalesced: a burst of changes makes one read in flight and one queued). */
  const reload = coalesce(read);

  /** The live channel's `order.updated`: an online order's change reads the queue again. */
  function updated(update: OrderUpdate): void {
    if (update.source === 'online') void reload();
  }

  function reset(): void {
    orders.value = [];
    loaded.value = false;
    error.value = '';
  }

  return { orders, truncated, loaded, error, skewMs, groups, count, reload, updated, reset };
});
