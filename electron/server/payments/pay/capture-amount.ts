import { ServicePayError } from '../../../../shared/errors.js';
import type { Queryable } from '../../db/query.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';

/** What an authorization takes when it is captured. */
export interface CaptureAmount {
  /** Cents applied to the order. */
  amount: number;
  /** Cents taken in all: the amount, the tip and any cashback on top. */
  charged: number;
}

/**
 * What an authorization captures of its order's final `total` (the order's lines may have changed
 * since it was authorized, within what it authorized): what is left after the money its order's
 * other payments already took (`taken`), at most what it authorized; its tip on top. Null when
 * nothing is left for it to take.
 */
export function captureAmount(
  total: number,
  taken: number,
  authorization: { amount: number; tip: number; cashback: number },
): CaptureAmount | null {
  const amount = Math.min(authorization.amount, total - taken);
  if (amount <= 0) return null;
  return { amount, charged: amount + authorization.tip + authorization.cashback };
}

/**
 * What `payment`, an authorization of `order`, captures of the order's total as it is now, after
 * what the order's other payments took; refused in words when nothing is left for it.
 */
export async function finalCapture(
  store: PaymentStore,
  q: Queryable,
  order: Pick<OrderRecord, 'id' | 'dispensaryId' | 'orderNumber'>,
  payment: StoredPayment,
): Promise<CaptureAmount> {
  const now = (await store.orders.findById(q, order.dispensaryId, order.id))!.order;
  const taken = (await store.payments.ofOrder(q, order.id))
    .filter((other) => other.id !== payment.id && other.status === 'approved' && other.captured)
    .reduce((sum, other) => sum + other.amount, 0);
  const capture = captureAmount(now.totals.total, taken, payment);
  if (!capture) {
    throw new ServicePayError(
      'CONFLICT',
      `order ${order.orderNumber} was not completed: its other payments cover its total, so its ${payment.method} ` +
        'authorization has nothing to capture; void it first',
    );
  }
  return capture;
}
