import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { LatestRead } from '../../common/latest-read';
import { readableStores } from '../../common/readable-stores';
import { loadStoreInfo } from '../../common/store-info';
import { reportKind } from '../logic/report-kinds';
import type { DayRange, RangePreset } from '../logic/report-range';
import type { DayPreset } from '../logic/stock-day';
import { useReportDates, type DateProblems } from '../logic/use-report-dates';
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
 * The Reports screen (README "Reports"): the manager's choices — report, range (or, for the stock at
 * a day's end, its day), comparison and, for an organization-wide manager, the store — kept across
 * tabs, and the last answer.
 */
export const useReportsStore = defineStore('reports', () => {
  const kindId = ref('summary');
  const compare = ref(false);
  const store = ref(DISPENSARY);
  /** The zone the presets count days in: the chosen store's (the back office's own for all stores). */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const stores = ref<StoreChoice[]>([]);
  const answer = shallowRef<ReportAnswer | null>(null);
  const problems = ref<DateProblems>({});
  const error = ref('');
  const loading = ref(false);
  /** Loading for longer than SLOW_MS: the screen says so. */
  const slow = ref(false);
  const reads = new LatestRead();
  let started = false;

  const kind = computed(() => reportKind(kindId.value));
  /** The report is of one day's stock: its day is asked for, not a range. */
  const stockDay = computed(() => kind.value.report === 'inventory-value');
  /** A login for every store of the organization (not limited to one) sees them side by side. */
  const orgWide = computed(() => {
    const user = useSessionStore().user;
    return user !== null && (user.dispensaryId ?? null) === null;
  });
  const dates = useReportDates(timeZone, stockDay);

  /**
   * Reads the store's name and time zone once — and, for an organization-wide manager, every store
   * they may read, to pick from at once — sets the range and day from the presets and reads the report.
   */
  async function start(now: Date = new Date()): Promise<void> {
    if (!started) {
      started = true;
      const { api } = useSessionStore();
      const [info, readable] = await Promise.all([
        loadStoreInfo(api, DISPENSARY).catch(() => undefined),
        orgWide.value ? readableStores(api) : Promise.resolve([]),
      ]);
      if (info) timeZone.value = info.timeZone;
      // The back office's own store first, then the others by name.
      learnStores([...(info ? [{ shortName: DISPENSARY, name: info.name }] : []), ...readable]);
      dates.countPresets(now);
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
    dates.countPresets(now);
    await run();
  }

  /** A preset chosen: its days (in the store's calendar) replace the dates, and the report is read. */
  async function choosePreset(next: RangePreset, now: Date = new Date()): Promise<void> {
    dates.setPreset(next, now);
    await run();
  }

  /** A day preset chosen (the stock at a day's end): its day, in the store's calendar, is read. */
  async function chooseDay(next: DayPreset, now: Date = new Date()): Promise<void> {
    dates.setDayPreset(next, now);
    await run();
  }

  /**
   * A date typed: the range (or the stock's day) is custom from now on; a refused one says why beside
   * its field.
   */
  async function typed(field: keyof DayRange, value: string): Promise<void> {
    dates.type(field, value);
    await run();
  }

  /**
   * A range refused, in words by field: the answer of another range is no longer shown as if it were
   * this one's (nor its CSV offered), and a read still on its way is dropped.
   */
  function refuse(found: DateProblems): void {
    reads.dropAll();
    problems.value = found;
    answer.value = null;
    error.value = '';
    loading.value = false;
    slow.value = false;
  }

  /** Reads the chosen report; a range that cannot be asked for is refused in words, and nothing is shown for it. */
  async function run(): Promise<void> {
    const found = dates.problems();
    if (Object.keys(found).length > 0) return refuse(found);
    problems.value = {};
    const request: ReportRequest = {
      kind: kind.value,
      range: dates.asked(),
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
      if (read.chain)
        learnStores(
          read.body.stores.map((each) => ({ shortName: each.dispensaryShortName, name: each.dispensaryName })),
        );
    } catch (failure) {
      if (!last()) return;
      const refused = dates.refusal(failure, request.store === ALL_STORES);
      if (refused.problems) refuse(refused.problems);
      else error.value = refused.sentence;
    } finally {
      clearTimeout(timer);
      if (last()) {
        loading.value = false;
        slow.value = false;
      }
    }
  }

  /** The stores listed, or named by a chain's answer, become choices of their own. */
  function learnStores(named: readonly StoreChoice[]): void {
    const known = new Map(stores.value.map((choice) => [choice.shortName, choice]));
    for (const each of named) known.set(each.shortName, each);
    stores.value = [...known.values()];
  }

  function reset(): void {
    reads.dropAll();
    started = false;
    kindId.value = 'summary';
    dates.reset();
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
    preset: dates.preset,
    range: dates.range,
    dayPreset: dates.dayPreset,
    day: dates.day,
    stockDay,
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
    chooseDay,
    typed,
    run,
    reset,
    ALL_STORES,
  };
});
