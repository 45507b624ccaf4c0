import type { EarlierRefund } from '../../../../shared/refunds/amount-shares.js';
import { earlierRefunds } from '../../../../shared/refunds/earlier-refunds.js';
import type { Builder, Queryable } from '../../db/query.js';
import { saleRefundRows } from '../../reports/refund-lines.js';
import { KEPT } from '../../reports/sale-closings.js';
import type { PaymentStore } from '../store/payment-store.js';

/**
 * The approved refunds of an order's sale, oldest first, as shared/refunds/amount-shares.ts replays
 * them, read as the reports read them (reports/refund-lines.ts saleRefundRows): the sale closed with
 * its order's last kept closing payment (reports/sale-closings.ts).
 */
export async function saleRefunds(
  store: PaymentStore,
  k: Builder,
  q: Queryable,
  orderId: string,
): Promise<EarlierRefund[]> {
  let closedAt: string | null = null;
  for (const payment of await store.payments.ofOrder(q, orderId)) {
    const closing = payment.closesSale && KEPT.includes(payment.status) ? payment.completedAt : null;
    if (closing !== null && (closedAt === null || closing > closedAt)) closedAt = closing;
  }
  const refunds = await saleRefundRows(k, q, [orderId]);
  return earlierRefunds(refunds.get(orderId) ?? [], closedAt);
}
