import { sql } from 'kysely';
import type { PickupQueue, QueueOrder, QueueShortItem } from '../../../shared/contracts/pickup.js';
import { shortName } from '../../../shared/customer-name.js';
import { itemCount } from '../../../shared/item-count.js';
import { formatDecimal } from '../../../shared/money.js';
import { fulfillmentOf, type OrderPaymentStatus, type OrderStatus } from '../../../shared/order-status.js';
import { fromMilli } from '../../../shared/quantity.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';

/** The most open orders one queue lists (a store past it sees the soonest promised, and is told). */
export const QUEUE_LIMIT = 1000;

/** A queued order's line as read. */
const LINE_COLUMNS = [
  'order_id as orderId',
  'line_index as lineIndex',
  'product_id as productId',
  'brand',
  'name',
  'quantity_milli as quantityMilli',
  'original_quantity_milli as originalQuantityMilli',
  'unit_type as unitType',
  'deli',
  'package_id as packageId',
  'package_label as packageLabel',
] as const;

/** A line row as both reads answer it. */
interface LineRow {
  orderId: string;
  lineIndex: number;
  productId: string;
  brand: string;
  name: string;
  quantityMilli: number;
  originalQuantityMilli: number;
  unitType: string;
  deli: number;
  packageId: string;
  packageLabel: string;
}

/** What an order could not fill, with its product's name and unit, as read. */
const SHORT_COLUMNS = [
  'u.order_id as orderId',
  'u.product_id as productId',
  'u.requested_quantity_milli as requestedMilli',
  'u.available_quantity_milli as availableMilli',
  'u.reason',
  'p.name',
  'p.unit_type as unitType',
  'p.deli',
] as const;

/** The open online orders of a store (as migration 034's orders_open_online index says it, so it serves the read). */
const openOnline = (k: Builder, dispensaryId: string) =>
  k
    .selectFrom('orders as o')
    .where('o.dispensary_id', '=', dispensaryId)
    .where(sql<boolean>`o.source = 'online' AND o.status NOT IN ('COMPLETED', 'CANCELED')`);

/**
 * The pickup queue's reads: a store's online orders not yet handed over or canceled, with the
 * customer they name and each line's package, in two queries whatever their number.
 */
