import type { Principal } from '../../core/principal.js';
import type { Queryable } from '../../db/query.js';
import type { SessionRecord } from '../store/payment-types.js';

/** A staff user as a payment names who took it. */
export interface PaymentTaker {
  id: string;
  employeeRef: string | null;
}

/**
 * Who sent an order's payment to a register's pole display: the display feature answers it from what
 * the register's POS set there (display/display-senders.ts); app.ts hands it in.
 */
export interface DisplaySenders {
  /**
   * The staff user whose POS set register `terminalId`'s display to take the payment of order
   * `orderId`, while the display still shows that payment; null when it shows something else, or
   * when who set it is not known (a partner, a state set before it was kept).
   */
  paymentSentBy(q: Queryable, dispensaryId: string, terminalId: string, orderId: string): Promise<PaymentTaker | null>;
}

/**
 * Whom a payment is taken for (README "Pole display"): its principal, except on a register's pole
 * display (channel `ffd`), where the customer pays on a screen signed in as the display: the payment
 * is then the cashier's whose POS sent the order there, so it, its order's history, the receipt and
 * the reports name that cashier at once, as a payment at the counter does. The register (and so the
 * drawer shift) stays the display's, which is that POS's.
 */
export async function takenFor(
  senders: DisplaySenders,
  q: Queryable,
  session: Pick<SessionRecord, 'channel' | 'dispensaryId' | 'orderId'>,
  principal: Principal,
): Promise<Principal> {
  const { channel, dispensaryId, orderId } = session;
  if (channel !== 'ffd' || !dispensaryId || !orderId || !principal.terminalId) return principal;
  const cashier = await senders.paymentSentBy(q, dispensaryId, principal.terminalId, orderId);
  return cashier ? { ...principal, kind: 'staff', subjectId: cashier.id, employeeRef: cashier.employeeRef } : principal;
}
