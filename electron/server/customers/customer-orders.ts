import type { CustomerOrders, CustomerOrdersQuery } from '../../../shared/contracts/customer-orders.js';
import type { OrderSource, OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { decodeCursor, encodeCursor, pageNewestFirst } from '../db/newest-first.js';

const DEFAULT_PAGE = 10;

/**
 * What the payments of each of `orderIds` hold, in cents, as an order's balance counts them: the
 * payments' port (payments-module.ts, the tickets' `moneyOf`), one query for a page of orders.
 */
export type OrdersMoney = (
  q: Queryable,
  orderIds: readonly string[],
) => Promise<ReadonlyMap<string, { paid: number; refunded: number }>>;

/**
 * A customer's orders at their store, for the back office (README "Customers"): how many, their last
 * visit (when their newest sale was handed over: paid in full and in their hands), and a page of
 * their orders newest first, each with what its payments hold. It reads `orders.customer_id`
 * (migration 014) through its index on (customer_id, created_at); the caller has checked that the
 * customer is the store's.
 */
export class CustomerOrdersReader {
  private readonly q;

  constructor(
    private readonly db: DataLayer,
    /** Without it (no payments wired) nothing reads as paid. */
    private readonly moneyOf?: OrdersMoney,
  ) {
    this.q = {
      count: db.prepare((k, p: { dispensaryId: string; customerId: string }) =>
        k
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('customer_id', '=', p.customerId)
          .where('dispensary_id', '=', p.dispensaryId),
      ),
      // Their last visit: when the newest of their sales was handed over (its last move to COMPLETED,
      // read from the history's (order, status, time) index). An order canceled, not paid yet, or paid
      // and waiting to be picked up is no visit; nor a counter sale a void reopened (no longer COMPLETED).
      lastVisit: db.prepare((k, p: { dispensaryId: string; customerId: string }) =>
        k
          .selectFrom('orders as o')
          .innerJoin('order_status_history as h', 'h.order_id', 'o.id')
          .select((eb) => eb.fn.max('h.at').as('at'))
          .where('o.customer_id', '=', p.customerId)
          .where('o.dispensary_id', '=', p.dispensaryId)
          .where('o.status', '=', 'COMPLETED')
          .where('h.to_status', '=', 'COMPLETED'),
      ),
    };
  }

  /** The summary and one page (`before`: the previous page's cursor) of the customer's orders. */
  async read(dispensaryId: string, customerId: string, query: CustomerOrdersQuery): Promise<CustomerOrders> {
    const limit = query.limit ?? DEFAULT_PAGE;
    // A cursor pages the orders of the customer it was issued for, and no other's.
    const list = { name: 'customer-orders', filter: { store: dispensaryId, customerId }, field: 'before' };
    const cursor = query.before === undefined ? undefined : decodeCursor(list, query.before);
    const select = this.db.builder
      .selectFrom('orders')
      .select(['id', 'order_number', 'status', 'source', 'total_cents', 'created_at'])
      .where('customer_id', '=', customerId)
      .where('dispensary_id', '=', dispensaryId);
    const after = cursor && { at: cursor.createdAt, id: cursor.id };
    const [counted, visit, rows] = await Promise.all([
      this.db.first(this.q.count, { dispensaryId, customerId }),
      this.db.first(this.q.lastVisit, { dispensaryId, customerId }),
      this.db.all(pageNewestFirst(select, { time: 'created_at', id: 'id' }, after, limit + 1)),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const ids = page.map((row) => row.id);
    const money = (await this.moneyOf?.(this.db, ids)) ?? new Map<string, { paid: number; refunded: number }>();
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      count: Number(counted?.count ?? 0),
      lastVisit: visit?.at ?? null,
      orders: page.map((row) => ({
        orderId: row.id,
        orderNumber: row.order_number,
        status: row.status as OrderStatus,
        source: row.source as OrderSource,
        total: Number(row.total_cents),
        paid: money.get(row.id)?.paid ?? 0,
        refunded: money.get(row.id)?.refunded ?? 0,
        createdAt: row.created_at,
      })),
      nextCursor: rows.length > limit && last ? encodeCursor(list, last.created_at, last.id) : null,
    };
  }
}
