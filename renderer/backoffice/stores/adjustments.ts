import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AdjustmentPage, AdjustmentView } from '../../../shared/contracts/inventory';
import { LatestRead } from '../../common/latest-read';
import { loadStoreInfo } from '../../common/store-info';
import { refusalWords } from '../../common/refusal';
import { DISPENSARY, useSessionStore } from './session';
import { api, SETUP } from './setup/setup-api';

const ADJUSTMENTS = `${SETUP}/inventory/adjustments`;
const PAGE = 50;

/** What the history is narrowed to: a reason's code, and store days from and to (YYYY-MM-DD, included). */
export interface AdjustmentFilters {
  reason: string;
  from: string;
  to: string;
}

export const NO_ADJUSTMENT_FILTERS: Readonly<AdjustmentFilters> = { reason: '', from: '', to: '' };

/** The history's query: blank filters left out, a page of `limit`, after `cursor`. */
export function adjustmentQuery(filters: AdjustmentFilters, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.reason) params.set('reason', filters.reason);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params;
}

/**
 * The store's adjustment history (README "Inventory adjustments"), newest first: filtered by reason
 * and store days, paged with "More". It is read each time it is shown, so adjustments made
 * elsewhere appear; the refusal of a read is kept as a sentence.
 */
export const useAdjustmentsStore = defineStore('adjustments', () => {
  const rows = ref<AdjustmentView[]>([]);
  const nextCursor = ref<string | null>(null);
  const filters = ref<AdjustmentFilters>({ ...NO_ADJUSTMENT_FILTERS });
  const loaded = ref(false);
  const loading = ref(false);
  const error = ref('');
  /** True while the Products tab shows the history (kept across a visit to another tab). */
  const visible = ref(false);
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);

  /** Only the last read's answer is shown (filters changed meanwhile win). */
  const reads = new LatestRead();

  async function read(cursor: string | null): Promise<void> {
    await reads.run(
      { loading, error },
      () => api().get<AdjustmentPage>(`${ADJUSTMENTS}?${adjustmentQuery(filters.value, PAGE, cursor)}`),
      (page) => {
        rows.value = cursor ? [...rows.value, ...page.adjustments] : page.adjustments;
        nextCursor.value = page.nextCursor;
        loaded.value = true;
      },
      (failure) => refusalWords(failure, 'The adjustments could not be read. Try again.'),
    );
  }

  /** The first page under `next` filters (the store's time zone read first, for the times shown). */
  async function load(next: Partial<AdjustmentFilters> = {}): Promise<void> {
    filters.value = { ...filters.value, ...next };
    // A cursor pages only the list it came with: none is offered until the list of these filters answers.
    nextCursor.value = null;
    const store = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
    if (store) timeZone.value = store.timeZone;
    await read(null);
  }

  async function more(): Promise<void> {
    if (nextCursor.value && !loading.value) await read(nextCursor.value);
  }

  /** An adjustment was made here: the history is read again when next shown. */
  function stale(): void {
    loaded.value = false;
  }

  function reset(): void {
    rows.value = [];
    nextCursor.value = null;
    filters.value = { ...NO_ADJUSTMENT_FILTERS };
    loaded.value = false;
    error.value = '';
    visible.value = false;
  }

  return { rows, nextCursor, filters, loaded, loading, error, visible, timeZone, load, more, stale, reset };
});
