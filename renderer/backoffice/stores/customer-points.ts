import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CustomerLoyalty, LoyaltyAdjustment } from '../../../shared/contracts/loyalty';
import { refusalWords } from '../../common/refusal';
import { DISPENSARY, useSessionStore } from './session';

const CUSTOMERS = `/v2.0/dispensary/${DISPENSARY}/customers`;
const PAGE = 20;

/**
 * The open customer's loyalty points (README "Loyalty"): balance, tier and the ledger newest first,
 * page by page; a manager's adjustment with a reason, the service's refusal thrown for the form.
 */
export const useCustomerPointsStore = defineStore('customer-points', () => {
  const customerId = ref('');
  const loyalty = shallowRef<CustomerLoyalty | null>(null);
  const loading = ref(false);
  /** Why the points could not be read ('' when they were). */
  const error = ref('');
  /** Managers and admins adjust points; cashiers only read them. */
  const manages = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);

  const path = (id: string) => `${CUSTOMERS}/${encodeURIComponent(id)}/loyalty`;

  /** Reads a customer's points and the newest page of their ledger. */
  async function load(id: string): Promise<void> {
    const { api } = useSessionStore();
    customerId.value = id;
    loyalty.value = null;
    loading.value = true;
    error.value = '';
    try {
      const answer = await api.get<{ loyalty: CustomerLoyalty }>(`${path(id)}?limit=${PAGE}`);
      if (customerId.value === id) loyalty.value = answer.loyalty;
    } catch (failure) {
      if (customerId.value === id) error.value = refusalWords(failure, 'Their points could not be read. Try again.');
    } finally {
      loading.value = false;
    }
  }

  /** The next (older) page of the ledger, after the last entry shown (its cursor, bound to this customer's ledger). */
  async function more(): Promise<void> {
    const shown = loyalty.value;
    const cursor = shown?.nextCursor;
    if (!shown || !cursor) return;
    const { api } = useSessionStore();
    const id = customerId.value;
    loading.value = true;
    error.value = '';
    try {
      const params = new URLSearchParams({ limit: String(PAGE), before: cursor });
      const page = (await api.get<{ loyalty: CustomerLoyalty }>(`${path(id)}?${params}`)).loyalty;
      if (customerId.value === id) loyalty.value = { ...page, entries: [...shown.entries, ...page.entries] };
    } catch (failure) {
      error.value = refusalWords(failure, 'Older entries could not be read. Try again.');
    } finally {
      loading.value = false;
    }
  }

  /** Adds or takes off points with a reason; the answer (first page again) replaces what is shown. */
  async function adjust(change: LoyaltyAdjustment): Promise<CustomerLoyalty> {
    const { api } = useSessionStore();
    const id = customerId.value;
    const answer = await api.post<{ loyalty: CustomerLoyalty }>(`${path(id)}/adjustments`, change);
    if (customerId.value === id) loyalty.value = answer.loyalty;
    return answer.loyalty;
  }

  function reset(): void {
    customerId.value = '';
    loyalty.value = null;
    loading.value = false;
    error.value = '';
  }

  return { customerId, loyalty, loading, error, manages, load, more, adjust, reset };
});
