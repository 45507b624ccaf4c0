import type { OrderStatus } from '../../../../shared/order-status.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentOutcome, StoredPayment } from '../store/payment-types.js';
import type { PaymentTotals } from '../store/payments-repository.js';

/**
 * The order status its approved payments call for (DESIGN.md): covered = approved captured +
 * approved authorized; when covered reaches the total, AUTHORIZED if an authorization is not
 * captured yet, else PAID. Null while it is not covered.
 */
export function settledStatus(
  total: number,
  totals: PaymentTotals,
): Extract<OrderStatus, 'PAID' | 'AUTHORIZED'> | null {
  if (totals.approvedAmount < total) return null;
  return totals.uncaptured > 0 ? 'AUTHORIZED' : 'PAID';
}

/** What writing a result did. */
export interface Settled {
  /** False when the payment had already been settled by someone else (nothing was written). */
  applied: boolean;
  orderChanged: boolean;
  /** Approved for an order that can no longer take it (canceled meanwhile): the money must go back. */
  orphaned: boolean;
}

/**
 * Writes a payment's result and what follows from it — the session completing, the order moving to
 * PAID or AUTHORIZED with its status history — in the caller's write transaction, so all of it
 * commits together or not at all. The order's row is locked before its payments are summed, so two
 * payments of one order approved at once (on two service instances) still see each other.
 */
export async function settle(
  store: PaymentStore,
  tx: Queryable,
  payment: StoredPayment,
  outcome: PaymentOutcome,
  expected: StoredPayment['status'] = 'pending',
): Promise<Settled> {
  if (!(await store.payments.complete(tx, payment.id, outcome, expected))) {
    return { applied: false, orderChanged: false, orphaned: false };
  }
  const at = outcome.updatedAt;
  await store.sessions.touch(tx, payment.sessionId, at);
  if (outcome.status !== 'approved') return { applied: true, orderChanged: false, orphaned: false };
  const session = (await store.sessions.lock(tx, payment.sessionId))!;
  const totals = await store.payments.sessionTotals(tx, session.id);
  if (totals.approvedAmount + totals.approvedTip >= session.originalAmount + session.tip) {
    await store.sessions.setStatus(tx, session.id, 'open', 'completed', at);
  }
  if (!payment.orderId || !payment.dispensaryId) return { applied: true, orderChanged: false, orphaned: false };
  const order = (await store.orders.lockById(tx, payment.dispensaryId, payment.orderId))?.order;
  if (!order) return { applied: true, orderChanged: false, orphaned: false };
  if (order.status === 'CANCELED') return { applied: true, orderChanged: false, orphaned: true };
  if (order.status !== 'AWAITING_PROCESSING') return { applied: true, orderChanged: false, orphaned: false };
  const to = settledStatus(order.totals.total, await store.payments.orderTotals(tx, order.id));
  const orderChanged =
    to !== null && (await store.orders.updateStatus(tx, order.id, 'AWAITING_PROCESSING', to, payment.actor, at));
  return { applied: true, orderChanged, orphaned: false };
}

/**
 * After money went back (a void, or a refund that returned all of a payment): an order that was
 * PAID or AUTHORIZED and is no longer covered by its approved payments awaits payment again, so it
 * can be paid anew or canceled. Orders in fulfilment keep their status (a return after pickup is
 * a refund, not an unpaid order). Runs in the caller's write transaction; true when it moved.
 * `payment` names the order (any payment of it).
 */
export async function reopenIfUncovered(
  store: PaymentStore,
  tx: Queryable,
  payment: Pick<StoredPayment, 'orderId' | 'dispensaryId'>,
  actor: string,
  at: string,
): Promise<boolean> {
  if (!payment.orderId || !payment.dispensaryId) return false;
  const order = (await store.orders.lockById(tx, payment.dispensaryId, payment.orderId))?.order;
  if (!order || (order.status !== 'PAID' && order.status !== 'AUTHORIZED')) return false;
  if (settledStatus(order.totals.total, await store.payments.orderTotals(tx, order.id)) !== null) return false;
  return store.orders.updateStatus(tx, order.id, order.status, 'AWAITING_PROCESSING', actor, at);
}
