import type { EarlierRefund } from '../../../shared/refunds/amount-shares.js';
import { earlierRefunds, type SaleRefundRow } from '../../../shared/refunds/earlier-refunds.js';
import type { Builder, Queryable } from '../db/query.js';

/** One line a refund by items gave back: the order line and what it was worth, tax included. */
export interface RefundedLine {
  itemId: string;
  amountCents: number;
  taxCents: number;
  /**
   * How much of it went back into its package (thousandths; 0 when it was not put back in stock): a
   * return split over payments carries its quantity on one of its refunds only.
   */
  restockedMilli: number;
}

/** A refund as the reports read it, its lines to read (report-rows.ts ReadRefund). */
interface WithLines {
  refundId?: string;
  orderId: string | null;
  at: string;
  closedAt: string | null;
  lines?: RefundedLine[];
  earlier?: EarlierRefund[];
  saleRefundedEarlier?: number;
}

/**
 * Reads the lines of each refund by items among `refunds` (refund_lines, migration 066) into its
 * `lines` ([] for a refund of an amount), and into each refund of an amount its sale's refunds before
 * it (`earlier`), a few statements whatever their number; refunds read already are left as they are.
 */
export async function withRefundLines(k: Builder, q: Queryable, refunds: readonly WithLines[]): Promise<void> {
  const unread = refunds.filter((refund) => refund.lines === undefined && refund.refundId !== undefined);
  const ids = [...new Set(unread.map((refund) => refund.refundId!))];
  const found = new Map<string, RefundedLine[]>();
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await q.all(
      k
        .selectFrom('refund_lines')
        .select([
          'refund_id as refundId',
          'order_item_id as itemId',
          'amount_cents as amountCents',
          'tax_cents as taxCents',
          'quantity_milli as quantityMilli',
          'restocked',
        ])
        .where('refund_id', 'in', ids.slice(at, at + 500))
        .orderBy('refund_id')
        .orderBy('position'),
    );
    for (const row of rows) {
      const line = {
        itemId: row.itemId,
        amountCents: Number(row.amountCents),
        taxCents: Number(row.taxCents),
        restockedMilli: Number(row.restocked) === 1 ? Number(row.quantityMilli) : 0,
      };
      found.set(row.refundId, [...(found.get(row.refundId) ?? []), line]);
    }
  }
  for (const refund of unread) refund.lines = found.get(refund.refundId!) ?? [];
  await withEarlier(k, q, unread);
}

/**
 * Reads into each refund of an order among `refunds` (their lines read) what the refunds of its
 * order's sale before it, of all its payments, gave back toward the sale (`saleRefundedEarlier`):
 * its reward dollars go back as the sale's money does, whichever payment gives it back. A refund of
 * an amount also gets those refunds, oldest first (shared/refunds/earlier-refunds.ts): it is shared
 * over what the sale's lines still held then.
 */
async function withEarlier(k: Builder, q: Queryable, refunds: readonly WithLines[]): Promise<void> {
  const ofSale = refunds.filter((refund) => refund.lines !== undefined && refund.orderId !== null);
  const ofOrder = await saleRefundRows(k, q, [...new Set(ofSale.map((refund) => refund.orderId!))]);
  for (const refund of ofSale) {
    const before = (ofOrder.get(refund.orderId!) ?? []).filter(
      (row) => row.at < refund.at || (row.at === refund.at && row.id < (refund.refundId ?? '')),
    );
    const earlier = earlierRefunds(before, refund.closedAt);
    refund.saleRefundedEarlier = earlier.reduce((sum, back) => sum + back.amountCents, 0);
    if (refund.lines!.length === 0) refund.earlier = earlier;
  }
}

/**
 * The approved refunds of the sales of `orderIds` (of their orders' payments, whatever those
 * payments' status now), by order, each with the lines it gave back in their order (none for a
 * refund of an amount): one statement for up to 500 orders. The reports share a refund of an amount
 * over what its sale held before it (above); payments price a refund by items over what the sale's
 * earlier refunds left (payments/pay/sale-refunds.ts).
 */
export async function saleRefundRows(
  k: Builder,
  q: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, SaleRefundRow[]>> {
  const ofOrder = new Map<
    string,
    Map<string, SaleRefundRow & { lines: { itemId: string; quantityMilli: number }[] }>
  >();
  for (let at = 0; at < orderIds.length; at += 500) {
    const rows = await q.all(
      k
        .selectFrom('payment_refunds as r')
        .innerJoin('payments as p', 'p.id', 'r.payment_id')
        .leftJoin('refund_lines as l', 'l.refund_id', 'r.id')
        .select(['p.order_id as orderId', 'r.id as id', 'r.payment_id as paymentId', 'p.amount_cents as paid'])
        .select([
          'r.created_at as at',
          'r.amount_cents as amount',
          'l.order_item_id as itemId',
          'l.quantity_milli as milli',
        ])
        .where('p.order_id', 'in', orderIds.slice(at, at + 500))
        .where('r.status', '=', 'approved')
        .orderBy('l.position'),
    );
    for (const row of rows) {
      const sale = ofOrder.get(row.orderId!) ?? new Map();
      ofOrder.set(row.orderId!, sale);
      const refund = sale.get(row.id) ?? {
        id: row.id,
        paymentId: row.paymentId,
        paidCents: Number(row.paid),
        at: row.at,
        amountCents: Number(row.amount),
        lines: [],
      };
      sale.set(row.id, refund);
      if (row.itemId !== null) refund.lines.push({ itemId: row.itemId, quantityMilli: Number(row.milli) });
    }
  }
  return new Map([...ofOrder].map(([orderId, sale]) => [orderId, [...sale.values()]]));
}
