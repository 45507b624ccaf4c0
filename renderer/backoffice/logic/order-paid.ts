import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { orderStatusLabel } from '../../../shared/labels';
import { centsOf, formatMoney } from '../../common/format';
import { balanceOf, type OrderBalance } from '../../common/order-balance';
import { partPaidOf } from '../../common/listed-order-money';

/**
 * What an order's payments hold, as the service counts its balance (README "Payments"): each approved
 * payment's amount applied to the order (a cashless ATM's cash back and a tip are not the order's).
 * The order's status alone does not tell an order partly paid from one with nothing in.
 */
export interface OrderPaid {
  /** Cents paid toward the order. */
  paid: number;
  /** Cents still to pay (0 once paid in full). */
  due: number;
  /** Some of its money is in, not all, while it awaits payment. */
  partPaid: boolean;
}

/** What `order`'s payments paid of it, what is left, and whether that makes it partly paid. */
export function orderPaid(
  order: Pick<Ticket, 'status' | 'total'>,
  payments: readonly Pick<ListedPayment, 'status' | 'originalAmount'>[],
): OrderPaid {
  const total = centsOf(order.total);
  const { paid } = balanceOf(total, payments);
  return { paid, due: Math.max(0, total - paid), partPaid: partPaidOf(order.status, total, paid) };
}

/** "partly paid", "awaiting payment", "paid": the order's status in a sentence, as its payments leave it. */
export function orderStatusWords(
  order: Pick<Ticket, 'status' | 'total' | 'source'>,
  payments: readonly Pick<ListedPayment, 'status' | 'originalAmount'>[],
): string {
  return orderStatusLabel(order.status, order.source, orderPaid(order, payments).partPaid).toLowerCase();
}

/** What a payment taken now may take of an order, in cents, as the service's balance check counts it. */
/** What an order's payments hold and what is left to take (`balanceOf`). */
export type OrderCharge = OrderBalance;

/**
 * What a new payment of `order` may take: its total less what its approved and pending payments
 * hold, as the service counts its balance due (README "Payments"). A payment session asked for more
 * is refused, so the virtual terminal asks for this.
 */
export function orderCharge(
  order: Pick<Ticket, 'total'>,
  payments: readonly Pick<ListedPayment, 'status' | 'originalAmount'>[],
): OrderCharge {
  return balanceOf(centsOf(order.total), payments);
}

/**
 * The virtual terminal's button: "Take payment of $51.63", or of what is left once part of it is in
 * ("Take payment of $41.63 (of $51.63; $10.00 paid)"), with what is being taken meanwhile.
 */
export function takePaymentWords(charge: OrderCharge): string {
  const held = [
    ...(charge.paid > 0 ? [`${formatMoney(charge.paid)} paid`] : []),
    ...(charge.pending > 0 ? [`${formatMoney(charge.pending)} being paid`] : []),
  ];
  const taking = `Take payment of ${formatMoney(charge.due)}`;
  return held.length === 0 ? taking : `${taking} (of ${formatMoney(charge.total)}; ${held.join(', ')})`;
}
