import type { FailureDetails } from '../../../shared/errors';
import { formatMoney } from '../../common/format';
import { asSentence } from '../../common/refusal';
import type { OrderBalance } from '../../common/order-balance';

export { balanceOf, type OrderBalance } from '../../common/order-balance';

/** "Paid $29.07 · $0.51 due" for an order paid in part; null when nothing is paid yet (or all of it). */
export function balanceWords(balance: OrderBalance | null): string | null {
  if (!balance || balance.paid === 0 || balance.due === 0) return null;
  return `Paid ${formatMoney(balance.paid)} · ${formatMoney(balance.due)} due`;
}

/**
 * What the order's approved payments paid of the order of `total` cents, as the pole display says it
 * (at most the total: an ACH authorization of an order whose lines went down since holds more); 0 when
 * the balance read is another order's (another total) or none was read.
 */
export function paidBefore(balance: OrderBalance | null, total: number): number {
  if (!balance || balance.total !== total) return 0;
  return Math.min(balance.paid, total);
}

/** "$0.51 left to pay." after a payment that did not go through, once part of the order is paid. */
export function leftToPayWords(balance: OrderBalance | null): string {
  return balance && balance.due > 0 && balance.due < balance.total ? `${formatMoney(balance.due)} left to pay.` : '';
}

/** A payment that did not go through, as the POS hears of it: its words, and the refusal's figures when the service gave some. */
export interface PaymentFailure {
  message: string;
  details?: FailureDetails | undefined;
}

/**
 * A payment that did not go through, for people. A payment over the order's balance due (another
 * register took part of it meanwhile) is said from the refusal's figures, in dollars and words
 * ("Order SH67B2 has $0.51 left to pay, not $29.58: …"); any other failure in its own words, with
 * what is left to pay once part of the order is paid.
 */
export function paymentFailureWords(
  failure: PaymentFailure,
  orderNumber: string,
  balance: OrderBalance | null,
): string {
  const { balanceDue, requestedAmount } = failure.details ?? {};
  if (balanceDue !== undefined && requestedAmount !== undefined) {
    return (
      `Order ${orderNumber} has ${formatMoney(balanceDue)} left to pay, not ${formatMoney(requestedAmount)}: ` +
      'part of it is paid already. Take the payment again.'
    );
  }
  return [asSentence(failure.message), leftToPayWords(balance)].filter(Boolean).join(' ');
}

/**
 * The checkout's status line after a payment that did not go through. The refusal of a method the
 * cashier chose is said by the widget where she pressed: the line repeats it only once part of the
 * order is paid, so it never keeps older news ("A payment was approved…") beside a decline, and says
 * what is left to pay. A failure the widget does not say (`saidByWidget` false) is said here always.
 */
export function failureStatus(
  failure: PaymentFailure,
  orderNumber: string,
  balance: OrderBalance | null,
  saidByWidget: boolean,
): string {
  const partPaid = balance !== null && balance.paid > 0 && balance.due > 0;
  return !saidByWidget || partPaid ? paymentFailureWords(failure, orderNumber, balance) : '';
}

/**
 * "Payment canceled." — with why, where the service recorded one ("Canceled: the customer started
 * paying this order online" → "Payment canceled: the customer started paying this order online.").
 */
export function canceledWords(detail: string | null | undefined): string {
  const why = /^Canceled: (.+)$/s.exec(detail?.trim() ?? '')?.[1]?.trim();
  return why ? `Payment canceled: ${why.replace(/\.$/, '')}.` : 'Payment canceled.';
}
