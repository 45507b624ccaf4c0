import type { RefundableOrder } from '../../shared/contracts/payment-reports';
import { methodLabel } from '../../shared/labels';
import { listed } from '../../shared/list-words';
import { formatMoney, type Cents } from '../../shared/money';
import type { ReturnPart } from '../../shared/refunds/split-return';

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

/** "$33.14 to the Debit card payment", "$10.00 in cash": one payment's part of a return. */
export function partText(amount: Cents, payment: Pick<RefundablePayment, 'method'> | undefined): string {
  if (!payment) return formatMoney(amount);
  return payment.method === 'Cash'
    ? `${formatMoney(amount)} in cash`
    : `${formatMoney(amount)} to the ${methodLabel(payment.method)} payment`;
}

/** The parts of a return in words, joined: "$33.14 to the Debit card payment and $10.00 in cash". */
export function partsText(parts: readonly ReturnPart[], payments: readonly RefundablePayment[]): string {
  const each = parts.map((part) =>
    partText(
      part.amountCents,
      payments.find((payment) => payment.paymentId === part.paymentId),
    ),
  );
  return listed(each);
}

/**
 * Items worth more than the chosen payment has left, given back across the order's payments:
 * "These items are worth $43.14; the Debit card payment has $33.14 left, so it comes back as $33.14 to
 * the Debit card payment and $10.00 in cash."
 */
export function splitText(
  worth: Cents,
  payment: RefundablePayment,
  parts: readonly ReturnPart[],
  payments: readonly RefundablePayment[],
): string {
  return (
    `These items are worth ${formatMoney(worth)}; the ${methodLabel(payment.method)} payment has ` +
    `${formatMoney(payment.refundableCents)} left, so it comes back as ${partsText(parts, payments)}.`
  );
}

/**
 * Why the worth of a return cannot come back across the order's payments at once (the service's
 * rule: one card payment at most, the rest in cash), saying where the rest is given back; '' when
 * it can.
 */
export function splitRefusal(
  worth: Cents,
  parts: readonly ReturnPart[],
  payments: readonly RefundablePayment[],
): string {
  const total = parts.reduce((sum, part) => sum + part.amountCents, 0);
  if (total < worth) {
    return `The order's payments have only ${formatMoney(total)} left to refund in all.`;
  }
  const cards = parts
    .map((part) => payments.find((payment) => payment.paymentId === part.paymentId))
    .filter((payment): payment is RefundablePayment => !!payment && payment.method !== 'Cash');
  if (cards.length <= 1) return '';
  const [, ...others] = parts;
  const rest = others.reduce((sum, part) => sum + part.amountCents, 0);
  const where = cards
    .slice(1)
    .map((card) => `the ${methodLabel(card.method)} payment`)
    .join(' and ');
  return (
    `The other ${formatMoney(rest)} is on ${where}: one return refunds one card at most. ` +
    `Refund this payment's part now; a manager refunds the rest of ${where} in the back office (Orders, this order, Refund).`
  );
}
