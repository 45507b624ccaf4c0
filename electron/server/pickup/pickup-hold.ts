import type { OrderPaymentStatus } from '../../../shared/order-status.js';

// The store's hold of orders ready for pickup, as pure rules: when it ends, whom it cancels, and why in words.

const HOUR_MS = 3_600_000;

/** When the hold of an order ready since `readySince` ends, `hours` later. */
export function holdEndsAt(readySince: string, hours: number): Date {
  return new Date(Date.parse(readySince) + hours * HOUR_MS);
}

/** The instant before which an order became ready for it to have been ready over `hours` at `now`. */
export function readyBefore(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * HOUR_MS);
}

/** True once an order ready since `readySince` is past the hold (an order ready exactly `hours` is not). */
export function pastHold(readySince: string, hours: number, now: Date): boolean {
  return holdEndsAt(readySince, hours).getTime() < now.getTime();
}

/**
 * What the sweep does with an order past its hold: cancel it (unpaid, or an ACH authorization the
 * cancel voids), or keep it for a manager (paid: giving the money back is a manager's decision, and
 * a paid order cannot be canceled with its money).
 */
export function expiryOf(paymentStatus: OrderPaymentStatus): 'cancel' | 'keep' {
  return paymentStatus === 'PAID' ? 'keep' : 'cancel';
}

/** The cancel's reason, as the audit trail and the order's history say it. */
export function unclaimedReason(hours: number): string {
  return `Not picked up within ${hours} hour${hours === 1 ? '' : 's'}`;
}
