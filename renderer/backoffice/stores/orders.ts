import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { ListedPayment, PaymentPage } from '../../../shared/contracts/payment-reports';
import { formatMoney, type Cents } from '../../../shared/money';
import { methodLabel } from '../../../shared/labels';
import type { ReadyOrder, ReadyOverADay } from '../../../shared/contracts/unclaimed';
import type { Ticket, TicketPage } from '../../../shared/contracts/ticket';
import type { OrderStatus } from '../../../shared/order-status';
import { orderPaid, orderStatusWords } from '../logic/order-paid';
import { itemsText } from '../../common/refund-items';
import { coalesce } from '../../common/coalesce';
import { LatestRead } from '../../common/latest-read';
import { moneyMayHaveMoved } from '../../common/listed-order-money';
import { printSaleReceipt } from '../../common/receipt-html';
import { ApiError } from '../../common/http';
import { refusalWords, serviceSaid } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { zonedDate, zonedDayRange } from '../../../shared/zoned-day';
import { useOrderHistoryStore } from './order-history';
import { usePickupQueueStore } from './pickup-queue';
import type { ItemsRefund } from './refund-items';
import { DISPENSARY, TICKETS, terminal, useSessionStore } from './session';

/** What the orders screen lists: every order of the filters, the pickup queue, or those ready over a day. */
export type OrdersView = 'all' | 'queue' | 'ready';

/** How a refund ended: done, or refused with the reason (`answered`: the service said so; else it did not answer). */
export type RefundOutcome = { ok: true } | { ok: false; sentence: string; answered: boolean };

/** One listed order (the list endpoint's tickets carry everything the table shows, what is paid too). */
export type OrderRow = TicketPage['tickets'][number];

/** Orders a page of the list shows, and the most the service answers at once. */
const PAGE = 25;
const MOST = 100;

/** This computer's time zone: the default until the store's is known. */
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A `YYYY-MM-DD` day in `timeZone`, from its midnight to the next, as ISO instants. */
export function dayRange(day: string, timeZone = localZone()): { from: string; to: string } {
  return zonedDayRange(day, timeZone);
}

/** Today as `YYYY-MM-DD` in `timeZone`. */
export function today(now = new Date(), timeZone = localZone()): string {
  return zonedDate(now, timeZone);
}

