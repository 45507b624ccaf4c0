import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  CountAnswer,
  CountEntryAnswer,
  CountLine,
  CountList,
  CountReport,
  CountView,
} from '../../../shared/contracts/inventory-counts';
import type { FailureChoice } from '../../../shared/errors';
import { countTotals } from '../../../shared/inventory/count-variance';
import { coalesce } from '../../common/coalesce';
import { ApiError } from '../../common/http';
import { LatestRead } from '../../common/latest-read';
import { refusalOf } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { DISPENSARY, useSessionStore } from './session';
import { enteredWords } from '../logic/count-words';
import { api, SETUP } from './setup/setup-api';

const COUNTS = `${SETUP}/inventory/counts`;
const LABELS = { package: 'Package', quantity: 'Quantity', name: 'Name', categories: 'Categories', rooms: 'Rooms' };

/** What the variance table shows: every package, those counted with a difference, or those not counted yet. */
export type LineFilter = 'all' | 'differences' | 'not-counted';

/**
 * Why an entry was refused, beside the field it is about: its package (tag) or the quantity there.
 * `choices`: the packages without a state tag the code typed names, in words, to pick the one counted.
 */
export interface EntryRefusal {
  field: 'package' | 'quantity';
  sentence: string;
  choices?: FailureChoice[];
}

/**
 * The back office's inventory counts (README "Inventory counts"): the store's counts, one started
 * or opened, packages entered by tag (a scanner types it and Enter), the variance report, paused,
 * resumed, cancelled or applied. Refusals are kept as sentences for the screen.
 */
