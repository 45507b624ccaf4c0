import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ShiftList, ShiftView } from '../../../shared/contracts/cash';
import { LatestRead } from '../../common/latest-read';
import { loadStoreInfo } from '../../common/store-info';
import { refusalOf } from '../../common/refusal';
import { DISPENSARY, useSessionStore } from './session';

/** Where the store's drawers live in the API. */
export const DRAWERS = `/v2.0/dispensary/${DISPENSARY}/drawers`;
const PAGE = 25;

/** A person or register seen in the shifts, for the filters: id and what people read. */
export interface Choice {
  id: string;
  name: string;
}

/**
 * The Drawers screen's lists: the store's open drawers (read again on the live channel's drawer and
 * payment events while shown, and when the channel comes back), and its past shifts filtered by
 * store day, register and cashier, page by page.
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
  /** The Drawers screen is shown. */
  let shown = false;
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

  /** Only the last read of the past shifts is shown (other filters chosen meanwhile win). */
  const reads = new LatestRead();

  /** The past (closed) shifts matching the filters, newest first; `more` appends the next page. */
  async function loadPast(more = false): Promise<void> {
    const query: Record<string, string> = { status: 'closed', limit: String(PAGE) };
    if (day.value) query.day = day.value;
    if (terminal.value) query.terminal = terminal.value;
    if (cashier.value) query.cashier = cashier.value;
    if (more && nextCursor.value) query.before = nextCursor.value;
    // A cursor pages only the list it came with: none is offered until the list of new filters answers.
    else nextCursor.value = null;
    const last = reads.begin();
    loading.value = true;
    try {
      const list = await page(query);
      if (!last()) return;
      past.value = more ? [...past.value, ...list.shifts] : list.shifts;
      nextCursor.value = list.nextCursor;
      pastError.value = '';
    } catch (failure) {
      if (!last()) return;
      pastError.value = refusalOf(failure, { day: 'Day', terminal: 'Register', cashier: 'Cashier' }).sentence;
    } finally {
      if (last()) loading.value = false;
    }
  }

  /** The screen is shown: the store's zone and both lists. */
  async function start(): Promise<void> {
    const { api } = useSessionStore();
    const store = await loadStoreInfo(api, DISPENSARY).catch(() => undefined);
    if (store) {
      timeZone.value = store.timeZone;
      storeName.value = store.name;
    }
    shown = true;
    await Promise.all([loadOpen(), loadPast()]);
  }

  function stop(): void {
    shown = false;
  }

  /**
   * A drawer opened, moved cash or closed, a payment changed the cash one should hold, or the live
   * channel is back after a gap: read the open drawers once the burst has passed.
   */
  function changed(): void {
    if (!shown) return;
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
    changed,
    reset,
  };
});
