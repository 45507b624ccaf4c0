import { sql } from 'kysely';
import type { OrderPaymentStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** An order packed and ready for pickup, and since when. */
export interface ReadyOrderRecord {
  orderId: string;
  orderNumber: string;
  totalCents: number;
  paymentStatus: OrderPaymentStatus;
  /** ISO 8601: the order's latest move to PACKED_READY. */
  readySince: string;
  /** The store's customer the order names ("Maria Elena Garcia"), or null. */
  customerName: string | null;
}

/** When an order (`o`) became ready: its latest move to PACKED_READY, else its last update. */
const READY_SINCE = sql<string>`COALESCE((SELECT MAX(h.at) FROM order_status_history h
  WHERE h.order_id = o.id AND h.to_status = 'PACKED_READY'), o.updated_at)`;

/** The most orders one listing answers: a store with more waiting has a problem no list solves. */
export const READY_LIST_MAX = 500;

/**
 * Orders in PACKED_READY and when they became ready: their status history's latest move to it
 * (an order packed, opened again and packed anew is ready since the last packing). An order with no
 * such entry (none is written without one) counts as ready since it was last updated.
 */
export class ReadyOrdersRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      readyBefore: db.prepare((k, p: { dispensaryId: string; before: string }) =>
        k
          .selectFrom('orders as o')
          .leftJoin('customers as c', 'c.id', 'o.customer_id')
          .select([
            'o.id as orderId',
            'o.order_number as orderNumber',
            'o.total_cents as totalCents',
            'o.payment_status as paymentStatus',
            READY_SINCE.as('readySince'),
            'c.first_name as firstName',
            'c.middle_name as middleName',
            'c.last_name as lastName',
          ])
          .where('o.dispensary_id', '=', p.dispensaryId)
          .where('o.status', '=', 'PACKED_READY')
          .where(READY_SINCE, '<', p.before)
          .orderBy('readySince')
          .orderBy('o.id')
          .limit(READY_LIST_MAX),
      ),
    };
  }

  /** The store's orders ready since before `before` (ISO 8601), longest waiting first. */
  async readyBefore(q: Queryable, dispensaryId: string, before: Date): Promise<ReadyOrderRecord[]> {
    const rows = await q.all(this.q.readyBefore, { dispensaryId, before: before.toISOString() });
    return rows.map(({ firstName, middleName, lastName, ...row }) => ({
      ...row,
      paymentStatus: row.paymentStatus as OrderPaymentStatus,
      readySince: String(row.readySince),
      customerName: firstName === null ? null : [firstName, middleName, lastName].filter(Boolean).join(' '),
    }));
  }
}
