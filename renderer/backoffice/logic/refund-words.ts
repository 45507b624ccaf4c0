import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import { formatMoney, parseDecimal, type Cents } from '../../../shared/money';
import { ungroupedOr } from '../../../shared/typed-number';
import { refusalOf, type OrderStatus, type OrderPaymentStatus } from '../../../shared/order-status';
import { storeTime } from '../../../shared/store-time';
import { methodLabel } from '../../../shared/labels';

/**
 * What the order detail says about refunds, voids and cancels (README "Payments", "Order statuses"):
 * the service decides, these say it first in words so that nothing refused is offered.
 */

/**
 * Cents of `payment` that can still be given back: what was charged but a cashless ATM's cash back
 * (handed over in cash already), less what its refunds gave back. The service caps a refund at it.
 */
export function refundableCents(payment: ListedPayment): Cents {
  return Math.max(0, payment.chargedAmount - payment.cashbackAmount - payment.refundedAmount);
}

/**
 * Why `payment` cannot be refunded now, in words; null when it can. Only an approved, captured
 * payment with something left is refunded (a card stored offline waits until it is sent).
 */
export function refundRefusal(payment: ListedPayment): string | null {
  if (payment.status === 'refunded') return 'It is refunded in full.';
  if (payment.status !== 'approved') return null;
  if (!payment.captured) return 'An authorization not captured yet is voided, not refunded.';
  if (refundableCents(payment) === 0) return 'Nothing of it is left to refund.';
  return null;
}

/** True when a Refund is offered for `payment` (approved, captured, something left). */
export function refundable(payment: ListedPayment): boolean {
  return payment.status === 'approved' && refundRefusal(payment) === null;
}

/** What the void rule needs of the payment's order: an online order picked up is given back by refunds. */
export interface VoidingOrder {
  status: string;
  source: string;
  paymentStatus?: string;
}

/** True when `a` was made after `b` (ids break a tie, as the service orders an order's payments). */
const madeAfter = (a: ListedPayment, b: ListedPayment) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);

/**
 * Why an approved payment offers no Void (null: it may be voided), as the service says: one partly
 * refunded is refunded for the rest instead, one of an online order picked up is refunded (a
 * return after pickup is a refund; a void reopens only a sale at the counter), and of a sale paid
 * in several payments (`payments`, the order's), the one that paid it off is voided first.
 */
export function voidRefusal(
  payment: ListedPayment,
  order?: VoidingOrder,
  payments: readonly ListedPayment[] = [],
): string | null {
  if (payment.status !== 'approved') return null;
  if (payment.refundedAmount > 0) return 'A partly refunded payment cannot be voided: refund the rest instead.';
  if (order?.status === 'COMPLETED' && order.source !== 'register') {
    return 'The order was picked up: give money back with a refund (a return), not a void.';
  }
  const kept = (other: ListedPayment) => other.status === 'approved' || other.status === 'refunded';
  const later = payments.find((other) => other.id !== payment.id && kept(other) && madeAfter(other, payment));
  if (order?.paymentStatus === 'PAID' && later) {
    const what = `the ${methodLabel(later.method)} payment of ${formatMoney(later.chargedAmount || later.originalAmount)}`;
    // A later payment refunded (in full or in part) can no longer be voided: this one is refunded too.
    if (later.status === 'refunded' || later.refundedAmount > 0) {
      return `It cannot be voided: ${what} that paid the rest of the order was refunded since. Refund this one instead.`;
    }
    return `It cannot be voided while ${what} that paid the rest of the order stands: void that one first, or refund this one.`;
  }
  return null;
}

/** A refund amount as typed: its cents, or why it is refused (in words, with what may be given back). */
export function checkRefundAmount(text: string, left: Cents): { cents: Cents } | { refusal: string } {
  if (text.trim() === '') return { refusal: `Enter the amount to give back, at most ${formatMoney(left)}.` };
  // Thousands commas are read ("1,250.00"), any other comma refused saying why (shared/typed-number.ts).
  const read = ungroupedOr(text.replace(/^\s*\$/, ''), 'The amount');
  if ('sentence' in read) return { refusal: read.sentence };
  const cents = parseDecimal(read.text);
  if (cents === undefined) return { refusal: 'Enter the amount in dollars and cents, such as 12.50.' };
  if (cents <= 0) return { refusal: 'The amount must be more than $0.00.' };
  if (cents > left) return { refusal: `At most ${formatMoney(left)} is left to refund of this payment.` };
  return { cents };
}

/** "Refunded $20.13 at 1:04 PM" for each of the payment's refunds, in the store's time. */
export function refundLines(payment: ListedPayment, timeZone: string): string[] {
  return payment.refunds.map(
    (refund) => `Refunded ${formatMoney(refund.amount)} at ${storeTime(refund.createdAt, timeZone)}`,
  );
}

/** What the cancel rule needs of an order. */
export interface CancelableOrder {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  total: string;
}

/**
 * Whether the back office offers Cancel for `order`, and if not why (in words; '' when nothing is
 * worth saying, such as an order already canceled). The service cancels an order not handed over
 * or canceled that holds no money: an approved or pending payment refuses it (void or refund first);
 * an ACH authorization is voided by the cancel itself.
 */
export function cancelOffer(
  order: CancelableOrder,
  payments: readonly ListedPayment[],
): { offered: boolean; why: string } {
  if (order.status === 'COMPLETED' || order.status === 'CANCELED') return { offered: false, why: '' };
  const total = parseDecimal(order.total) ?? 0;
  if (payments.some((payment) => payment.status === 'pending')) {
    return { offered: false, why: 'A payment of this order is in progress: wait for it to finish before canceling.' };
  }
  const holding = payments.some((payment) => payment.status === 'approved' && payment.captured);
  if (holding) {
    return {
      offered: false,
      why: 'An order holding money cannot be canceled. To give the money back, void its payment first (or refund it where it cannot be voided); the order then awaits payment again and can be canceled.',
    };
  }
  const refused = refusalOf(order.orderNumber, { ...order, totals: { total } }, 'CANCELED');
  return refused === null ? { offered: true, why: '' } : { offered: false, why: sentence(refused) };
}

function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * Where a refund's cash comes from, said in its dialog; null for a card (its processor gives it back).
 * A refund made in the back office is at its own `bo-…` terminal, which has no drawer (README "Cash
 * drawers"): the cash counts in no register's drawer, so taken from one, that drawer's close would
 * show a false shortage. It is taken from the safe; a return at the POS counter is that drawer's.
 */
export function cashRefundSource(payment: Pick<ListedPayment, 'method'>): string | null {
  if (payment.method !== 'Cash') return null;
  return (
    'No register’s drawer counts this cash: take it from the safe, or the drawer it came from counts short ' +
    'at its close. Cash from a drawer: return the items at that register (Today’s orders, Return items).'
  );
}
