import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import { lineRefundPart, lineWorths } from '../../../shared/refunds/line-refund.js';
import { keptLines, type LineReturned } from './kept-lines.js';
import type { StateRecord } from './receipts-repository.js';

/**
 * A sale's receipt after a refund (kept-lines.ts): reads what refunds by items gave back of its
 * order (README "Refunds by items": `refund_lines` and the order lines' `refunded_quantity_milli`,
 * migration 066) in the refund's own transaction. The tables are read here with queries of its own,
 * as the reports read them, not through payments' repository.
 */
export class SaleReturns {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      order: db.prepare((k, p: { id: string }) =>
        k
          .selectFrom('orders')
          .select(['total_cents as total', 'tier_discount_cents as tier', 'pay_by_points_cents as payByPoints'])
          .where('id', '=', p.id),
      ),
      lines: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_items as i')
          .leftJoin('refund_lines as r', 'r.order_item_id', 'i.id')
          .select([
            'i.id as itemId',
            'i.package_label as packageLabel',
            'i.quantity_milli as quantityMilli',
            'i.refunded_quantity_milli as milli',
            'i.line_sub_total_cents as subTotal',
            'i.line_discount_cents as discount',
            'i.line_tax_cents as tax',
            sql<number>`COALESCE(SUM(r.amount_cents), 0)`.as('worth'),
          ])
          .where('i.order_id', '=', p.orderId)
          .groupBy([
            'i.id',
            'i.line_index',
            'i.package_label',
            'i.quantity_milli',
            'i.refunded_quantity_milli',
            'i.line_sub_total_cents',
            'i.line_discount_cents',
            'i.line_tax_cents',
          ])
          .orderBy('i.line_index'),
      ),
      // Approved refunds only have lines (refund_lines are written with the refund's approval).
      byItems: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('payment_refunds as f')
          .select(sql<number>`COALESCE(SUM(f.amount_cents), 0)`.as('cents'))
          .where('f.status', '=', 'approved')
          .where('f.id', 'in', (sub) =>
            sub
              .selectFrom('refund_lines as r')
              .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
              .select('r.refund_id')
              .where('i.order_id', '=', p.orderId),
          ),
      ),
    };
  }

  /**
   * The package lines of `sale` as its customer kept them once `refunded` cents in all went back
   * against it (this refund included); none when every package came back.
   */
  async kept(q: Queryable, sale: StateRecord, refunded: number): Promise<StateRecordLine[]> {
    const rows = await q.all(this.q.lines, { orderId: sale.orderId });
    const byItems = Number((await q.first(this.q.byItems, { orderId: sale.orderId }))?.cents ?? 0);
    const order = await q.first(this.q.order, { id: sale.orderId });
    // What the part of each line that came back was worth before refunds by amount (README "Refunds by items").
    const lines = rows.map((row) => ({
      itemId: row.itemId,
      quantityMilli: Number(row.quantityMilli),
      refundedQuantityMilli: 0,
      lineSubTotalCents: Number(row.subTotal),
      lineDiscountCents: Number(row.discount),
      lineTaxCents: Number(row.tax),
    }));
    const worths = lineWorths(lines, {
      tierDiscountCents: Number(order?.tier ?? 0),
      payByPointsCents: Number(order?.payByPoints ?? 0),
    });
    const back = rows.map((row, index) => lineRefundPart(lines, worths, index, Number(row.milli)));
    // The sale's lines are its order's package lines, in their order (receipt-lines.ts saleLines).
    const tagged = rows.flatMap((row, index) => (row.packageLabel.trim() === '' ? [] : [{ row, part: back[index]! }]));
    const returned = sale.lines.map((line, index): LineReturned | undefined => {
      const found = tagged[index];
      return found?.row.packageLabel === line.packageLabel
        ? { milli: Number(found.row.milli), cents: found.part.amountCents - found.part.taxCents }
        : undefined;
    });
    const itemsWorth = back.reduce((sum, part) => sum + part.amountCents, 0);
    const takenAlong = itemsWorth - rows.reduce((sum, row) => sum + Number(row.worth), 0);
    const orderTotal = Number(order?.total ?? 0);
    return keptLines(sale.lines, returned, { refunded, byItems, itemsWorth, takenAlong, orderTotal });
  }
}
