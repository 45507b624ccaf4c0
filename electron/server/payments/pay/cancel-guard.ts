import { ServicePayError } from '../../../../shared/errors.js';
import { formatDecimal } from '../../../../shared/money.js';
import type { Queryable } from '../../db/query.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';

/**
 * Refuses to cancel an order that holds money: a payment at a processor, PIN pad or paylink, or an
 * approved one (a card sale, cash, a partial payment). Runs inside the cancel's write transaction,
 * so no payment can be approved between this check and the cancel. Staff void or refund first: the
 * words say so in a sentence, since screens show them as they are.
 */
export async function assertNoMoneyHeld(store: PaymentStore, tx: Queryable, order: OrderRecord): Promise<void> {
  const totals = await store.payments.orderTotals(tx, order.id);
  if (totals.pendingAmount > 0) {
    throw new ServicePayError(
      'CONFLICT',
      `Order ${order.orderNumber} has a payment in progress: wait for it to finish, or cancel that payment, before canceling the order.`,
    );
  }
  if (totals.approvedAmount > 0) {
    throw new ServicePayError(
      'CONFLICT',
      `Order ${order.orderNumber} has $${formatDecimal(totals.approvedAmount)} paid: void or refund its payments before canceling the order.`,
    );
  }
}