/** The orders screen: a filtered list page by page, and one order opened with its payments. */
export const useOrdersStore = defineStore('orders', () => {
  const status = ref<OrderStatus | ''>('');
  /** The store's time zone: days are the store's days, as in today's sales. */
  const timeZone = ref(localZone());
  const day = ref(today());
  const rows = ref<OrderRow[]>([]);
  const nextCursor = ref<string | null>(null);
  const loading = ref(false);
  const error = ref('');
  const selected = shallowRef<Ticket | null>(null);
  const payments = shallowRef<ListedPayment[]>([]);
  /**
   * What the open order's payments paid of it ("Partly paid" while some of its money is in): its row
   * says it from them too, as read with the order (the list's figures may be older).
   */
  const selectedPaid = computed(() => (selected.value ? orderPaid(selected.value, payments.value) : null));
  const message = ref('');
  /** Why the service refused the last cancel or void of the open order (its own words). */
  const refusal = ref('');
  /** Every order of the filters, the pickup queue (online orders not yet picked up), or those ready for over a day. */
  const view = ref<OrdersView>('all');
  const ready = shallowRef<ReadyOrder[]>([]);
  /** The store's hold of ready orders, in hours (README "Unclaimed orders"). */
  const holdHours = ref(48);

  function query(cursor: string | null, limit = PAGE): string {
    const params = new URLSearchParams({ limit: String(limit) });
    if (status.value) params.set('status', status.value);
    if (day.value) {
      const { from, to } = dayRange(day.value, timeZone.value);
      params.set('from', from);
      params.set('to', to);
    }
    if (cursor) params.set('cursor', cursor);
    return `${TICKETS}/tickets?${params}`;
  }

  /**
   * Runs a call with the screen busy. A failure's sentence goes to the list's error, or, for a write
   * on the open order (`onOrder`), to its refusal; such a write also clears the order's message.
   * A call no longer `current` (a later search asked) leaves the screen to the later one: its
   * failure and the end of its loading are not shown.
   */
  async function run<T>(work: () => Promise<T>, onOrder = false, current = () => true): Promise<T | undefined> {
    const failed = onOrder ? refusal : error;
    loading.value = true;
    failed.value = '';
    if (onOrder) message.value = '';
    try {
      return await work();
    } catch (failure) {
      if (current()) failed.value = serviceSaid(failure, 'The service could not answer.');
      return undefined;
    } finally {
      if (current()) loading.value = false;
    }
  }

  /** Only the last search's answer is shown (other filters chosen meanwhile win). */
  const searches = new LatestRead();

  async function search(more = false): Promise<void> {
    const { api } = useSessionStore();
    const last = searches.begin();
    const page = await run(() => api.get<TicketPage>(query(more ? nextCursor.value : null)), false, last);
    if (!page || !last()) return;
    rows.value = more ? [...rows.value, ...page.tickets] : page.tickets;
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

  /** Opens an order by its number (as typed) or id, with its payments; `refresh` keeps the message shown. */
  async function open(reference: { orderNumber?: string; orderId?: string }, refresh = false): Promise<void> {
    const { api } = useSessionStore();
    if (!refresh) {
      message.value = '';
      refusal.value = '';
    }
    const path = reference.orderId
      ? `${TICKETS}/ticket/${reference.orderId}`
      : `${TICKETS}/ticket/by-number/${encodeURIComponent((reference.orderNumber ?? '').trim().toUpperCase())}`;
    const ticket = await run(() => api.get<Ticket>(path));
    if (!ticket) return;
    const page = await run(() =>
      api.get<PaymentPage>(`/v2.0/payments?dispensaryShortName=${DISPENSARY}&ticketAlphaNumId=${ticket.orderNumber}`),
    );
    selected.value = ticket;
    payments.value = page?.payments ?? [];
  }

  /**
   * Cancels the open order, saying why (the audit trail keeps it); the service refuses (409) one
   * that holds money, and says why.
   */
  async function cancel(reason: string): Promise<void> {
    const order = selected.value;
    if (!order) return;
    const { api } = useSessionStore();
    const canceled = await run(() => api.post<Ticket>(`${TICKETS}/ticket/${order.orderId}/cancel`, { reason }), true);
    if (!canceled) return;
    selected.value = canceled;
    message.value = `Order ${canceled.orderNumber} is canceled; its items are back in stock.`;
    void show(view.value);
  }

  /** Voids an approved payment of the open order, saying why (the money goes back; an uncovered order reopens). */
  async function voidPayment(paymentId: string, reason: string): Promise<void> {
    const order = selected.value;
    if (!order) return;
    const { api } = useSessionStore();
    const voided = await run(() => api.post(`/v2.0/payments/${paymentId}/void`, { reason }), true);
    if (!voided) return;
    await open({ orderId: order.orderId }, true);
    const status = orderStatusWords(selected.value ?? order, payments.value);
    message.value = `The payment is voided and the money goes back; order ${order.orderNumber} is now ${status}.`;
  }

  /**
   * Refunds `amount` cents of a payment of the open order, saying why, sent with `key` as its
   * Idempotency-Key: a retry with the same key and amount gives back nothing more. The order is read
   * again (a whole refund may reopen it) and the message says what went back. `items`: a refund by
   * items (`stores/refund-items.ts`), its lines and whether they go back in stock.
   */
  async function refund(
    paymentId: string,
    amount: Cents,
    reason: string,
    key: string,
    items?: Pick<ItemsRefund, 'lines' | 'restock' | 'count'>,
  ): Promise<RefundOutcome> {
    const order = selected.value;
    const payment = payments.value.find((entry) => entry.id === paymentId);
    if (!order || !payment)
      return { ok: false, sentence: 'The payment is no longer shown: open the order again.', answered: true };
    const { api } = useSessionStore();
    loading.value = true;
    message.value = '';
    refusal.value = '';
    try {
      const body = items ? { amount, reason, lines: items.lines, restock: items.restock } : { amount, reason };
      await api.post(`/v2.0/payments/${paymentId}/refund`, body, { 'idempotency-key': key });
    } catch (failure) {
      const answered = failure instanceof ApiError && failure.status > 0;
      return { ok: false, sentence: refusalWords(failure, 'The service did not answer: try again.'), answered };
    } finally {
      loading.value = false;
    }
    await open({ orderId: order.orderId }, true);
    const status = orderStatusWords(selected.value ?? order, payments.value);
    const back = `${formatMoney(amount)} of the ${methodLabel(payment.method)} payment is refunded`;
    message.value = items
      ? `${itemsText(items.count)} came back: ${back}; order ${order.orderNumber} is ${status}.${items.restock ? ' They are back in stock.' : ''}`
      : `${back}; order ${order.orderNumber} is ${status}.`;
    return { ok: true };
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

  /** A copy of an order's receipt, marked "Reprint", through the print dialog; answers what to tell the manager. */
  async function printReceipt(orderId: string): Promise<string> {
    const { api } = useSessionStore();
    return printSaleReceipt(api, DISPENSARY, orderId, { reprint: true, desktop: terminal.desktop });
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
