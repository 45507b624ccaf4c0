import type { EarlierRefund } from '../../../../shared/refunds/amount-shares.js';
import { earlierRefunds, type SaleRefundRow } from '../../../../shared/refunds/earlier-refunds.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { RefundLinesRepository } from '../store/refund-lines-repository.js';

/** A payment that keeps its money: approved, or approved and since refunded (not voided). */
const KEPT = new Set(['approved', 'refunded']);

/**
 * The approved refunds of an order's sale, oldest first, as shared/refunds/amount-shares.ts replays
 * them (shared/refunds/earlier-refunds.ts, as the reports read them): the sale closed with its
 * order's last kept closing payment (reports/sale-closings.ts).
 */
export async function saleRefunds(
  store: PaymentStore,
  refundLines: RefundLinesRepository,
  q: Queryable,
  orderId: string,
): Promise<EarlierRefund[]> {
  const payments = await store.payments.ofOrder(q, orderId);
  let closedAt: string | null = null;
  const rows: SaleRefundRow[] = [];
  for (const payment of payments) {
    const closing = payment.closesSale && KEPT.has(payment.status) ? payment.completedAt : null;
    if (closing !== null && (closedAt === null || closing > closedAt)) closedAt = closing;
    for (const refund of await store.refunds.ofPayment(q, payment.id)) {
      if (refund.status !== 'approved') continue;
      const at = refund.createdAt;
      rows.push({
        id: refund.id,
        paymentId: payment.id,
        paidCents: payment.amount,
        at,
        amountCents: Number(refund.amount),
        lines: [],
      });
    }
  }
  const lines = await refundLines.ofRefunds(
    q,
    rows.map((row) => row.id),
  );
  const withLines = rows.map((row) => ({
    ...row,
    lines: (lines.get(row.id) ?? []).map(({ itemId, quantityMilli }) => ({ itemId, quantityMilli })),
  }));
  return earlierRefunds(withLines, closedAt);
}
