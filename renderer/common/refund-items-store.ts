import { defineStore } from 'pinia';
import { computed, ref, shallowRef, watch } from 'vue';
import type { RefundableOrder, RefundRequest } from '../../shared/contracts/payment-reports';
import { formatMoney, type Cents } from '../../shared/money';
import { lineRefundPart, lineWorths, refundableMilli } from '../../shared/refunds/line-refund';
import { splitReturn, type ReturnPart } from '../../shared/refunds/split-return';
import type { Api } from './http';
import { refusalWords } from './refusal';
import { defaultPaymentId, fromMilli, itemCount, splitRefusal } from './refund-items';

/** A refund by items ready to send: the payment it comes from, and the body of its request. */
export interface ItemsRefund {
  paymentId: string;
  amount: Cents;
  lines: NonNullable<RefundRequest['lines']>;
  restock: boolean;
  /** How many items come back (a weighed line counts one). */
  count: number;
  /** Items worth more than the payment has left: the order's other payments that give back the rest. */
  rest?: { paymentId: string; amount: Cents }[];
}

/**
 * A refund by items (the back office's refund dialog, a return at the POS counter): the sale's lines
 * as the service reads them for a refund, how much of each comes back (thousandths), whether it
 * goes back in stock, and the payment it comes from. What a choice is worth is
 * `shared/refunds/line-refund.ts`'s, to the cent what the service refunds. Each window defines it
 * with its own signed-in `api`.
 */
export const defineRefundItemsStore = (api: () => Api) =>
  defineStore('refund-items', () => {
    const order = shallowRef<RefundableOrder | null>(null);
    const loading = ref(false);
    const error = ref('');
    /** Thousandths of each line (in the order's order) that come back. */
    const chosen = ref<number[]>([]);
    /** Off by default: returned cannabis is usually destroyed or quarantined, not sold again. */
    const restock = ref(false);
    const paymentId = ref('');
    /** The manager took the payment's rest when the items are worth more than it has left. */
    const capped = ref(false);
    // Taking a payment's rest is a choice about that payment only.
    watch(paymentId, () => (capped.value = false));

    const lines = computed(() => order.value?.lines ?? []);
    const worths = computed(() => (order.value ? lineWorths(order.value.lines, order.value) : []));
    /** Each line's part of the choice, amount and tax in cents (0 for a line not chosen). */
    const parts = computed(() =>
      lines.value.map((_, index) => lineRefundPart(lines.value, worths.value, index, chosen.value[index] ?? 0)),
    );
    const worth = computed(() => parts.value.reduce((sum, part) => sum + part.amountCents, 0));
    const tax = computed(() => parts.value.reduce((sum, part) => sum + part.taxCents, 0));
    const count = computed(() => itemCount(lines.value, chosen.value));
    const payment = computed(() => order.value?.payments.find((entry) => entry.paymentId === paymentId.value));
    /** The items are worth more than the chosen payment has left. */
    const over = computed(() => !!payment.value && worth.value > payment.value.refundableCents);
    /**
     * Items worth more than the chosen payment has left come back across the order's payments: it
     * gives all it has, the others the rest, the last made first (shared/refunds/split-return.ts).
     */
    const shares = computed<ReturnPart[]>(() =>
      order.value && over.value ? splitReturn(worth.value, order.value.payments, paymentId.value) : [],
    );
    /** Why the worth cannot come back across the payments in one return (in words); '' when it can. */
    const unsplit = computed(() =>
      order.value && over.value ? splitRefusal(worth.value, shares.value, order.value.payments) : '',
    );
    /** The worth comes back across several payments. */
    const split = computed(() => over.value && !capped.value && unsplit.value === '');
    /** What goes back in all: what the items are worth, or the payment's rest once the manager took it. */
    const amount = computed(() => (over.value && capped.value ? payment.value!.refundableCents : worth.value));

    /** Reads what of the order may come back; nothing chosen, the payment `preferred` or the one with most left. */
    async function load(orderId: string, preferred?: string): Promise<void> {
      loading.value = true;
      error.value = '';
      order.value = null;
      try {
        const answer = await api().get<RefundableOrder>(`/v2.0/ticket/${encodeURIComponent(orderId)}/refundable`);
        order.value = answer;
        chosen.value = answer.lines.map(() => 0);
        restock.value = false;
        capped.value = false;
        paymentId.value = defaultPaymentId(answer.payments, preferred);
      } catch (failure) {
        error.value = refusalWords(failure, 'The service did not answer: close the dialog and try again.');
      } finally {
        loading.value = false;
      }
    }

    /** Sets how much of line `index` comes back (units or grams), kept within what is left of it. */
    function choose(index: number, quantity: number): void {
      const line = lines.value[index];
      if (!line) return;
      const milli = Math.min(Math.max(0, Math.round(quantity * 1000)), refundableMilli(line));
      chosen.value = chosen.value.map((entry, at) => (at === index ? milli : entry));
    }

    /** All that is left of line `index` comes back. */
    const all = (index: number) => choose(index, fromMilli(refundableMilli(lines.value[index]!)));

    /** The request to send, or why it cannot be sent yet (in words). */
    function request(): { refund: ItemsRefund } | { refusal: string } {
      if (!payment.value) return { refusal: 'No payment of this order has money left to refund.' };
      if (count.value === 0) return { refusal: 'Choose what comes back: at least one item.' };
      if (over.value && !capped.value && !split.value) {
        return {
          refusal: `${unsplit.value} Set the refund to ${formatMoney(payment.value.refundableCents)}, or choose another payment.`,
        };
      }
      if (amount.value <= 0) return { refusal: `These items are worth ${formatMoney(0)}: nothing is refunded.` };
      const picked = lines.value
        .map((line, index) => ({ itemId: line.itemId, quantity: fromMilli(chosen.value[index] ?? 0) }))
        .filter((line) => line.quantity > 0);
      const [first, ...others] = split.value ? shares.value : [];
      return {
        refund: {
          paymentId: payment.value.paymentId,
          amount: first?.amountCents ?? amount.value,
          lines: picked,
          restock: restock.value,
          count: count.value,
          ...(others.length > 0
            ? { rest: others.map((part) => ({ paymentId: part.paymentId, amount: part.amountCents })) }
            : {}),
        },
      };
    }

    return {
      order,
      loading,
      error,
      chosen,
      restock,
      paymentId,
      capped,
      lines,
      parts,
      worth,
      tax,
      count,
      payment,
      over,
      shares,
      unsplit,
      split,
      amount,
      load,
      choose,
      all,
      request,
    };
  });

/** The store a window defines with `defineRefundItemsStore`. */
export type RefundItemsStore = ReturnType<ReturnType<typeof defineRefundItemsStore>>;
