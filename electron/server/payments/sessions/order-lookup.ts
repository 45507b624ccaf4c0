import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { Dispensary } from '../../catalog/dispensary-repository.js';
import type { FullOrder } from '../../tickets/order-records.js';
import { balanceDue } from './session-view.js';
import type { PaymentStore } from '../store/payment-store.js';

/** The order a payment event names, and its dispensary. */
export interface PayableOrder {
  full: FullOrder;
  dispensary: Dispensary;
}

/** The dispensary `shortName` of the entity: 404 when unknown, 403 when another entity's. */
export function entityDispensary(store: PaymentStore, organizationId: string, shortName: string): Dispensary {
  const dispensary = store.dispensaries.findByShortName(shortName);
  if (!dispensary) throw new ServicePayError('NOT_FOUND', `no dispensary with short name "${shortName}"`);
  if (dispensary.organizationId !== organizationId) {
    throw new ServicePayError('FORBIDDEN', `you are not permitted to act for dispensary "${shortName}"`);
  }
  return dispensary;
}

/**
 * Finds the order of a payment event by its number (`ticketAlphaNumId`) or id (`ticketId`) among the
 * entity's dispensaries, or the one named. Unknown is 404; a number used by several dispensaries
 * is 400 asking for `dispensaryShortName`; a `ticketId` of another order is 400.
 */
export function findOrder(
  store: PaymentStore,
  organizationId: string,
  ref: { ticketAlphaNumId?: string; ticketId?: string; dispensary?: Dispensary },
): PayableOrder | undefined {
  if (!ref.ticketAlphaNumId && !ref.ticketId) return undefined;
  const dispensaries = ref.dispensary
    ? [ref.dispensary]
    : store.dispensaries.list().filter((dispensary) => dispensary.organizationId === organizationId);
  const number = ref.ticketAlphaNumId?.toUpperCase();
  const found = dispensaries.flatMap((dispensary) => {
    const full = number
      ? store.orders.findByNumber(dispensary.id, number)
      : store.orders.findById(dispensary.id, ref.ticketId!);
    return full ? [{ full, dispensary }] : [];
  });
  const what = number ? `order ${number}` : `order ${ref.ticketId}`;
  if (found.length === 0) {
    const where = ref.dispensary ? `dispensary "${ref.dispensary.shortName}"` : "this entity's dispensaries";
    throw new ServicePayError('NOT_FOUND', `no ${what} at ${where}`);
  }
  if (found.length > 1) {
    throw invalidInput('dispensaryShortName', `is required: ${what} exists at several dispensaries of this entity`);
  }
  const order = found[0]!;
  if (ref.ticketId && order.full.order.id !== ref.ticketId) {
    throw invalidInput('ticketId', `is not the id of ${what} (it is ${order.full.order.id})`);
  }
  return order;
}

/** Refuses an order that cannot take `amount` more cents now (409 naming why). */
export function checkPayable(store: PaymentStore, full: FullOrder, amount: number, field = 'originalAmount'): void {
  const { order } = full;
  if (order.status === 'PAID' || order.status === 'AUTHORIZED' || order.status === 'COMPLETED') {
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} is already paid`);
  }
  if (order.status !== 'AWAITING_PROCESSING') {
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} is ${order.status} and takes no payment`);
  }
  const totals = store.payments.orderTotals(order.id);
  const due = balanceDue(order.totals.total, totals);
  if (due <= 0) {
    const why = totals.pendingAmount > 0 ? 'has payments in progress for its whole balance' : 'is already paid';
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} ${why}`);
  }
  if (amount > due) {
    throw new ServicePayError(
      'CONFLICT',
      `${field} (${amount} cents) is more than the balance due of order ${order.orderNumber} (${due} cents)`,
      { field },
    );
  }
}
