import type { RefundableOrder } from '../../shared/contracts/payment-reports';
import { methodLabel } from '../../shared/labels';
import { formatMoney, type Cents } from '../../shared/money';

/**
 * What the refund by items says (README "Refunds"): quantities in units or grams, what a choice is
 * worth, and which payment gives it back. The worth itself is `shared/refunds/line-refund.ts`'s, the
 * service's own; these only say it.
 */

/** A line of the sale as the refund reads it. */
export type RefundableItem = RefundableOrder['lines'][number];
/** A payment of the order with what of it may still be refunded. */
export type RefundablePayment = RefundableOrder['payments'][number];

/** Thousandths as the number staff type: 1500 → 1.5, 2000 → 2. */
export const fromMilli = (milli: number): number => Math.round(milli) / 1000;

/** Thousandths of a line as people say them: "2" units, "1.5 g" of a weighed line. */
export function quantityText(milli: number, weighed: boolean): string {
  const number = String(fromMilli(milli));
  return weighed ? `${number} g` : number;
}

/** A part of a whole: "2 of 3", "1.5 g of 3.5 g". */
export function ofText(milli: number, wholeMilli: number, weighed: boolean): string {
  return `${quantityText(milli, weighed)} of ${quantityText(wholeMilli, weighed)}`;
}

/** How many items a choice gives back: a unit line counts its units, a weighed line counts one. */
export function itemCount(lines: readonly RefundableItem[], chosen: readonly number[]): number {
  return lines.reduce((sum, line, index) => {
    const milli = chosen[index] ?? 0;
    if (milli <= 0) return sum;
    return sum + (line.weighed ? 1 : Math.round(milli / 1000));
  }, 0);
}

/** "1 item", "3 items". */
export const itemsText = (count: number): string => `${count} ${count === 1 ? 'item' : 'items'}`;

/** What the choice gives back: "2 items · $26.10 back, tax $3.40 included". */
export function summaryText(count: number, amount: Cents, tax: Cents): string {
  if (count === 0) return 'Nothing chosen yet: choose how much of each item comes back.';
  const taxed = tax > 0 ? `, tax ${formatMoney(tax)} included` : '';
  return `${itemsText(count)} · ${formatMoney(amount)} back${taxed}`;
}

/** A payment in the list to choose from: "Cash · $40.26 left". */
export const paymentText = (payment: RefundablePayment): string =>
  `${methodLabel(payment.method)} · ${formatMoney(payment.refundableCents)} left`;

/** The items are worth more than the chosen payment has left: say so (the dialog offers what it has). */
export function overText(worth: Cents, payment: RefundablePayment): string {
  return (
    `These items are worth ${formatMoney(worth)}; the ${methodLabel(payment.method)} payment has only ` +
    `${formatMoney(payment.refundableCents)} left to refund.`
  );
}

/**
 * The payment a refund by items comes from by default: the one the manager opened it from, when it
 * has something left, else the one with the most left (the first of equals). Empty when none has.
 */
export function defaultPaymentId(payments: readonly RefundablePayment[], preferred?: string): string {
  const open = payments.filter((payment) => payment.refundableCents > 0);
  const chosen = open.find((payment) => payment.paymentId === preferred);
  if (chosen) return chosen.paymentId;
  const most = open.reduce<RefundablePayment | undefined>(
    (best, payment) => (!best || payment.refundableCents > best.refundableCents ? payment : best),
    undefined,
  );
  return most?.paymentId ?? '';
}
