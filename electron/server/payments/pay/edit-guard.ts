import { ServicePayError } from '../../../../shared/errors.js';
import { formatDecimal } from '../../../../shared/money.js';
import type { OrderPaymentStatus } from '../../../../shared/order-status.js';
import type { Queryable } from '../../db/query.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentTotals } from '../store/payments-repository.js';

const dollars = (cents: number) => `$${formatDecimal(cents)}`;

/**
 * Why the money an order holds does not allow its lines to change to a new `total` (null: it
 * does), in words. A payment being taken was priced on the old total: it finishes first. An ACH
 * authorization is captured, when the order is handed over, for the final total (Treez's rule), so
 * an AUTHORIZED order's total may go down but not above what was authorized. Money already taken
 * (captured) stays within the total: what would be over it is refunded first; and an authorization
 * is left something to capture.
 */
export function editMoneyRefusal(
  order: { orderNumber: string; paymentStatus: OrderPaymentStatus },
  totals: PaymentTotals,
  total: number,
): string | null {
  const name = `order ${order.orderNumber}`;
  if (totals.pendingAmount > 0) {
    return `${name} has a payment in progress; wait for it to finish or cancel it before changing its lines`;
  }
  if (order.paymentStatus === 'AUTHORIZED' && total > totals.approvedAmount) {
    return (
      `${name} is authorized for ${dollars(totals.approvedAmount)} and this change would bring its total to ` +
      `${dollars(total)}: an authorization is captured for at most what it authorized; keep the total within ` +
      'it, or void the authorization first'
    );
  }
  const taken = totals.approvedAmount - totals.uncapturedAmount;
  if (total < taken) {
    return (
      `${name} has ${dollars(taken)} paid already and this change would bring its total to ${dollars(total)}: ` +
      'refund the difference first'
    );
  }
  if (totals.uncapturedAmount > 0 && total === taken) {
    return (
      `${name} has ${dollars(taken)} paid already, its whole new total: void its authorization of ` +
      `${dollars(totals.uncapturedAmount)} first`
    );
  }
  return null;
}

/**
 * Refuses an edit of `order`'s lines its money does not allow (editMoneyRefusal), inside the edit's
 * write, the order's row locked: no payment of it settles meanwhile.
 */
export async function assertEditable(
  store: PaymentStore,
  tx: Queryable,
  order: OrderRecord,
  total: number,
): Promise<void> {
  const refusal = editMoneyRefusal(order, await store.payments.orderTotals(tx, order.id), total);
  if (refusal) throw new ServicePayError('CONFLICT', refusal, { field: 'changes' });
}