export class PickupQueueRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      open: db.prepare((k, p: { dispensaryId: string; limit: number }) =>
        openOnline(k, p.dispensaryId)
          .leftJoin('customers as c', 'c.id', 'o.customer_id')
          .select([
            'o.id',
            'o.order_number as orderNumber',
            'o.status',
            'o.payment_status as paymentStatus',
            'o.total_cents as total',
            // What its approved payments hold already (cash taken, then a card declined, say).
            sql<number>`(SELECT COALESCE(SUM(pay.amount_cents), 0) FROM payments pay
              WHERE pay.order_id = o.id AND pay.status = 'approved')`.as('paid'),
            'o.created_at as placedAt',
            'o.promised_at as promisedAt',
            'o.updated_at as updatedAt',
            'o.picker',
            'c.first_name as firstName',
            'c.last_name as lastName',
          ])
          .orderBy(sql`COALESCE(o.promised_at, o.created_at)`)
          .orderBy('o.id')
          .limit(p.limit),
      ),
      // The lines of the same open orders, named by the same condition rather than by hundreds of
      // ids (a statement prepared once, not planned again for each list of ids).
      openLines: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('order_items')
          .select(LINE_COLUMNS)
          .where('order_id', 'in', openOnline(k, p.dispensaryId).select('o.id'))
          .orderBy('order_id')
          .orderBy('line_index'),
      ),
      // What the same open orders could not fill (the shelf held less, or none), in the order asked.
      openShort: db.prepare((k, p: { dispensaryId: string }) =>
        shortQuery(k).where('u.order_id', 'in', openOnline(k, p.dispensaryId).select('o.id')),
      ),
    };
  }

  /** The open online orders of a store, soonest promised first; `truncated` when there are more. */
  async open(q: Queryable, dispensaryId: string, now: Date): Promise<{ orders: QueueOrder[]; truncated: boolean }> {
    const rows = await q.all(this.q.open, { dispensaryId, limit: QUEUE_LIMIT + 1 });
    const truncated = rows.length > QUEUE_LIMIT;
    const listed = truncated ? rows.slice(0, QUEUE_LIMIT) : rows;
    const lines = group(await q.all(this.q.openLines, { dispensaryId }));
    const short = groupShort(await q.all(this.q.openShort, { dispensaryId }));
    // An order that changed between the reads (opened, or handed over) has its lines read by id.
    const missing = listed.filter((row) => !lines.has(row.id)).map((row) => row.id);
    if (missing.length > 0) {
      for (const [id, own] of await this.linesOf(q, missing)) lines.set(id, own);
      const k = this.db.builder;
      const more = await q.all(shortQuery(k).where('u.order_id', 'in', missing));
      for (const [id, own] of groupShort(more)) short.set(id, own);
    }
    const at = now.toISOString();
    const orders = listed.map((row): QueueOrder => {
      const status = row.status as OrderStatus;
      const stage = fulfillmentOf(status);
      const own = lines.get(row.id) ?? [];
      return {
        orderId: row.id,
        orderNumber: row.orderNumber,
        status,
        fulfillmentStatus: stage,
        paymentStatus: row.paymentStatus as OrderPaymentStatus,
        customerName: shortName(row.firstName, row.lastName),
        lines: own,
        unavailableItems: short.get(row.id) ?? [],
        totalItems: itemCount(own),
        total: formatDecimal(Number(row.total)),
        paid: formatDecimal(Number(row.paid)),
        placedAt: row.placedAt,
        promisedAt: row.promisedAt,
        updatedAt: row.updatedAt,
        picker: row.picker,
        overdue: stage !== 'PACKED_READY' && row.promisedAt !== null && row.promisedAt < at,
      };
    });
    return { orders, truncated };
  }

  /** The queue's answer as read now: the store's own list, current, handed over where it is asked. */
  async answer(q: Queryable, dispensaryId: string, now: Date): Promise<PickupQueue> {
    const { orders, truncated } = await this.open(q, dispensaryId, now);
    const asOf = now.toISOString();
    return { resultCode: 'SUCCESS', resultReason: null, asOf, orders, truncated, current: true, atServer: false };
  }

  /** The lines of the orders, by order, in line order: one query. */
  private async linesOf(q: Queryable, orderIds: readonly string[]): Promise<Map<string, QueueOrder['lines']>> {
    const k = this.db.builder;
    return group(
      await q.all(
        k
          .selectFrom('order_items')
          .select(LINE_COLUMNS)
          .where('order_id', 'in', orderIds)
          .orderBy('order_id')
          .orderBy('line_index'),
      ),
    );
  }
}

/** Lines as read, by order, in line order. */
function group(rows: readonly LineRow[]): Map<string, QueueOrder['lines']> {
  const byOrder = new Map<string, QueueOrder['lines']>();
  for (const { orderId, quantityMilli, originalQuantityMilli, deli, ...line } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push({
      ...line,
      quantity: fromMilli(Number(quantityMilli)),
      originalQuantity: fromMilli(Number(originalQuantityMilli)),
      deli: Number(deli) === 1,
    });
    byOrder.set(orderId, list);
  }
  return byOrder;
}

/** What orders could not fill, joined to the products named (their name and unit), in the order asked. */
const shortQuery = (k: Builder) =>
  k
    .selectFrom('order_unavailable_items as u')
    .innerJoin('products as p', 'p.id', 'u.product_id')
    .select(SHORT_COLUMNS)
    .orderBy('u.order_id')
    .orderBy('u.position');

/** What orders could not fill, as read, by order. */
function groupShort(
  rows: readonly {
    orderId: string;
    productId: string;
    requestedMilli: number;
    availableMilli: number;
    reason: string;
    name: string;
    unitType: string;
    deli: number;
  }[],
): Map<string, QueueShortItem[]> {
  const byOrder = new Map<string, QueueShortItem[]>();
  for (const { orderId, requestedMilli, availableMilli, reason, deli, ...item } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push({
      ...item,
      requestedQuantity: fromMilli(Number(requestedMilli)),
      availableQuantity: fromMilli(Number(availableMilli)),
      reason: reason as QueueShortItem['reason'],
      deli: Number(deli) === 1,
    });
    byOrder.set(orderId, list);
  }
  return byOrder;
}
