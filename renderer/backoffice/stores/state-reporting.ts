import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  StateRecordView,
  StateRecordsDay,
  StateReportingInput,
  StateReportingView,
} from '../../../shared/contracts/state-reporting';
import { ApiError } from '../../common/http';
import { serviceSaid } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { zonedDate } from '../../../shared/zoned-day';
import { downloadText } from '../logic/download';
import { DISPENSARY, terminal, useSessionStore } from './session';
import { SETUP } from './setup/setup-api';

const REPORTING = `${SETUP}/state-reporting`;

/**
 * The State reporting screen: the store's state system (keys by their last 4) and one store day of
 * records sent to it (sales; stock adjustments, deliveries and moves) — waiting, sent or failed with
 * the state's answer — with retry and CSV export.
 */
export const useStateReportingStore = defineStore('state-reporting', () => {
  /** The store's day shown (YYYY-MM-DD); '' until the store's time zone is known. */
  const day = ref('');
  const listing = shallowRef<StateRecordsDay | null>(null);
  const settings = ref<StateReportingView | null>(null);
  const loading = ref(false);
  const error = ref('');

  const counts = computed(() => {
    const day = listing.value;
    const records = day ? [...day.records, ...day.adjustments, ...day.packageRecords] : [];
    const of = (status: StateRecordView['status']) => records.filter((record) => record.status === status).length;
    return { pending: of('pending'), sent: of('sent'), failed: of('failed') };
  });

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    loading.value = true;
    try {
      if (!day.value) day.value = zonedDate(new Date(), (await loadStoreInfo(api, DISPENSARY)).timeZone);
      const [records, current] = await Promise.all([
        api.get<StateRecordsDay>(`${REPORTING}/records?day=${day.value}`),
        api.get<{ stateReporting: StateReportingView }>(REPORTING),
      ]);
      listing.value = records;
      settings.value = current.stateReporting;
      error.value = '';
    } catch (failure) {
      error.value = serviceSaid(failure, 'The state records could not be loaded.');
    } finally {
      loading.value = false;
    }
  }

  /** Sends a failed record again; the list shows it waiting until the job has sent it. */
  async function retry(id: string): Promise<void> {
    await useSessionStore().api.post(`${REPORTING}/records/${encodeURIComponent(id)}/retry`);
    await load();
  }

  /** Sends a failed adjustment, delivery or move record again. */
  async function retryStock(row: { id: string; kind: 'adjustment' | 'package' }): Promise<void> {
    const outbox = row.kind === 'adjustment' ? 'adjustments' : 'package-records';
    await useSessionStore().api.post(`${REPORTING}/${outbox}/${encodeURIComponent(row.id)}/retry`);
    await load();
  }

  /** Saves the store's state system; throws the service's refusal. */
  async function save(input: StateReportingInput): Promise<StateReportingView> {
    const saved = await useSessionStore().api.put<{ stateReporting: StateReportingView }>(REPORTING, input);
    settings.value = saved.stateReporting;
    return saved.stateReporting;
  }

  /** Downloads the day's CSV as the service makes it (the same file `servicepay state-reporting records --csv` prints). */
  async function exportCsv(): Promise<void> {
    const token = useSessionStore().session?.token;
    let response: Response;
    try {
      response = await fetch(`${terminal.serviceUrl}${REPORTING}/records.csv?day=${day.value}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    } catch {
      throw new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running.');
    }
    if (!response.ok) {
      if (response.status === 401) useSessionStore().expire();
      const body = (await response.json().catch(() => ({}))) as { resultDetail?: string };
      throw new ApiError(response.status, 'INTERNAL', body.resultDetail ?? `The service answered ${response.status}.`);
    }
    downloadText(`state-records-${DISPENSARY}-${day.value}.csv`, await response.text(), 'text/csv');
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    day.value = '';
    listing.value = null;
    settings.value = null;
    error.value = '';
  }

  return { day, listing, settings, counts, loading, error, load, retry, retryStock, save, exportCsv, reset };
});
