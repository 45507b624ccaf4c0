import type { Insertable } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import { prepareInsertRows, writeStep, type InsertRows, type Prepared, type WriteStep } from '../db/query.js';
import type { OrdersTable } from '../db/schema.js';
import { DealUses, usesOf } from './deal-uses.js';
import type { PricedOrder } from './order-records.js';
import { ITEM_INSERT_COLUMNS, itemValues, UNAVAILABLE_INSERT_COLUMNS } from './order-rows.js';

/**
 * The statements that write a new order — its row, lines, unfilled items — and a status history
 * entry (a new order's first, and every move's: OrdersRepository.move), prepared once.
 */
export class OrderInserts {
  private readonly q;
  /** Inserts of n lines (n unfilled items), compiled once per n. */
  private readonly itemInserts = new Map<number, Prepared<InsertRows<'order_items'>, never>>();
  private readonly unavailableInserts = new Map<number, Prepared<InsertRows<'order_unavailable_items'>, never>>();
  private readonly uses: DealUses;

  constructor(private readonly db: DataLayer) {
    this.uses = new DealUses(db);
    this.q = {
      insertOrder: db.prepare((k, p: Insertable<OrdersTable>) =>
        k.insertInto('orders').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          location_id: p.location_id,
          order_number: p.order_number,
          type: p.type,
          status: p.status,
          payment_status: p.payment_status,
          source: p.source,
          promised_at: p.promised_at,
          address_id: p.address_id,
          sub_total_cents: p.sub_total_cents,
          discount_cents: p.discount_cents,
          tier_discount_cents: p.tier_discount_cents,
          tax_cents: p.tax_cents,
          delivery_cents: p.delivery_cents,
          pay_by_points_cents: p.pay_by_points_cents,
          total_cents: p.total_cents,
          eta: p.eta,
          created_by: p.created_by,
          api_client_id: p.api_client_id,
          tax_layers: p.tax_layers,
          customer_id: p.customer_id,
          promo_codes: p.promo_codes,
          chosen_deals: p.chosen_deals,
          manual_discounts: p.manual_discounts,
          created_at: p.created_at,
          updated_at: p.updated_at,
        }),
      ),
      insertHistory: db.prepare(
        (k, p: { orderId: string; from: string | null; to: string; actor: string; at: string }) =>
          k.insertInto('order_status_history').values({
            order_id: p.orderId,
            from_status: p.from,
            to_status: p.to,
            actor: p.actor,
            at: p.at,
          }),
      ),
    };
  }

  /** A status history entry: `from` null for a new order. */
  get history() {
    return this.q.insertHistory;
  }

  /**
   * The writes of a new order (its row, lines, unfilled items, first status entry and its uses of
   * deals with a limit), then `following`, whose last is the packages' update: its count (one package per line)
   * says whether the order took its stock.
   */
  steps(full: PricedOrder, following: readonly WriteStep[]): WriteStep[] {
    const { order, items, unavailable } = full;
    const { totals } = order;
    const writes = [
      writeStep(this.q.insertOrder, {
        id: order.id,
        dispensary_id: order.dispensaryId,
        location_id: order.locationId,
        order_number: order.orderNumber,
        type: order.type,
        status: order.status,
        payment_status: order.paymentStatus,
        source: order.source,
        promised_at: order.promisedAt,
        address_id: order.addressId,
        sub_total_cents: totals.subTotal,
        discount_cents: totals.discount,
        tier_discount_cents: totals.tierDiscount,
        tax_cents: totals.tax,
        delivery_cents: totals.deliveryCost,
        pay_by_points_cents: totals.payByPoints,
        total_cents: totals.total,
        eta: order.eta,
        created_by: order.createdBy,
        api_client_id: order.apiClientId,
        tax_layers: JSON.stringify(full.taxLayers),
        customer_id: order.customerId,
        promo_codes: JSON.stringify(order.promoCodes),
        chosen_deals: JSON.stringify(order.chosenDeals),
        manual_discounts: JSON.stringify(order.manualDiscounts),
        created_at: order.createdAt,
        updated_at: order.updatedAt,
      }),
    ];
    if (items.length > 0) writes.push(writeStep(this.itemInsert(items.length), { rows: items.map(itemValues) }));
    if (unavailable.length > 0) {
      const rows = unavailable.map((entry, position) => ({
        order_id: order.id,
        position,
        product_id: entry.productId,
        requested_quantity_milli: entry.requestedQuantityMilli,
        available_quantity_milli: entry.availableQuantityMilli,
        reason: entry.reason,
      }));
      writes.push(writeStep(this.unavailableInsert(rows.length), { rows }));
    }
    writes.push(
      writeStep(this.q.insertHistory, {
        orderId: order.id,
        from: null,
        to: order.status,
        actor: order.createdBy,
        at: order.createdAt,
      }),
    );
    const uses = this.uses.inserting(usesOf(order, items, full.limitedDeals));
    if (uses) writes.push(uses);
    return [...writes, ...following];
  }

  private itemInsert(count: number): Prepared<InsertRows<'order_items'>, never> {
    let prepared = this.itemInserts.get(count);
    if (!prepared) {
      prepared = prepareInsertRows(this.db.builder, 'order_items', ITEM_INSERT_COLUMNS, count);
      this.itemInserts.set(count, prepared);
    }
    return prepared;
  }

  private unavailableInsert(count: number): Prepared<InsertRows<'order_unavailable_items'>, never> {
    let prepared = this.unavailableInserts.get(count);
    if (!prepared) {
      prepared = prepareInsertRows(this.db.builder, 'order_unavailable_items', UNAVAILABLE_INSERT_COLUMNS, count);
      this.unavailableInserts.set(count, prepared);
    }
    return prepared;
  }
}
