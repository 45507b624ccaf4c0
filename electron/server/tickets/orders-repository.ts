import type { Statement } from 'better-sqlite3';
import type { OrderStatus } from '../../../shared/order-status.js';
import type { Db } from '../db/database.js';
import type { FullOrder, OrderItemRecord, OrderRecord, UnavailableItemRecord } from './order-records.js';

const ORDER_COLUMNS = `id, dispensary_id AS dispensaryId, location_id AS locationId, order_number AS orderNumber,
  type, status, address_id AS addressId, sub_total_cents AS subTotal, discount_cents AS discount,
  tier_discount_cents AS tierDiscount, tax_cents AS tax, delivery_cents AS deliveryCost,
  pay_by_points_cents AS payByPoints, total_cents AS total, eta, created_by AS createdBy,
  api_client_id AS apiClientId, created_at AS createdAt, updated_at AS updatedAt`;

const ITEM_COLUMNS = `id, order_id AS orderId, line_index AS lineIndex, product_id AS productId,
  package_id AS packageId, location_id AS locationId, type, subtype, brand, name, size, weight,
  unit_type AS unitType, barcodes, package_label AS packageLabel, unit_id AS unitId, deli,
  quantity_milli AS quantityMilli, original_quantity_milli AS originalQuantityMilli,
  refunded_quantity_milli AS refundedQuantityMilli, unit_price_cents AS unitPriceCents,
  line_sub_total_cents AS lineSubTotalCents, line_discount_cents AS lineDiscountCents,
  line_tax_cents AS lineTaxCents, discount_description AS discountDescription`;

type OrderRow = Omit<OrderRecord, 'totals'> & Omit<OrderRecord['totals'], 'adjustedSubTotal'>;
type ItemRow = Omit<OrderItemRecord, 'deli'> & { deli: number };

function toOrder(row: OrderRow): OrderRecord {
  const { subTotal, discount, tierDiscount, tax, deliveryCost, payByPoints, total, ...rest } = row;
  const adjustedSubTotal = subTotal + discount + tierDiscount;
  return {
    ...rest,
    totals: { subTotal, discount, tierDiscount, adjustedSubTotal, tax, deliveryCost, payByPoints, total },
  };
}

/** Filters of an order listing; newest first, paged by the (createdAt, id) of the last row seen. */
export interface OrderQuery {
  dispensaryId: string;
  status?: OrderStatus;
  createdFrom?: string;
  createdBefore?: string;
  after?: { createdAt: string; id: string };
  limit: number;
}

/** The orders aggregate: orders, their lines, unfilled items and status history. */
export class OrdersRepository {
  private readonly statements;
  /** Listing statements by their filter combination (at most 16), prepared once each. */
  private readonly listings = new Map<string, Statement<Record<string, unknown>, OrderRow>>();

