import { fulfillmentOf, statusOf, type OrderPaymentStatus, type OrderStatus } from '../../../../shared/order-status.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentOutcome, StoredPayment } from '../store/payment-types.js';
import type { PaymentTotals } from '../store/payments-repository.js';

/**
 * The order status its approved payments call for (DESIGN.md): covered = approved captured +
 * approved authorized; when covered reaches the total, AUTHORIZED if an authorization is not
 * captured yet, else PAID. Null while it is not covered. An order whose total is 0 owes nothing:
 * no payment at all covers it, PAID as it is made (the tickets' `created` hook syncs it).
 */
export function settledStatus(
  total: number,
  totals: PaymentTotals,
): Extract<OrderStatus, 'PAID' | 'AUTHORIZED'> | null {
  if (totals.approvedAmount < total) return null;
  return totals.uncaptured > 0 ? 'AUTHORIZED' : 'PAID';
}

/**
 * Brings how an order is paid in line with its approved payments, in the caller's write, the
 * order's row locked: PAID or AUTHORIZED once they cover its total, UNPAID when money went back
 * and they no longer do. Before the store works the order, its status says so too (PAID,
 * AUTHORIZED, AWAITING_PROCESSING again); an order being picked or packed keeps its stage. A sale
 * rung up at a register is handed over as it is paid, and reopened by a `voided` payment that
 * leaves it uncovered (tickets/counter-sales.ts). Any other completed or canceled order keeps what
 * it has (a return after pickup is a refund, not an unpaid order). True when it changed.
 */
export async function syncOrderPayment(
  store: PaymentStore,
  tx: Queryable,
  order: OrderRecord,
  actor: string,
  at: string,
  voided = false,
): Promise<boolean> {
  return (await synced(store, tx, order, actor, at, voided)).changed;
}

/** `syncOrderPayment`, answering also how its payments say it is paid (null: a canceled order, not read). */
async function synced(
  store: PaymentStore,
  tx: Queryable,
  order: OrderRecord,
  actor: string,
  at: string,
  voided = false,
): Promise<{ changed: boolean; paid: OrderPaymentStatus | null }> {
  if (order.status === 'CANCELED') return { changed: false, paid: null };
  const paid: OrderPaymentStatus =
    settledStatus(order.totals.total, await store.payments.orderTotals(tx, order.id)) ?? 'UNPAID';
  if (order.status === 'COMPLETED') {
    return { changed: voided && (await store.counter.reopen(tx, order, paid, actor, at)), paid };
  }
  if (paid === order.paymentStatus) return { changed: false, paid };
  const to = { status: statusOf(fulfillmentOf(order.status), paid), paymentStatus: paid };
  if (!(await store.orders.move(tx, order.id, order, to, actor, at))) return { changed: false, paid };
  await store.counter.handOver(tx, { ...order, ...to }, actor, at);
  return { changed: true, paid };
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
 * Writes a payment's result and what follows from it — the session completing, the order paid or
 * authorized (with its status history when its status says so) — in the caller's write transaction, so all of it
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
  const complete = totals.approvedAmount + totals.approvedTip >= session.originalAmount + session.tip;
  if (complete) await store.sessions.setStatus(tx, session.id, 'open', 'completed', at);
  if (!payment.orderId || !payment.dispensaryId) return { applied: true, orderChanged: false, orphaned: false };
  const order = (await store.orders.lockById(tx, payment.dispensaryId, payment.orderId))?.order;
  if (!order) return { applied: true, orderChanged: false, orphaned: false };
  if (order.status === 'CANCELED') return { applied: true, orderChanged: false, orphaned: true };
  const { changed: orderChanged, paid } = await synced(store, tx, order, payment.actor, at);
  // Paid off with another session's payments (a part paid elsewhere meanwhile), its tip taken:
  // nothing is left for this session to take, so it is not left open asking for more.
  if (!complete && totals.approvedTip >= session.tip && paid !== null && paid !== 'UNPAID') {
    await store.sessions.setStatus(tx, session.id, 'open', 'completed', at);
  }
  return { applied: true, orderChanged, orphaned: false };
}

/**
 * After money moved (a void, a refund that returned all of a payment, a capture): the order's
 * payment status as its approved payments now say (`syncOrderPayment`), so an order no longer
 * covered can be paid anew or canceled. Runs in the caller's write transaction; true when it
 * changed. `payment` names the order (any payment of it); `voided`: the money went back by a void.
 */
export async function syncOrderOf(
  store: PaymentStore,
  tx: Queryable,
  payment: Pick<StoredPayment, 'orderId' | 'dispensaryId'>,
  actor: string,
  at: string,
  voided = false,
): Promise<boolean> {
  if (!payment.orderId || !payment.dispensaryId) return false;
  const order = (await store.orders.lockById(tx, payment.dispensaryId, payment.orderId))?.order;
  return order !== undefined && syncOrderPayment(store, tx, order, actor, at, voided);
}
