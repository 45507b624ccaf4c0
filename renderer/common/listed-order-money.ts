import type { OrderUpdate } from '../../shared/contracts/live';
import type { ListedTicket } from '../../shared/contracts/ticket';
import { centsOf } from './format';

/** What a listed order's payments hold, in cents, as the list says it (README "Tickets"). */
export interface ListedMoney {
  /** Paid toward it, as its balance counts it (refunds not taken off). */
  paid: number;
  /** Given back by refunds. */
  refunded: number;
  /** Some of its money is in, not all, while it awaits payment ("Partly paid"). */
  partPaid: boolean;
}

/** A listed order; `paid` and `refunded` are absent where only a live update has told of it. */
export type ListedOrder = Pick<ListedTicket, 'status' | 'total'> & Partial<Pick<ListedTicket, 'paid' | 'refunded'>>;

/**
 * What `order`'s payments hold, from the list's figures: partly paid while it awaits payment with
 * some but not all of its total paid (as the back office counts an open order's payments).
 */
export function listedMoney(order: ListedOrder): ListedMoney {
  const paid = order.paid === undefined ? 0 : centsOf(order.paid);
  const refunded = order.refunded === undefined ? 0 : centsOf(order.refunded);
  return { paid, refunded, partPaid: partPaidOf(order.status, centsOf(order.total), paid) };
}

/** Whether an order with `paid` of its `total` cents in is partly paid: some, not all, while it awaits payment. */
export function partPaidOf(status: string, total: number, paid: number): boolean {
  return status === 'AWAITING_PROCESSING' && paid > 0 && paid < total;
}

/**
 * Whether a live update of a listed order may have moved what its payments hold, so the list is
 * read again: the news does not carry the figures. Money moved without a status move (a part
 * payment, a refund) or with a move of how it is paid (paid, a void reopening it); a move of its
 * stage alone (picked, packed) leaves the money as it was.
 */
export function moneyMayHaveMoved(
  shown: Pick<OrderUpdate, 'status' | 'paymentStatus' | 'total'>,
  update: Pick<OrderUpdate, 'status' | 'paymentStatus' | 'total'>,
): boolean {
  return shown.status === update.status || shown.paymentStatus !== update.paymentStatus || shown.total !== update.total;
}
