import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
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
      orderTotal: db.prepare((k, p: { id: string }) =>
        k.selectFrom('orders').select('total_cents as total').where('id', '=', p.id),
      ),
      lines: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_items as i')
          .leftJoin('refund_lines as r', 'r.order_item_id', 'i.id')
          .select([
            'i.package_label as packageLabel',
            'i.refunded_quantity_milli as milli',
            sql<number>`COALESCE(SUM(r.amount_cents - r.tax_cents), 0)`.as('cents'),
            sql<number>`COALESCE(SUM(r.amount_cents), 0)`.as('worth'),
          ])
          .where('i.order_id', '=', p.orderId)
          .groupBy(['i.id', 'i.line_index', 'i.package_label', 'i.refunded_quantity_milli'])
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
    const orderTotal = Number((await q.first(this.q.orderTotal, { id: sale.orderId }))?.total ?? 0);
    // The sale's lines are its order's package lines, in their order (receipt-lines.ts saleLines).
    const tagged = rows.filter((row) => row.packageLabel.trim() !== '');
    const returned = sale.lines.map((line, index): LineReturned | undefined => {
      const row = tagged[index];
      return row?.packageLabel === line.packageLabel
        ? { milli: Number(row.milli), cents: Number(row.cents) }
        : undefined;
    });
    const itemsWorth = rows.reduce((sum, row) => sum + Number(row.worth), 0);
    return keptLines(sale.lines, returned, { refunded, byItems, itemsWorth, orderTotal });
  }
}
