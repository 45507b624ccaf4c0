import type { QueueOrder } from '../../../shared/contracts/pickup';
import { centsOf, formatMoney } from '../../common/format';

/** The stages the queue moves an order to (README "Order statuses"): started, and packed from its pick list. */
export type QueueMove = 'IN_PROCESS' | 'PACKED_READY';

/**
 * The card's next step: "Start picking" a new order, then its pick list ("Pick and pack": packed
 * once every package is scanned); none for a ready one (handed over at the counter).
 */
export function nextMove(order: Pick<QueueOrder, 'fulfillmentStatus'>): 'start' | 'pick' | null {
  if (order.fulfillmentStatus === 'AWAITING_PROCESSING') return 'start';
  if (order.fulfillmentStatus === 'IN_PROCESS') return 'pick';
  return null;
}

/**
 * Whether the register offers "Cancel order", and what the confirm says. A paid order holds money
 * and is not offered (the service refuses it): the card says why instead.
 */
export function cancelOffer(
  order: Pick<QueueOrder, 'paymentStatus' | 'orderNumber' | 'paid'>,
): { offered: true; message: string } | { offered: false; why: string } {
  if (order.paymentStatus === 'PAID') {
    return {
      offered: false,
      why: 'Paid, so it cannot be canceled here: a manager voids or refunds its payment first.',
    };
  }
  const paid = centsOf(order.paid);
  if (paid > 0) {
    return {
      offered: false,
      why:
        `${formatMoney(paid)} of it is paid, so it cannot be canceled here: take the rest at the counter, ` +
        'or a manager voids or refunds that payment first.',
    };
  }
  const voided = order.paymentStatus === 'AUTHORIZED' ? ' Its ACH authorization is voided.' : '';
  return {
    offered: true,
    message: `Order ${order.orderNumber} ends and its items go back on the shelf.${voided} This cannot be undone.`,
  };
}
