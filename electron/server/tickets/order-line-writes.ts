import type { StoredManualDiscount } from './manual-discounts.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DealUses } from './deal-uses.js';
import type { OrderEvents } from './order-events.js';
import type { OrderItemRecord, OrderRecord } from './order-records.js';
import { itemValues } from './order-rows.js';
import type { OrdersRepository } from './orders-repository.js';
import type { TicketTotals } from './pricing.js';

/** An edit of an order's lines as it is written. */
export interface LinesWritten {
  /** The order as it was read, its row locked. */
  order: OrderRecord;
  /** Lines that change (same id and index, new quantity, package or amounts). */
  changed: readonly OrderItemRecord[];
  /** Lines taken off. */
  removed: readonly OrderItemRecord[];
  totals: TicketTotals;
  taxLayers: readonly TaxLayer[];
  /** Its manual discounts as priced again (README "Manual discounts"). */
  manualDiscounts: readonly StoredManualDiscount[];
  at: string;
}

type ItemValues = ReturnType<typeof itemValues>;

/**
 * Writes an edit of an order's lines (order-edits.ts): its changed lines, the lines taken off
 * (deleted: a removed line is no longer part of the sale, for its ticket, receipts, state records,
 * bag labels and purchase limits alike; the audit trail keeps what it was), and the order's new
 * totals and taxes. The edit is announced to the orders' listeners (webhooks, state reporting) in
 * the same transaction, and the deals it used are counted again (a deal a change took off gives
 * its use back).
 */
export class OrderLineWrites {
  private readonly q;
  private readonly uses: DealUses;

  constructor(
    db: DataLayer,
    private readonly orders: OrdersRepository,
    private readonly events: OrderEvents,
  ) {
    this.uses = new DealUses(db);
    this.q = {
      updateItem: db.prepare((k, p: ItemValues) =>
        k
          .updateTable('order_items')
          .set({
            package_id: p.package_id,
            location_id: p.location_id,
            type: p.type,
            subtype: p.subtype,
            brand: p.brand,
            name: p.name,
            size: p.size,
            weight: p.weight,
            unit_type: p.unit_type,
            barcodes: p.barcodes,
            package_label: p.package_label,
            unit_id: p.unit_id,
            deli: p.deli,
            quantity_milli: p.quantity_milli,
            unit_price_cents: p.unit_price_cents,
            line_sub_total_cents: p.line_sub_total_cents,
            line_discount_cents: p.line_discount_cents,
            line_tax_cents: p.line_tax_cents,
            discount_description: p.discount_description,
            deal_discounts: p.deal_discounts,
            cannabis_weight_mg: p.cannabis_weight_mg,
            thc_mg: p.thc_mg,
          })
          .where('id', '=', p.id)
          .where('order_id', '=', p.order_id),
      ),
      deleteItem: db.prepare((k, p: { id: string; orderId: string }) =>
        k.deleteFrom('order_items').where('id', '=', p.id).where('order_id', '=', p.orderId),
      ),
      setTotals: db.prepare(
        (
          k,
          p: TicketTotals & {
            id: string;
            status: string;
            paymentStatus: string;
            layers: string;
            manual: string;
            at: string;
          },
        ) =>
          k
            .updateTable('orders')
            .set({
              sub_total_cents: p.subTotal,
              discount_cents: p.discount,
              tier_discount_cents: p.tierDiscount,
              tax_cents: p.tax,
              delivery_cents: p.deliveryCost,
              pay_by_points_cents: p.payByPoints,
              total_cents: p.total,
              tax_layers: p.layers,
              manual_discounts: p.manual,
              updated_at: p.at,
            })
            .where('id', '=', p.id)
            .where('status', '=', p.status)
            .where('payment_status', '=', p.paymentStatus),
      ),
    };
  }

  /** Writes the edit and announces it; the order's row is locked by the caller. */
  async write(tx: Queryable, edit: LinesWritten): Promise<void> {
    const { order } = edit;
    for (const item of edit.changed) {
      if ((await tx.run(this.q.updateItem, itemValues(item))) !== 1) throw this.lost(order, item);
    }
    for (const item of edit.removed) {
      if ((await tx.run(this.q.deleteItem, { id: item.id, orderId: order.id })) !== 1) throw this.lost(order, item);
    }
    const { status, paymentStatus } = order;
    const totals = {
      ...edit.totals,
      id: order.id,
      status,
      paymentStatus,
      layers: JSON.stringify(edit.taxLayers),
      manual: JSON.stringify(edit.manualDiscounts),
    };
    if ((await tx.run(this.q.setTotals, { ...totals, at: edit.at })) !== 1) {
      throw new Error(`order ${order.orderNumber} changed while its row was locked`);
    }
    await this.uses.recount(tx, [order.id]);
    const { dispensaryId, id: orderId } = order;
    await this.events.edited(tx, { dispensaryId, orderId, status, paymentStatus, at: edit.at, origin: 'here' }, () =>
      this.orders.findById(tx, dispensaryId, orderId),
    );
  }

  private lost(order: OrderRecord, item: OrderItemRecord): Error {
    return new Error(`line ${item.lineIndex} of order ${order.orderNumber} changed while its order's row was locked`);
  }
}
