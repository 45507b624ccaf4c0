import { ServicePayError } from '../../../../shared/errors.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import { paymentWords } from './payment-words.js';

/** True when `a` was completed after `b` (ids break a tie, as the reports order a sale's payments). */
function paidAfter(a: StoredPayment, b: StoredPayment): boolean {
  const [at, than] = [a.completedAt ?? a.createdAt, b.completedAt ?? b.createdAt];
  return at > than || (at === than && a.id > b.id);
}

/**
 * A payment of an online order handed over to its customer is given back by a refund (a return:
 * the sale stays completed, the money counted as returned), never voided: a void reopens only a
 * sale at the counter (its units come back), and would leave a picked-up order paid with less.
 */
export async function refusePickedUp(store: PaymentStore, q: Queryable, payment: StoredPayment): Promise<void> {
  if (!payment.orderId || !payment.dispensaryId) return;
  const order = await store.orders.findRecord(q, payment.dispensaryId, payment.orderId);
  if (order?.status !== 'COMPLETED' || order.source === 'register') return;
  throw new ServicePayError(
    'CONFLICT',
    `${paymentWords(payment)} cannot be voided: the order was picked up; refund it instead (a return after pickup is a refund)`,
  );
}

/**
 * A payment of an order that a later payment paid off is voided after that one, never before it:
 * voided first, it would leave the sale closed by the later payment with less money than its
 * total (its reports counting a sale no longer paid). Split tenders come back last first, as the
 * cashier took them; a refund (a return) of either is always possible.
 */
export async function refusePaidAfter(store: PaymentStore, q: Queryable, payment: StoredPayment): Promise<void> {
  if (!payment.orderId) return;
  const later = (await store.payments.ofOrder(q, payment.orderId)).find(
    (other) =>
      other.id !== payment.id &&
      other.closesSale &&
      (other.status === 'approved' || other.status === 'refunded') &&
      paidAfter(other, payment),
  );
  if (!later) return;
  const laterWords = paymentWords({ ...later, ticketAlphaNumId: null }).replace(/^The /, 'the ');
  // Refunded since (in full or in part), it can no longer be voided: only this one's refund is left to advise.
  const said =
    later.refunded > 0
      ? `: ${laterWords} that paid the rest of the order was refunded since; refund this one instead`
      : ` while ${laterWords} that paid the rest of the order stands: void that one first, or refund this one`;
  throw new ServicePayError('CONFLICT', `${paymentWords(payment)} cannot be voided${said}`);
}
