import { sql } from 'kysely';
import type { OrderLookup } from '../../../shared/contracts/pickup.js';
import { shortName } from '../../../shared/customer-name.js';
import { fulfillmentOf, type OrderSource, type OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** When an order (`o`) was handed over or canceled: its status history's last move to where it is now. */
const CLOSED_AT = sql<string | null>`CASE WHEN o.status IN ('COMPLETED', 'CANCELED') THEN
  COALESCE((SELECT MAX(h.at) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = o.status),
  o.updated_at) END`;

/**
 * The counter's look-up of an order by its exact number, open or not: what the queue (open online
 * orders only) cannot say about a number typed at the counter. One query, by the store's unique
 * order number.
 */
export class OrderLookupRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      byNumber: db.prepare((k, p: { dispensaryId: string; orderNumber: string }) =>
        k
          .selectFrom('orders as o')
          .leftJoin('customers as c', 'c.id', 'o.customer_id')
          .select([
            'o.id',
            'o.order_number as orderNumber',
            'o.source',
            'o.status',
            'c.first_name as firstName',
            'c.last_name as lastName',
            CLOSED_AT.as('closedAt'),
          ])
          .where('o.dispensary_id', '=', p.dispensaryId)
          .where('o.order_number', '=', p.orderNumber),
      ),
    };
  }

  /** The store's order numbered `orderNumber` (upper case), or undefined. */
  async find(q: Queryable, dispensaryId: string, orderNumber: string): Promise<OrderLookup | undefined> {
    const row = await q.first(this.q.byNumber, { dispensaryId, orderNumber });
    if (!row) return undefined;
    const status = row.status as OrderStatus;
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: row.id,
      orderNumber: row.orderNumber,
      source: row.source as OrderSource,
      status,
      fulfillmentStatus: fulfillmentOf(status),
      customerName: shortName(row.firstName, row.lastName),
      closedAt: row.closedAt,
    };
  }
}
