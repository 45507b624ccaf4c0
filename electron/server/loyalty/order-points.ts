import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** What an order holds of its points (migration 045) and how much of its money went back. */
export interface OrderPointsState {
  /** Points its reward dollars cost. */
  spentPoints: number;
  /** Points it earned when paid in full, or null until then. */
  earnedPoints: number | null;
  /** Cents its approved payments charged, and the cents refunded of them. */
  chargedCents: number;
  refundedCents: number;
}

/** The loyalty columns of `orders`, and its payments' money, read and written in the order's write. */
export class OrderPointsRows {
  constructor(private readonly db: DataLayer) {}

  async read(q: Queryable, orderId: string): Promise<OrderPointsState> {
    const k = this.db.builder;
    const order = await q.first(
      k.selectFrom('orders').select(['loyalty_spent_points', 'loyalty_earned_points']).where('id', '=', orderId),
    );
    const money = await q.first(
      k
        .selectFrom('payments')
        .select([
          sql<number>`COALESCE(SUM(charged_cents), 0)`.as('charged'),
          sql<number>`COALESCE(SUM(refunded_cents), 0)`.as('refunded'),
        ])
        .where('order_id', '=', orderId)
        .where('status', 'in', ['approved', 'refunded']),
    );
    return {
      spentPoints: Number(order?.loyalty_spent_points ?? 0),
      earnedPoints: order?.loyalty_earned_points == null ? null : Number(order.loyalty_earned_points),
      chargedCents: Number(money?.charged ?? 0),
      refundedCents: Number(money?.refunded ?? 0),
    };
  }

  async write(tx: Queryable, orderId: string, spentPoints: number, earnedPoints: number | null): Promise<void> {
    await tx.run(
      this.db.builder
        .updateTable('orders')
        .set({ loyalty_spent_points: spentPoints, loyalty_earned_points: earnedPoints })
        .where('id', '=', orderId),
    );
  }
}
