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
  lines?: RefundedLine[];
}

/**
 * Reads the lines of each refund by items among `refunds` (refund_lines, migration 066) into its
 * `lines` ([] for a refund of an amount), a few statements whatever their number; refunds read
 * already are left as they are.
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
}
