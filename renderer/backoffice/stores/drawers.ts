import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ShiftList, ShiftView } from '../../../shared/contracts/cash';
import { loadStoreInfo } from '../../common/store-info';
import { refusalOf } from '../logic/refusal';
import { DISPENSARY, useSessionStore } from './session';

/** Where the store's drawers live in the API. */
export const DRAWERS = `/v2.0/dispensary/${DISPENSARY}/drawers`;
/** How often the open drawers are read again while the Drawers screen is shown. */
export const POLL_MS = 5000;
const PAGE = 25;

/** A person or register seen in the shifts, for the filters: id and what people read. */
export interface Choice {
  id: string;
  name: string;
}

/**
 * The Drawers screen's lists: the store's open drawers (read again every few seconds while shown,
 * and after every payment), and its past shifts filtered by store day, register and cashier, page by page.
 */
export const useDrawersStore = defineStore('drawers', () => {
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);
  /** The store's name, for a printed report ('' until known). */
  const storeName = ref('');
  const open = shallowRef<ShiftView[]>([]);
  const openError = ref('');
  const past = shallowRef<ShiftView[]>([]);
  const nextCursor = ref<string | null>(null);
  const pastError = ref('');
  const loading = ref(false);
  const day = ref('');
  const terminal = ref('');
  const cashier = ref('');
  /** Every register and cashier seen in a shift so far, so a filter can name them. */
  const seen = ref(new Map<string, Choice>());
  const seenCashiers = ref(new Map<string, Choice>());
  const registers = computed(() => [...seen.value.values()].sort((a, b) => a.name.localeCompare(b.name)));
  const cashiers = computed(() => [...seenCashiers.value.values()].sort((a, b) => a.name.localeCompare(b.name)));
  let timer: ReturnType<typeof setInterval> | undefined;
  let pending: ReturnType<typeof setTimeout> | undefined;

  function remember(shifts: ShiftView[]): void {
    const registerMap = new Map(seen.value);
    const cashierMap = new Map(seenCashiers.value);
    for (const shift of shifts) {
      registerMap.set(shift.terminalId, { id: shift.terminalId, name: shift.terminalId });
      cashierMap.set(shift.openedBy.id, shift.openedBy);
    }
    seen.value = registerMap;
    seenCashiers.value = cashierMap;
  }

  async function page(query: Record<string, string>): Promise<ShiftList> {
    const { api } = useSessionStore();
    const list = await api.get<ShiftList>(`${DRAWERS}/shifts?${new URLSearchParams(query)}`);
    remember(list.shifts);
    return list;
  }

  /**
   * Reads the open drawers again; a drawer that closed meanwhile brings the past shifts up to date
   * (answers whether one did).
   */
  async function loadOpen(): Promise<boolean> {
    try {
      const before = open.value.map((shift) => shift.id);
      open.value = (await page({ status: 'open', limit: '200' })).shifts;
      openError.value = '';
      const now = new Set(open.value.map((shift) => shift.id));
      if (!before.some((id) => !now.has(id))) return false;
      await loadPast();
      return true;
    } catch (failure) {
      openError.value = refusalOf(failure).sentence;
      return false;
    }
  }

  /** The past (closed) shifts matching the filters, newest first; `more` appends the next page. */
  async function loadPast(more = false): Promise<void> {
    const query: Record<string, string> = { status: 'closed', limit: String(PAGE) };
    if (day.value) query.day = day.value;
    if (terminal.value) query.terminal = terminal.value;
    if (cashier.value) query.cashier = cashier.value;
    if (more && nextCursor.value) query.before = nextCursor.value;
    loading.value = true;
    try {
      const list = await page(query);
      past.value = more ? [...past.value, ...list.shifts] : list.shifts;
      nextCursor.value = list.nextCursor;
      pastError.value = '';
    } catch (failure) {
      pastError.value = refusalOf(failure, { day: 'Day', terminal: 'Register', cashier: 'Cashier' }).sentence;
    } finally {
      loading.value = false;
    }
  }

  /** The screen is shown: the store's zone, both lists, and the open drawers every few seconds. */
  async function start(): Promise<void> {
    const { api } = useSessionStore();
    const store = await loadStoreInfo(api, DISPENSARY).catch(() => undefined);
    if (store) {
      timeZone.value = store.timeZone;
      storeName.value = store.name;
    }
    await Promise.all([loadOpen(), loadPast()]);
    stop();
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') void loadOpen();
    }, POLL_MS);
    document.addEventListener('visibilitychange', onVisible);
  }

  /** Back in view after a while hidden (no reads meanwhile): read the open drawers at once. */
  function onVisible(): void {
    if (document.visibilityState === 'visible') void loadOpen();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
    document.removeEventListener('visibilitychange', onVisible);
  }

  /** A payment changed the cash a drawer should hold: read the open drawers once the burst has passed. */
  function paymentChanged(): void {
    if (timer === undefined) return;
    clearTimeout(pending);
    pending = setTimeout(() => void loadOpen(), 250);
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    stop();
    clearTimeout(pending);
    open.value = [];
    past.value = [];
    nextCursor.value = null;
    openError.value = '';
    pastError.value = '';
    day.value = '';
    terminal.value = '';
    cashier.value = '';
    seen.value = new Map();
    seenCashiers.value = new Map();
  }

  return {
    timeZone,
    storeName,
    open,
    openError,
    past,
    nextCursor,
    pastError,
    loading,
    day,
    terminal,
    cashier,
    registers,
    cashiers,
    loadOpen,
    loadPast,
    start,
    stop,
    paymentChanged,
    reset,
  };
});
