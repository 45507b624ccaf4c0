import { invalidInput, ServicePayError, type FailureDetails } from '../../../../shared/errors.js';
import { inScope, type Principal } from '../../core/principal.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import type { Queryable } from '../../db/query.js';
import type { FullOrder } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import { balanceDue } from '../pay/session-view.js';

/** The order a payment event names, and its dispensary. */
export interface PayableOrder {
  full: FullOrder;
  dispensary: Dispensary;
}

/** The dispensary `shortName` of the principal's entity: 404 when unknown, 403 when out of its scope. */
export async function entityDispensary(
  store: PaymentStore,
  principal: Principal,
  shortName: string,
): Promise<Dispensary> {
  const dispensary = await store.dispensaries.findByShortName(shortName);
  if (!dispensary) throw new ServicePayError('NOT_FOUND', `no dispensary with short name "${shortName}"`);
  if (!inScope(principal, dispensary.organizationId, dispensary.id)) {
    throw new ServicePayError('FORBIDDEN', `you are not permitted to act for dispensary "${shortName}"`);
  }
  return dispensary;
}

/**
 * Finds the order of a payment event by its number (`ticketAlphaNumId`) or id (`ticketId`) among the
 * dispensaries the principal may act for, or the one named. Unknown is 404; a number used by several
 * dispensaries is 400 asking for `dispensaryShortName`; a `ticketId` of another order is 400.
 */
export async function findOrder(
  store: PaymentStore,
  q: Queryable,
  principal: Principal,
  ref: { ticketAlphaNumId?: string; ticketId?: string; dispensary?: Dispensary },
): Promise<PayableOrder | undefined> {
  if (!ref.ticketAlphaNumId && !ref.ticketId) return undefined;
  const number = ref.ticketAlphaNumId?.toUpperCase();
  const scope = {
    organizationId: principal.organizationId,
    dispensaryId: ref.dispensary?.id ?? principal.dispensaryId,
  };
  const matches = number
    ? await store.orders.findByNumberIn(q, scope, number)
    : await store.orders.findByIdIn(q, scope, ref.ticketId!);
  const what = number ? `order ${number}` : `order ${ref.ticketId}`;
  if (matches.length === 0) {
    const where = ref.dispensary ? ref.dispensary.name : "this entity's dispensaries";
    throw new ServicePayError('NOT_FOUND', `no ${what} at ${where}`);
  }
  if (matches.length > 1) {
    throw invalidInput('dispensaryShortName', `is required: ${what} exists at several dispensaries of this entity`);
  }
  const full = matches[0]!;
  if (ref.ticketId && full.order.id !== ref.ticketId) {
    throw invalidInput('ticketId', `is not the id of ${what} (it is ${full.order.id})`);
  }
  const dispensary = ref.dispensary ?? (await store.dispensaries.findById(full.order.dispensaryId, q))!;
  return { full, dispensary };
}

/**
 * Refuses an order that cannot take `amount` more cents now (409 naming why). A payment over the
 * balance due also carries its figures as data (`details`: the balance, what was asked, and what
 * the order's approved payments already paid of its total, so a widget can say "$11.10 of $23.10 is
 * already paid; $12.00 is left" without reading the sentence).
 */
export async function checkPayable(
  store: PaymentStore,
  q: Queryable,
  full: FullOrder,
  amount: number,
  now: Date,
  field = 'originalAmount',
): Promise<number> {
  const { order } = full;
  const lent = await store.loans.refusal(q, order, now);
  if (lent) throw new ServicePayError('CONFLICT', lent);
  if (order.paymentStatus !== 'UNPAID' || order.status === 'COMPLETED') {
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} is already paid`);
  }
  if (order.status === 'CANCELED') {
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} is canceled and takes no payment`);
  }
  const totals = await store.payments.orderTotals(q, order.id);
  const due = balanceDue(order.totals.total, totals);
  if (due <= 0) {
    const why = totals.pendingAmount > 0 ? 'has payments in progress for its whole balance' : 'is already paid';
    throw new ServicePayError('CONFLICT', `order ${order.orderNumber} ${why}`);
  }
  if (amount > due) {
    const details: FailureDetails = {
      balanceDue: due,
      requestedAmount: amount,
      paid: totals.approvedAmount,
      total: order.totals.total,
    };
    throw new ServicePayError(
      'CONFLICT',
      `${field} (${amount} cents) is more than the balance due of order ${order.orderNumber} (${due} cents)`,
      { field, details },
    );
  }
  return due;
}
