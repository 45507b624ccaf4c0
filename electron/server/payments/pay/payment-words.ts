import { methodLabel } from '../../../../shared/labels.js';
import { formatMoney } from '../../../../shared/money.js';
import type { StoredPayment } from '../store/payment-types.js';

/** The statuses a refusal says otherwise than by their name. */
const STATUS_WORDS: Record<string, string> = {
  pending: 'still pending',
  error: 'not processed',
};

/**
 * A payment in words, for refusals a manager reads in the back office (and an integrator in
 * `resultDetail`): "The Credit card payment of $16.24 for order CAZL9W", never its id alone.
 */
export function paymentWords(
  payment: Pick<StoredPayment, 'method' | 'charged' | 'amount' | 'ticketAlphaNumId'>,
): string {
  const order = payment.ticketAlphaNumId ? ` for order ${payment.ticketAlphaNumId}` : '';
  const amount = payment.charged > 0 ? payment.charged : payment.amount;
  return `The ${methodLabel(payment.method)} payment of ${formatMoney(amount)}${order}`;
}

/** A payment's status as a refusal says it: "still pending", "not processed", else as it is. */
export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}