export const useCountsStore = defineStore('counts', () => {
  const counts = ref<CountView[]>([]);
  const report = shallowRef<Omit<CountReport, 'resultCode' | 'resultReason'> | null>(null);
  /** The reads of a count to open (`show`): only the last one asked is shown. */
  const opening = new LatestRead();
  const loaded = ref(false);
  const busy = ref(false);
  const error = ref('');
  /** What the last entry or action did, for a status line. */
  const message = ref('');
  /** The last package entered: its row is marked in the table. */
  const lastEntered = ref('');
  const filter = ref<LineFilter>('all');
  /** True while the Products tab shows the counts (kept across a visit to another tab). */
  const visible = ref(false);
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);

  const open = computed(() => report.value?.count ?? null);
  const taking = computed(() => open.value?.status === 'OPEN');
  const lines = computed<CountLine[]>(() => {
    const all = report.value?.lines ?? [];
    if (filter.value === 'differences') return all.filter((line) => line.difference !== null && line.difference !== 0);
    if (filter.value === 'not-counted') return all.filter((line) => line.counted === null);
    return all;
  });

  const sentence = (failure: unknown) => refusalOf(failure, LABELS).sentence;

  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    busy.value = true;
    error.value = '';
    try {
      return await work();
    } catch (failure) {
      error.value = sentence(failure);
      return undefined;
    } finally {
      busy.value = false;
    }
  }

  /** The screen is shown: the store's zone, its counts, and the one still open (or paused) opened. */
  async function load(): Promise<void> {
    const store = await loadStoreInfo(useSessionStore().api, DISPENSARY).catch(() => undefined);
    if (store) timeZone.value = store.timeZone;
    await run(async () => {
      counts.value = (await api().get<CountList>(COUNTS)).counts;
      loaded.value = true;
    });
    const unfinished = counts.value.find((count) => count.status === 'OPEN' || count.status === 'PAUSED');
    if (unfinished && !report.value) await show(unfinished.number);
  }

  /** Opens count `number`; only the last count asked opens (another clicked while one is read, one started, the sheet closed). */
  async function show(number: number): Promise<void> {
    // A read asked before another (or before the sheet closed) says nothing, answered or refused.
    await opening.run(
      { loading: busy, error },
      () => api().get<CountReport>(`${COUNTS}/${number}`),
      (answer) => {
        report.value = answer;
        message.value = '';
        lastEntered.value = '';
      },
      sentence,
    );
  }

  /** The report with `line` in its row (or added, when new to the scope), its totals counted again. */
  function withLine(line: CountLine): void {
    const current = report.value;
    if (!current) return;
    const found = current.lines.some((row) => row.packageId === line.packageId);
    const lines = found
      ? current.lines.map((row) => (row.packageId === line.packageId ? line : row))
      : [...current.lines, line];
    const milli = (value: number | null) => (value === null ? null : Math.round(value * 1000));
    const totals = countTotals(
      lines.map((row) => ({
        countedMilli: milli(row.counted),
        expectedMilli: milli(row.expected),
        priceCents: row.priceCents,
      })),
    );
    report.value = { ...current, lines, totals };
  }

  async function refresh(): Promise<void> {
    if (!open.value) return;
    report.value = await api().get<CountReport>(`${COUNTS}/${open.value.number}`);
    counts.value = (await api().get<CountList>(COUNTS)).counts;
  }

  /** The open count and the list read again: one read at a time, bursts of changes sharing the next. */
  const reread = coalesce(async () => {
    const number = open.value?.number;
    if (number !== undefined) {
      const fresh = await api().get<CountReport>(`${COUNTS}/${number}`);
      // Another count opened meanwhile keeps its own report.
      if (open.value?.number === number) report.value = fresh;
    }
    counts.value = (await api().get<CountList>(COUNTS)).counts;
  });

  /**
   * A count changed somewhere (another device entered a package, another manager paused it), or the
   * live channel is back after a gap: the count open and the list are read again, in place (any
   * count's change moves the list). Nothing to read before the screen was ever shown.
   */
  async function changed(): Promise<void> {
    if (!loaded.value) return;
    // A failed read is read again at the next change, or when the count is opened: nothing typed is lost.
    await reread().catch(() => undefined);
  }

  /** Starts a count (no name: the service names it by its rooms); true once it is open on the screen. */
  async function start(name: string, categories: string[], rooms: string[] = []): Promise<boolean> {
    opening.dropAll();
    const started = await run(async () => {
      const body = { ...(name ? { name } : {}), categories, ...(rooms.length > 0 ? { rooms } : {}) };
      const { count } = await api().post<CountAnswer>(COUNTS, body);
      // The sheet opens with its words and the list at once: a package scanned the moment it shows
      // says what it counted, never overwritten by the start's words arriving after it.
      const [opened, list] = await Promise.all([
        api().get<CountReport>(`${COUNTS}/${count.number}`),
        api().get<CountList>(COUNTS),
      ]);
      report.value = opened;
      counts.value = list.counts;
      message.value = `Count ${count.number} “${count.name}” started: scan a package’s tag, then enter what is there.`;
      return true;
    });
    return started ?? false;
  }

  /**
   * Enters what is there of the package `tag` (or id): null when the service kept it, else why not,
   * for the sheet to say beside the field it is about (an entry's refusal is not the screen's `error`);
   * a code naming several packages without a tag answers them, to enter the one picked by its id.
   */
  async function enter(tag: string, quantity: number): Promise<EntryRefusal | null> {
    const count = open.value;
    if (!count) return { field: 'package', sentence: 'No count is open: nothing was entered.' };
    busy.value = true;
    error.value = '';
    try {
      const { line } = await api().post<CountEntryAnswer>(`${COUNTS}/${count.number}/entries`, {
        package: tag,
        quantity,
      });
      // The line answered replaces its row in place: a count of thousands of packages is not read again per scan.
      withLine(line);
      lastEntered.value = line.packageId;
      message.value = enteredWords(line);
      return null;
    } catch (failure) {
      // A refused entry is said alone: the last one's "Counted …" beside it would read as this one's.
      message.value = '';
      const { field, sentence } = refusalOf(failure, LABELS);
      const choices = failure instanceof ApiError ? failure.details?.choices : undefined;
      if (choices?.length) return { field: 'package', sentence, choices };
      return { field: field === 'quantity' ? 'quantity' : 'package', sentence };
    } finally {
      busy.value = false;
    }
  }

  async function move(action: 'pause' | 'resume' | 'cancel'): Promise<void> {
    const count = open.value;
    if (!count) return;
    await run(async () => {
      await api().post<CountAnswer>(`${COUNTS}/${count.number}/${action}`);
      await refresh();
      const done = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' }[action];
      message.value = `Count ${count.number} ${done}.`;
    });
  }

  /** Applies the open count (the signed-in manager approves it). */
  async function apply(): Promise<void> {
    const count = open.value;
    if (!count) return;
    await run(async () => {
      const applied = await api().post<CountReport>(`${COUNTS}/${count.number}/apply`, {});
      report.value = applied;
      counts.value = (await api().get<CountList>(COUNTS)).counts;
      const made = applied.lines.filter((line) => line.adjustmentId !== null).length;
      message.value = `Count ${count.number} applied: ${made} adjustment${made === 1 ? '' : 's'} made.`;
    });
  }

  function close(): void {
    opening.dropAll();
    report.value = null;
    message.value = '';
    error.value = '';
    filter.value = 'all';
  }

  function reset(): void {
    counts.value = [];
    loaded.value = false;
    visible.value = false;
    close();
  }

  return {
    counts,
    report,
    loaded,
    busy,
    error,
    message,
    lastEntered,
    filter,
    visible,
    timeZone,
    open,
    taking,
    lines,
    load,
    changed,
    show,
    start,
    enter,
    move,
    apply,
    close,
    reset,
  };
});
