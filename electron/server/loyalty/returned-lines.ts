import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { PointsRefund } from '../../../shared/loyalty/line-points.js';

/** What refunds gave back of an order's sale: each refund, oldest first, and the thousandths of each line. */
export interface ReturnedLines {
  /** The approved refunds, oldest first (ids break a tie): their cents, and whether they named lines. */
  refunds: PointsRefund[];
  /** Thousandths given back, by order line (`order_items.id`). */
  returnedMilli: ReadonlyMap<string, number>;
}

export const NO_RETURNED_LINES: ReturnedLines = { refunds: [], returnedMilli: new Map() };

/**
 * The refunds of `paymentIds` and the lines they gave back (migration 066), read by loyalty on its
 * own (the payments folder depends on loyalty's neighbours, not the other way round). Written in the
 * refund's write before its payment's change is announced, so a refund by items is never seen as
 * one by amount.
 */
export async function returnedLines(
  db: DataLayer,
  q: Queryable,
  paymentIds: readonly string[],
): Promise<ReturnedLines> {
  if (paymentIds.length === 0) return NO_RETURNED_LINES;
  const rows = await q.all(
    db.builder
      .selectFrom('payment_refunds as r')
      .leftJoin('refund_lines as l', 'l.refund_id', 'r.id')
      .select([
        'r.id as refundId',
        'r.amount_cents as amount',
        'l.order_item_id as itemId',
        'l.quantity_milli as milli',
      ])
      .where('r.payment_id', 'in', [...paymentIds])
      .where('r.status', '=', 'approved')
      .orderBy('r.created_at')
      .orderBy('r.id'),
  );
  const refunds = new Map<string, PointsRefund>();
  const returnedMilli = new Map<string, number>();
  for (const row of rows) {
    const refund = refunds.get(row.refundId) ?? { amountCents: Number(row.amount), byItems: false };
    refunds.set(row.refundId, refund);
    if (row.itemId === null) continue;
    refund.byItems = true;
    returnedMilli.set(row.itemId, (returnedMilli.get(row.itemId) ?? 0) + Number(row.milli));
  }
  return { refunds: [...refunds.values()], returnedMilli };
}
