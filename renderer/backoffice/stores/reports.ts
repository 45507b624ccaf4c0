import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { LatestRead } from '../../common/latest-read';
import { refusalOf } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { reportKind } from '../logic/report-kinds';
import { presetRange, rangeProblems, type DayRange, type RangePreset } from '../logic/report-range';
import { ALL_STORES, fetchReport, type ReportAnswer, type ReportRequest } from './reports-api';
import { DISPENSARY, useSessionStore } from './session';

/** How long a report may take before the screen says it is loading (shorter answers never flash). */
export const SLOW_MS = 400;

/** A store the organization-wide manager may pick: its short name and name. */
export interface StoreChoice {
  shortName: string;
  name: string;
}

/**
 * The Reports screen (README "Reports"): the manager's choices — report, range, comparison and, for
 * an organization-wide manager, the store — kept across tabs, and the last answer.
 */
export const useReportsStore = defineStore('reports', () => {
  const kindId = ref('summary');
  const preset = ref<RangePreset>('this-month');
  const range = ref<DayRange>({ from: '', to: '' });
  const compare = ref(false);
  const store = ref(DISPENSARY);
  /** The zone the presets count days in: the chosen store's (the back office's own for all stores). */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const stores = ref<StoreChoice[]>([]);
  const answer = shallowRef<ReportAnswer | null>(null);
  const problems = ref<Partial<Record<keyof DayRange, string>>>({});
  const error = ref('');
  const loading = ref(false);
  /** Loading for longer than SLOW_MS: the screen says so. */
  const slow = ref(false);
  const reads = new LatestRead();
  let started = false;

  const kind = computed(() => reportKind(kindId.value));
  /** A login for every store of the organization (not limited to one) sees them side by side. */
  const orgWide = computed(() => {
    const user = useSessionStore().user;
    return user !== null && (user.dispensaryId ?? null) === null;
  });

  /** Reads the store's name and time zone once, sets the range from the preset and reads the report. */
  async function start(now: Date = new Date()): Promise<void> {
    if (!started) {
      started = true;
      const info = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
      if (info) {
        timeZone.value = info.timeZone;
        if (!stores.value.some((choice) => choice.shortName === DISPENSARY)) {
          stores.value = [{ shortName: DISPENSARY, name: info.name }, ...stores.value];
        }
      }
      if (preset.value !== 'custom') range.value = presetRange(preset.value, now, timeZone.value);
    }
    await run();
  }

  /**
   * A store chosen (an organization-wide manager's): a preset's days are counted again on that store's
   * calendar — "Today" at a store in another time zone is its own day, not the back office's — and all
   * stores side by side on the back office's own store's; then the report is read.
   */
  async function chooseStore(next: string, now: Date = new Date()): Promise<void> {
    store.value = next;
    const shortName = next === ALL_STORES ? DISPENSARY : next;
    const info = await loadStoreInfo(useSessionStore().api, shortName).catch(() => undefined);
    // Another store chosen while this one's zone was read: that choice counts its own days.
    if (store.value !== next) return;
    if (info) timeZone.value = info.timeZone;
    if (preset.value !== 'custom') range.value = presetRange(preset.value, now, timeZone.value);
    await run();
  }

  /** A preset chosen: its days (in the store's calendar) replace the dates, and the report is read. */
  async function choosePreset(next: RangePreset, now: Date = new Date()): Promise<void> {
    preset.value = next;
    if (next !== 'custom') range.value = presetRange(next, now, timeZone.value);
    await run();
  }

  /** A date typed: the range is custom from now on; a refused range says why beside its field. */
  async function typed(field: keyof DayRange, day: string): Promise<void> {
    range.value = { ...range.value, [field]: day };
    preset.value = 'custom';
    await run();
  }

  /**
   * A range refused, in words by field: the answer of another range is no longer shown as if it were
   * this one's (nor its CSV offered), and a read still on its way is dropped.
   */
  function refuse(found: Partial<Record<keyof DayRange, string>>): void {
    reads.dropAll();
    problems.value = found;
    answer.value = null;
    error.value = '';
    loading.value = false;
    slow.value = false;
  }

  /** Reads the chosen report; a range that cannot be asked for is refused in words, and nothing is shown for it. */
  async function run(): Promise<void> {
    const found = rangeProblems(range.value, kind.value.report === 'inventory-value');
    if (Object.keys(found).length > 0) return refuse(found);
    problems.value = {};
    const request: ReportRequest = {
      kind: kind.value,
      range: { ...range.value },
      compare: compare.value,
      store: orgWide.value ? store.value : DISPENSARY,
    };
    const last = reads.begin();
    loading.value = true;
    const timer = setTimeout(() => (slow.value = last()), SLOW_MS);
    try {
      const read = await fetchReport(request);
      if (!last()) return;
      answer.value = read;
      error.value = '';
      if (read.chain) learnStores(read.body.stores);
    } catch (failure) {
      if (!last()) return;
      const refusal = refusalOf(failure, { from: 'From', to: 'To' }, 'The report could not be read. Try again.');
      if (refusal.field === 'from' || refusal.field === 'to') refuse({ [refusal.field]: refusal.sentence });
      else error.value = refusal.sentence;
    } finally {
      clearTimeout(timer);
      if (last()) {
        loading.value = false;
        slow.value = false;
      }
    }
  }

  /** The stores a chain's answer named become choices of their own. */
  function learnStores(named: readonly { dispensaryShortName: string; dispensaryName: string }[]): void {
    const known = new Map(stores.value.map((choice) => [choice.shortName, choice]));
    for (const each of named)
      known.set(each.dispensaryShortName, { shortName: each.dispensaryShortName, name: each.dispensaryName });
    stores.value = [...known.values()];
  }

  function reset(): void {
    reads.dropAll();
    started = false;
    kindId.value = 'summary';
    preset.value = 'this-month';
    range.value = { from: '', to: '' };
    compare.value = false;
    store.value = DISPENSARY;
    stores.value = [];
    answer.value = null;
    problems.value = {};
    error.value = '';
    loading.value = false;
    slow.value = false;
  }

  return {
    kindId,
    kind,
    preset,
    range,
    compare,
    store,
    timeZone,
    stores,
    orgWide,
    answer,
    problems,
    error,
    loading,
    slow,
    start,
    chooseStore,
    choosePreset,
    typed,
    run,
    reset,
    ALL_STORES,
  };
});
