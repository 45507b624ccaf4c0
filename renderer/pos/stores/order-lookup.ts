import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OrderLookup, QueueOrder } from '../../../shared/contracts/pickup';
import { ApiError } from '../../common/http';
import { refusalWords } from '../../common/refusal';
import { scannedOrder } from '../logic/hand-over';
import { mayBeOrderNumber, notQueuedWords } from '../logic/order-lookup-words';
import { DISPENSARY, useCatalogStore } from './catalog';
import { usePickupStore } from './pickup';
import { useSessionStore } from './session';

const LOOKUP = `/v2.0/dispensary/${DISPENSARY}/ecommerce/order-lookup`;

/**
 * A number the Online orders tab's search did not find in the queue, asked of the service by its
 * exact number: an order picked up or canceled is said so, with when (the store's time); a sale
 * rung up at a register is said to be one; an open online order the list did not have yet is read
 * into it again and handed back to be opened.
 */
export const useOrderLookupStore = defineStore('order-lookup', () => {
  /** What the look-up found out about the last number searched ('' when nothing to say). */
  const said = ref('');
  const looking = ref(false);
  /** The last number asked: an answer to an earlier one is dropped. */
  let asked = '';

  async function lookUp(words: string): Promise<QueueOrder | null> {
    said.value = '';
    if (!mayBeOrderNumber(words)) return null;
    const number = words.trim().toUpperCase();
    asked = number;
    looking.value = true;
    try {
      const found = await useSessionStore().api.get<OrderLookup>(`${LOOKUP}/${number}`);
      if (asked !== number) return null;
      const why = notQueuedWords(found, useCatalogStore().timeZone, new Date());
      if (why) {
        said.value = why;
        return null;
      }
      const pickup = usePickupStore();
      await pickup.reload();
      const listed = scannedOrder(pickup.orders, number);
      if (!listed) said.value = `Order ${number} is open, but this register's list does not show it yet. Try again.`;
      return listed;
    } catch (failure) {
      // No order has the number: the search says so in its own words.
      if (asked === number && !(failure instanceof ApiError && failure.status === 404)) {
        said.value = refusalWords(failure, `Order ${number} could not be looked up. Try again.`);
      }
      return null;
    } finally {
      if (asked === number) looking.value = false;
    }
  }

  function clear(): void {
    said.value = '';
    asked = '';
    looking.value = false;
  }

  return { said, looking, lookUp, clear };
});
