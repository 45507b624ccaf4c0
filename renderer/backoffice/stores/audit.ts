import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AuditDay } from '../../../shared/contracts/audit';
import { LatestRead } from '../../common/latest-read';
import { loadStoreInfo } from '../../common/store-info';
import { zonedDate } from '../../../shared/zoned-day';
import { serviceSaid } from '../../common/refusal';
import { DISPENSARY, useSessionStore } from './session';

/** The audit trail screen: one store day of voids, refunds, cancels and refused sign-ins. */
export const useAuditStore = defineStore('audit', () => {
  /** The store's day shown (YYYY-MM-DD); '' until the store's time zone is known. */
  const day = ref('');
  const trail = shallowRef<AuditDay | null>(null);
  const loading = ref(false);
  const error = ref('');

  /** Only the last read's answer is shown (another day chosen meanwhile wins). */
  const reads = new LatestRead();

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    const last = reads.begin();
    loading.value = true;
    try {
      if (!day.value) {
        const store = await loadStoreInfo(api, DISPENSARY);
        day.value ||= zonedDate(new Date(), store.timeZone);
      }
      const answer = await api.get<AuditDay>(`/v2.0/audit?dispensaryShortName=${DISPENSARY}&date=${day.value}`);
      if (!last()) return;
      trail.value = answer;
      error.value = '';
    } catch (failure) {
      if (last()) error.value = serviceSaid(failure, 'The audit trail could not be loaded.');
    } finally {
      if (last()) loading.value = false;
    }
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    day.value = '';
    trail.value = null;
    error.value = '';
  }

  return { day, trail, loading, error, load, reset };
});
