import type { PaymentSession } from '../../../shared/contracts/payment';
import type { Outcome } from './widget-state';

/** The heading of a widget whose order is paid already: sent again after it was paid, or paid meanwhile in another. */
export const PAID_TITLE = 'This order is already paid';

/**
 * Whether the session's order is paid by payments of other sessions (another login's widget, a
 * register) while this session, still open, has nothing under way: the order takes no more.
 */
export function paidElsewhere(session: PaymentSession): boolean {
  const { order } = session;
  return session.status === 'open' && !session.pending && !!order && order.total > 0 && order.paid >= order.total;
}

/**
 * The result a widget shows for an order paid already — the same a reload of the page shows then
 * (the service refuses a new session: "Order ABC234 is already paid.").
 */
export function paidOutcome(message: string): Outcome {
  return { kind: 'refused', title: PAID_TITLE, message, record: null, method: null };
}

/** The service's sentence for an order paid already, as a reload of the page says it. */
export const paidSentence = (orderNumber: string) => `Order ${orderNumber} is already paid.`;
