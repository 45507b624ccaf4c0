import { computed, ref, shallowRef, type Ref } from 'vue';
import type { ListedPayment, PaymentPage } from '../../../shared/contracts/payment-reports';
import type { Cents } from '../../../shared/money';
import type { Ticket } from '../../../shared/contracts/ticket';
import { canceledWords, refundedWords, voidedWords } from '../logic/order-change-words';
import { refundedCents } from '../logic/order-discounts';
import { orderPaid, orderStatusWords } from '../logic/order-paid';
import { readCanceledPoints } from '../../common/canceled-points';
import { printSaleReceipt } from '../../common/receipt-html';
import { ApiError } from '../../common/http';
import { refusalWords } from '../../common/refusal';
import type { ItemsRefund } from './refund-items';
import { DISPENSARY, TICKETS, terminal, useSessionStore } from './session';

/** How a refund ended: done, or refused with the reason (`answered`: the service said so; else it did not answer). */
export type RefundOutcome = { ok: true } | { ok: false; sentence: string; answered: boolean };

/** What the open order shares of the orders screen (orders.ts): its busy flag and its calls. */
export interface OrdersScreen {
  loading: Ref<boolean>;
  /** Runs a call with the screen busy; its failure goes to `failed` (the list's error unless given). */
  run<T>(work: () => Promise<T>, failed?: Ref<string>): Promise<T | undefined>;
  /** Reads the list shown again (a canceled order's row changes). */
  listAgain(): void;
}

/** The order opened on the orders screen, with its payments, and what is done to it. Part of the orders store. */
export function useOpenOrder(screen: OrdersScreen) {
  const { loading, run } = screen;
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

  /** A write on the open order: its failure goes to its refusal, and it clears the order's message. */
  function write<T>(work: () => Promise<T>): Promise<T | undefined> {
    message.value = '';
    return run(work, refusal);
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
   * that holds money, and says why. The message then says what the cancel moved of the customer's
   * points, once read from the order's history (the service's count, as its confirm said it would).
   */
  async function cancel(reason: string): Promise<void> {
    const order = selected.value;
    if (!order) return;
    const { api } = useSessionStore();
    const canceled = await write(() => api.post<Ticket>(`${TICKETS}/ticket/${order.orderId}/cancel`, { reason }));
    if (!canceled) return;
    selected.value = canceled;
    const said = canceledWords(canceled.orderNumber);
    message.value = said;
    screen.listAgain();
    // Unread, the message stays as it is (the history shown says the points); a later message wins.
    const points = await readCanceledPoints(api, TICKETS, canceled.orderId);
    if (points && message.value === said) message.value = canceledWords(canceled.orderNumber, points);
  }

  /** Voids an approved payment of the open order, saying why (the money goes back; an uncovered order reopens). */
  async function voidPayment(paymentId: string, reason: string): Promise<void> {
    const order = selected.value;
    if (!order) return;
    const { api } = useSessionStore();
    const payment = payments.value.find((entry) => entry.id === paymentId);
    const voided = await write(() => api.post(`/v2.0/payments/${paymentId}/void`, { reason }));
    if (!voided) return;
    await open({ orderId: order.orderId }, true);
    const status = orderStatusWords(selected.value ?? order, payments.value);
    message.value = voidedWords(order.orderNumber, status, payment);
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
    items?: Pick<ItemsRefund, 'lines' | 'restock' | 'count' | 'rest'>,
  ): Promise<RefundOutcome> {
    const order = selected.value;
    const payment = payments.value.find((entry) => entry.id === paymentId);
    if (!order || !payment)
      return { ok: false, sentence: 'The payment is no longer shown: open the order again.', answered: true };
    const { api } = useSessionStore();
    const statusBefore = orderStatusWords(order, payments.value);
    loading.value = true;
    message.value = '';
    refusal.value = '';
    try {
      const lines = items
        ? { lines: items.lines, restock: items.restock, ...(items.rest ? { rest: items.rest } : {}) }
        : {};
      const body = { amount, reason, ...lines };
      await api.post(`/v2.0/payments/${paymentId}/refund`, body, { 'idempotency-key': key });
    } catch (failure) {
      const answered = failure instanceof ApiError && failure.status > 0;
      return { ok: false, sentence: refusalWords(failure, 'The service did not answer: try again.'), answered };
    } finally {
      loading.value = false;
    }
    // The other payments of a split return, named as they were listed before it.
    const rest = (items?.rest ?? []).flatMap(({ paymentId: id, amount: part }) => {
      const other = payments.value.find((entry) => entry.id === id);
      return other ? [{ method: other.method, amount: part }] : [];
    });
    await open({ orderId: order.orderId }, true);
    const status = orderStatusWords(selected.value ?? order, payments.value);
    const after = { orderNumber: order.orderNumber, status, changed: status !== statusBefore };
    const refundedInAll = refundedCents(payments.value);
    message.value = refundedWords(amount, payment, { ...after, refundedInAll }, items && { ...items, rest });
    return { ok: true };
  }

  /** A copy of an order's receipt, marked "Reprint", through the print dialog; answers what to tell the manager. */
  async function printReceipt(orderId: string): Promise<string> {
    const { api } = useSessionStore();
    return printSaleReceipt(api, DISPENSARY, orderId, { reprint: true, desktop: terminal.desktop });
  }

  return { selected, payments, selectedPaid, message, refusal, open, cancel, voidPayment, refund, printReceipt };
}
