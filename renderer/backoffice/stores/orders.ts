import { defineStore } from 'pinia';
import { ref, shallowRef, type Ref } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { ReadyOrder, ReadyOverADay } from '../../../shared/contracts/unclaimed';
import type { TicketPage } from '../../../shared/contracts/ticket';
import type { OrderStatus } from '../../../shared/order-status';
import { listParams, localZone, today } from '../logic/order-list';
import { coalesce } from '../../common/coalesce';
import { LatestRead } from '../../common/latest-read';
import { moneyMayHaveMoved } from '../../common/listed-order-money';
import { serviceSaid } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { useOpenOrder } from './open-order';
import { useOrderHistoryStore } from './order-history';
import { usePickupQueueStore } from './pickup-queue';
import { DISPENSARY, TICKETS, useSessionStore } from './session';

/** What the orders screen lists: every order of the filters, the pickup queue, or those ready over a day. */
export type OrdersView = 'all' | 'queue' | 'ready';

/** One listed order (the list endpoint's tickets carry everything the table shows, what is paid too). */
export type OrderRow = TicketPage['tickets'][number];

/** Orders a page of the list shows, and the most the service answers at once. */
const PAGE = 25;
const MOST = 100;

/** The orders screen: a filtered list page by page, and one order opened with its payments (open-order.ts). */
export const useOrdersStore = defineStore('orders', () => {
  const status = ref<OrderStatus | ''>('');
  /** The store's time zone: days are the store's days, as in today's sales. */
  const timeZone = ref(localZone());
  const day = ref(today());
  const rows = ref<OrderRow[]>([]);
  const nextCursor = ref<string | null>(null);
  const loading = ref(false);
  const error = ref('');
  /** Every order of the filters, the pickup queue (online orders not yet picked up), or those ready for over a day. */
  const view = ref<OrdersView>('all');
  const ready = shallowRef<ReadyOrder[]>([]);
  /** The store's hold of ready orders, in hours (README "Unclaimed orders"). */
  const holdHours = ref(48);

  function query(cursor: string | null, limit = PAGE): string {
    const filters = { status: status.value, day: day.value, timeZone: timeZone.value };
    return `${TICKETS}/tickets?${listParams(filters, cursor, limit)}`;
  }

  /**
   * Runs a call with the screen busy. A failure's sentence goes to `failed`: the list's error, or, for
   * a write on the open order, its refusal (open-order.ts, which also clears the order's message).
   * A call no longer `current` (a later search asked) leaves the screen to the later one: its
   * failure and the end of its loading are not shown.
   */
  async function run<T>(
    work: () => Promise<T>,
    failed: Ref<string> = error,
    current = () => true,
  ): Promise<T | undefined> {
    loading.value = true;
    failed.value = '';
    try {
      return await work();
    } catch (failure) {
      if (current()) failed.value = serviceSaid(failure, 'The service could not answer.');
      return undefined;
    } finally {
      if (current()) loading.value = false;
    }
  }

  const { selected, payments, selectedPaid, message, refusal, open, cancel, voidPayment, refund, printReceipt } =
    useOpenOrder({ loading, run, listAgain: () => void show(view.value) });

  /** Only the last search's answer is shown (other filters chosen meanwhile win). */
  const searches = new LatestRead();

  async function search(more = false): Promise<void> {
    const { api } = useSessionStore();
    const last = searches.begin();
    const cursor = more ? nextCursor.value : null;
    // A cursor pages only the list it came with: none is offered until the list of new filters answers.
    if (!cursor) nextCursor.value = null;
    const page = await run(() => api.get<TicketPage>(query(cursor)), error, last);
    if (!page || !last()) return;
    rows.value = cursor ? [...rows.value, ...page.tickets] : page.tickets;
    nextCursor.value = page.nextCursor;
  }

  /**
   * The orders shown read again (as many as are shown, up to the list's most), for what their
   * payments hold now: live news of an order does not carry it. Quiet: a failure leaves the list.
   */
  const reread = coalesce(async () => {
    const { api } = useSessionStore();
    const last = searches.begin();
    const limit = Math.min(Math.max(rows.value.length, PAGE), MOST);
    const page = await api.get<TicketPage>(query(null, limit)).catch(() => undefined);
    if (!page || !last()) return;
    rows.value = page.tickets;
    nextCursor.value = page.nextCursor;
  });

  /** Orders packed and ready for over a day, longest waiting first, and the store's hold. */
  async function loadReady(): Promise<void> {
    const { api } = useSessionStore();
    const answer = await run(() => api.get<ReadyOverADay>(`${TICKETS}/pickup/ready-over-a-day`));
    if (!answer) return;
    ready.value = answer.orders;
    holdHours.value = answer.holdHours;
  }

  /** Shows every order of the filters, the pickup queue, or those ready over a day (read again each time). */
  async function show(which: OrdersView): Promise<void> {
    view.value = which;
    if (which === 'queue') return usePickupQueueStore().reload();
    await (which === 'ready' ? loadReady() : search());
  }

  /** A live order update: refresh its row, and the open order. */
  function updated(update: OrderUpdate): void {
    usePickupQueueStore().updated(update);
    const row = rows.value.find((entry) => entry.orderId === update.orderId);
    if (view.value === 'ready') void loadReady();
    else if (view.value === 'all' && row) {
      rows.value = rows.value.map((entry) => (entry === row ? { ...row, status: update.status } : entry));
      if (moneyMayHaveMoved(row, update)) void reread();
    } else if (view.value === 'all') void search();
    if (selected.value?.orderId === update.orderId) void open({ orderId: update.orderId }, true);
  }

  /**
   * Takes the store's time zone as the screen opens (the window's copy, read again after the store's
   * settings are saved: store-info.ts); the one in use stays if it cannot be read.
   */
  async function loadTimeZone(): Promise<void> {
    const { api } = useSessionStore();
    const store = await loadStoreInfo(api, DISPENSARY).catch(() => undefined);
    if (store) setTimeZone(store.timeZone);
  }

  /** Uses the store's time zone for days; a day still on its default becomes the store's today. */
  function setTimeZone(zone: string): void {
    const wasToday = day.value === today(new Date(), timeZone.value);
    timeZone.value = zone;
    if (wasToday) day.value = today(new Date(), zone);
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    status.value = '';
    view.value = 'all';
    ready.value = [];
    usePickupQueueStore().reset();
    useOrderHistoryStore().reset();
    day.value = today(new Date(), timeZone.value);
    rows.value = [];
    nextCursor.value = null;
    error.value = '';
    selected.value = null;
    payments.value = [];
    message.value = '';
    refusal.value = '';
  }

  return {
    status,
    day,
    timeZone,
    rows,
    nextCursor,
    loading,
    error,
    selected,
    payments,
    selectedPaid,
    message,
    refusal,
    view,
    ready,
    holdHours,
    search,
    show,
    loadReady,
    open,
    cancel,
    voidPayment,
    refund,
    printReceipt,
    updated,
    setTimeZone,
    loadTimeZone,
    reset,
  };
});