  constructor(private readonly db: Db) {
    this.statements = {
      insertOrder: db.prepare(`INSERT INTO orders (id, dispensary_id, location_id, order_number, type, status,
          address_id, sub_total_cents, discount_cents, tier_discount_cents, tax_cents, delivery_cents,
          pay_by_points_cents, total_cents, eta, created_by, api_client_id, created_at, updated_at)
        VALUES (@id, @dispensaryId, @locationId, @orderNumber, @type, @status, @addressId, @subTotal, @discount,
          @tierDiscount, @tax, @deliveryCost, @payByPoints, @total, @eta, @createdBy, @apiClientId, @createdAt,
          @updatedAt)`),
      insertItem: db.prepare(`INSERT INTO order_items (id, order_id, line_index, product_id, package_id, location_id,
          type, subtype, brand, name, size, weight, unit_type, barcodes, package_label, unit_id, deli, quantity_milli,
          original_quantity_milli, refunded_quantity_milli, unit_price_cents, line_sub_total_cents,
          line_discount_cents, line_tax_cents, discount_description)
        VALUES (@id, @orderId, @lineIndex, @productId, @packageId, @locationId, @type, @subtype, @brand, @name, @size,
          @weight, @unitType, @barcodes, @packageLabel, @unitId, @deli, @quantityMilli, @originalQuantityMilli,
          @refundedQuantityMilli, @unitPriceCents, @lineSubTotalCents, @lineDiscountCents, @lineTaxCents,
          @discountDescription)`),
      insertUnavailable: db.prepare(`INSERT INTO order_unavailable_items (order_id, product_id,
          requested_quantity_milli, available_quantity_milli, reason)
        VALUES (@orderId, @productId, @requestedQuantityMilli, @availableQuantityMilli, @reason)`),
      insertHistory: db.prepare(`INSERT INTO order_status_history (order_id, from_status, to_status, actor, at)
        VALUES (?, ?, ?, ?, ?)`),
      byId: db.prepare<[string, string], OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE dispensary_id = ? AND id = ?`,
      ),
      byNumber: db.prepare<[string, string], OrderRow>(
        `SELECT ${ORDER_COLUMNS} FROM orders WHERE dispensary_id = ? AND order_number = ?`,
      ),
      numberTaken: db.prepare<[string, string], { one: number }>(
        `SELECT 1 AS one FROM orders WHERE dispensary_id = ? AND order_number = ?`,
      ),
      items: db.prepare<[string], ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM order_items WHERE order_id = ? ORDER BY line_index`,
      ),
      unavailable: db.prepare<[string], UnavailableItemRecord>(`SELECT product_id AS productId,
          requested_quantity_milli AS requestedQuantityMilli, available_quantity_milli AS availableQuantityMilli,
          reason FROM order_unavailable_items WHERE order_id = ? ORDER BY rowid`),
      setStatus: db.prepare<[string, string, string, string]>(
        `UPDATE orders SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
      ),
    };
  }

  /** Stores a new order with its lines and unfilled items, and its first status history entry. */
  insert(full: FullOrder): void {
    const { order, items, unavailable } = full;
    this.statements.insertOrder.run({ ...order, ...order.totals });
    for (const item of items) this.statements.insertItem.run({ ...item, deli: item.deli ? 1 : 0 });
    for (const entry of unavailable) this.statements.insertUnavailable.run({ orderId: order.id, ...entry });
    this.statements.insertHistory.run(order.id, null, order.status, order.createdBy, order.createdAt);
  }

  /** True when the dispensary already has an order with this number. */
  numberTaken(dispensaryId: string, orderNumber: string): boolean {
    return this.statements.numberTaken.get(dispensaryId, orderNumber) !== undefined;
  }

  findById(dispensaryId: string, id: string): FullOrder | undefined {
    const row = this.statements.byId.get(dispensaryId, id);
    return row && this.withLines(toOrder(row));
  }

  findByNumber(dispensaryId: string, orderNumber: string): FullOrder | undefined {
    const row = this.statements.byNumber.get(dispensaryId, orderNumber);
    return row && this.withLines(toOrder(row));
  }

  /** Orders newest first, filtered and paged as the query says. */
  list(query: OrderQuery): FullOrder[] {
    const where = ['dispensary_id = @dispensaryId'];
    if (query.status) where.push('status = @status');
    if (query.createdFrom) where.push('created_at >= @createdFrom');
    if (query.createdBefore) where.push('created_at < @createdBefore');
    if (query.after) where.push('(created_at < @afterCreatedAt OR (created_at = @afterCreatedAt AND id < @afterId))');
    const sql = `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT @limit`;
    let statement = this.listings.get(sql);
    if (!statement) {
      statement = this.db.prepare<Record<string, unknown>, OrderRow>(sql);
      this.listings.set(sql, statement);
    }
    const rows = statement.all({
      dispensaryId: query.dispensaryId,
      status: query.status,
      createdFrom: query.createdFrom,
      createdBefore: query.createdBefore,
      afterCreatedAt: query.after?.createdAt,
      afterId: query.after?.id,
      limit: query.limit,
    });
    return rows.map((row) => this.withLines(toOrder(row)));
  }

  /** Moves an order from `from` to `to`; false when it was no longer in `from`. */
  updateStatus(id: string, from: OrderStatus, to: OrderStatus, actor: string, at: string): boolean {
    if (this.statements.setStatus.run(to, at, id, from).changes !== 1) return false;
    this.statements.insertHistory.run(id, from, to, actor, at);
    return true;
  }

  private withLines(order: OrderRecord): FullOrder {
    const items = this.statements.items.all(order.id).map((row) => ({ ...row, deli: row.deli === 1 }));
    return { order, items, unavailable: this.statements.unavailable.all(order.id) };
  }
}
