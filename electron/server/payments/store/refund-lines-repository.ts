import { sql } from 'kysely';
import type { RefundLine } from '../../../../shared/contracts/payment-reports.js';
import { fromMilli } from '../../../../shared/quantity.js';
import { insertRows } from '../../db/batch-writes.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import type { RefundLinesTable } from '../../db/schema.js';

/** One line a refund gave back, as written (thousandths and cents). */
export interface RefundLineRow {
  refundId: string;
  itemId: string;
  quantityMilli: number;
  amountCents: number;
  taxCents: number;
  restocked: boolean;
}

/** A refund line as the API answers it (shared/contracts/payment-reports.ts RefundLine). */
export const toRefundLine = (row: RefundLineRow): RefundLine => ({
  itemId: row.itemId,
  quantity: fromMilli(row.quantityMilli),
  amount: row.amountCents,
  tax: row.taxCents,
  restocked: row.restocked,
});

/**
 * The lines refunds gave back (migration 066) and the order lines' `refunded_quantity_milli` they
 * move: written in the refund's own write transaction, never apart from it.
 */
export class RefundLinesRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      // Never past what was sold: the refund's money went back already when this is written.
      returned: db.prepare((k, p: { id: string; orderId: string; milli: number }) =>
        k
          .updateTable('order_items')
          .set({
            refunded_quantity_milli: sql`case when refunded_quantity_milli + ${p.milli} > quantity_milli then quantity_milli else refunded_quantity_milli + ${p.milli} end`,
          })
          .where('id', '=', p.id)
          .where('order_id', '=', p.orderId),
      ),
    };
  }

  /**
   * Writes a refund's lines and moves their order lines' refunded quantities, in the refund's own
   * write. The lines were checked against what is left under the order's lock before the money
   * went back (line-returns.ts), so nothing here refuses: a refund whose money went back is always
   * recorded (a line is never counted past what was sold).
   */
  async insert(tx: Queryable, orderId: string, lines: readonly RefundLineRow[], at: string): Promise<void> {
    for (const line of lines) {
      await tx.run(this.q.returned, { id: line.itemId, orderId, milli: line.quantityMilli });
    }
    const rows: RefundLinesTable[] = lines.map((line, position) => ({
      refund_id: line.refundId,
      order_item_id: line.itemId,
      position,
      quantity_milli: line.quantityMilli,
      amount_cents: line.amountCents,
      tax_cents: line.taxCents,
      restocked: line.restocked ? 1 : 0,
      created_at: at,
    }));
    await insertRows(this.db, tx, 'refund_lines', rows);
  }

  /** The lines of refunds `refundIds`, by refund (in the order they were sent). */
  async ofRefunds(q: Queryable, refundIds: readonly string[]): Promise<Map<string, RefundLineRow[]>> {
    const found = new Map<string, RefundLineRow[]>();
    for (let at = 0; at < refundIds.length; at += 500) {
      const rows = await q.all(
        this.db.builder
          .selectFrom('refund_lines')
          .select([
            'refund_id as refundId',
            'order_item_id as itemId',
            'quantity_milli as quantityMilli',
            'amount_cents as amountCents',
            'tax_cents as taxCents',
            'restocked',
          ])
          .where('refund_id', 'in', refundIds.slice(at, at + 500))
          .orderBy('refund_id')
          .orderBy('position'),
      );
      for (const row of rows) {
        const line: RefundLineRow = {
          refundId: row.refundId,
          itemId: row.itemId,
          quantityMilli: Number(row.quantityMilli),
          amountCents: Number(row.amountCents),
          taxCents: Number(row.taxCents),
          restocked: Number(row.restocked) === 1,
        };
        found.set(row.refundId, [...(found.get(row.refundId) ?? []), line]);
      }
    }
    return found;
  }
}
