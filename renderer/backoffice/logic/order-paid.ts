import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { orderStatusLabel } from '../../../shared/labels';
import { centsOf } from '../../common/format';

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
  const paid = payments
    .filter((payment) => payment.status === 'approved')
    .reduce((cents, payment) => cents + payment.originalAmount, 0);
  const due = Math.max(0, total - paid);
  return { paid, due, partPaid: order.status === 'AWAITING_PROCESSING' && paid > 0 && due > 0 };
}

/** "partly paid", "awaiting payment", "paid": the order's status in a sentence, as its payments leave it. */
export function orderStatusWords(
  order: Pick<Ticket, 'status' | 'total' | 'source'>,
  payments: readonly Pick<ListedPayment, 'status' | 'originalAmount'>[],
): string {
  return orderStatusLabel(order.status, order.source, orderPaid(order, payments).partPaid).toLowerCase();
}
