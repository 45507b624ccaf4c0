import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** What refunds by items gave back of an order's sale: their money, and the thousandths of each line. */
export interface ReturnedLines {
  /** Cents of the approved refunds that named lines. */
  itemsRefundedCents: number;
  /** Thousandths given back, by order line (`order_items.id`). */
  returnedMilli: ReadonlyMap<string, number>;
}

export const NO_RETURNED_LINES: ReturnedLines = { itemsRefundedCents: 0, returnedMilli: new Map() };

/**
 * The lines refunds of `paymentIds` gave back (migration 066), read by loyalty on its own (the
 * payments folder depends on loyalty's neighbours, not the other way round). Written in the refund's
 * write before its payment's change is announced, so a refund by items is never seen as one by amount.
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
      .innerJoin('refund_lines as l', 'l.refund_id', 'r.id')
      .select([
        'r.id as refundId',
        'r.amount_cents as amount',
        'l.order_item_id as itemId',
        'l.quantity_milli as milli',
      ])
      .where('r.payment_id', 'in', [...paymentIds])
      .where('r.status', '=', 'approved'),
  );
  const refunds = new Map<string, number>();
  const returnedMilli = new Map<string, number>();
  for (const row of rows) {
    refunds.set(row.refundId, Number(row.amount));
    returnedMilli.set(row.itemId, (returnedMilli.get(row.itemId) ?? 0) + Number(row.milli));
  }
  const itemsRefundedCents = [...refunds.values()].reduce((sum, cents) => sum + cents, 0);
  return { itemsRefundedCents, returnedMilli };
}
