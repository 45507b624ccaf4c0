import { createHash } from 'node:crypto';
import type { OwnOrdersAnswer, OwnOrdersRequestType } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

// An attached register's own orders, as it and its store server each hold them: the register asks
// with the version of each it holds, and the server answers those it has changed since (a refund at
// the back office changes a payment; an order made ready at the counter changes the order).

/**
 * The version of an order: its row's and its payments' `updated_at`, so a change to either (a
 * refund changes the payment alone) gives another; and its number, which the server keeps its own
 * of when it renumbered the register's order. The same function on the register and the server.
 */
export function orderVersion(
  order: { updatedAt: string; orderNumber: string },
  payments: readonly { id: string; updatedAt: string }[],
): string {
  const hash = createHash('sha256').update(`${order.orderNumber}|${order.updatedAt}`);
  const sorted = [...payments].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const payment of sorted) hash.update(`|${payment.id}@${payment.updatedAt}`);
  return hash.digest('hex').slice(0, 32);
}

/** Which orders: these ids, or the newest created since `since` (at most `limit`). */
export type OrderSelection = { ids: readonly string[] } | { since: string; limit: number };

/**
 * The versions of the selected orders of store `dispensaryId` here, by id (another store's order,
 * or none, is left out).
 */
export async function orderVersions(
  db: DataLayer,
  q: Queryable,
  dispensaryId: string,
  which: OrderSelection,
): Promise<Map<string, string>> {
  if ('ids' in which && which.ids.length === 0) return new Map();
  const selected = db.builder
    .selectFrom('orders')
    .select(['id', 'updated_at as updatedAt', 'order_number as orderNumber'])
    .where('dispensary_id', '=', dispensaryId);
  const orders = await q.all(
    'ids' in which
      ? selected.where('id', 'in', [...which.ids])
      : selected.where('created_at', '>=', which.since).orderBy('created_at', 'desc').limit(which.limit),
  );
  if (orders.length === 0) return new Map();
  const payments = await q.all(
    db.builder
      .selectFrom('payments')
      .select(['id', 'order_id as orderId', 'updated_at as updatedAt'])
      .where(
        'order_id',
        'in',
        orders.map((order) => order.id),
      ),
  );
  const byOrder = new Map<string, { id: string; updatedAt: string }[]>();
  for (const payment of payments) {
    const list = byOrder.get(payment.orderId!) ?? [];
    list.push({ id: payment.id, updatedAt: payment.updatedAt });
    byOrder.set(payment.orderId!, list);
  }
  return new Map(orders.map((order) => [order.id, orderVersion(order, byOrder.get(order.id) ?? [])]));
}

/**
 * On the server: of the orders a register asks about, those of its store whose version here is
 * not the register's, with every payment of theirs, as whole rows (the register writes them as
 * they are here).
 */
export async function changedOwnOrders(
  db: DataLayer,
  dispensaryId: string,
  request: OwnOrdersRequestType,
): Promise<Pick<OwnOrdersAnswer, 'orders' | 'payments'>> {
  const asked = new Map(request.orders.map((order) => [order.id, order.version]));
  const here = await orderVersions(db, db, dispensaryId, { ids: [...asked.keys()] });
  const changed = [...here].filter(([id, version]) => asked.get(id) !== version).map(([id]) => id);
  if (changed.length === 0) return { orders: [], payments: [] };
  const orders = await db.all(db.builder.selectFrom('orders').selectAll().where('id', 'in', changed));
  const payments = await db.all(db.builder.selectFrom('payments').selectAll().where('order_id', 'in', changed));
  return { orders: orders.map((row) => ({ ...row })), payments: payments.map((row) => ({ ...row })) };
}
