import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { returnedLines, type ReturnedLines } from './returned-lines.js';

/** What an order holds of its points (migration 045) and how much of its money went back. */
export interface OrderPointsState {
  /** Points its reward dollars cost. */
  spentPoints: number;
  /** Points it earned when paid in full, or null until then. */
  earnedPoints: number | null;
  /** Cents its approved payments charged (a cashless ATM's cash back left out), and the cents refunded of them. */
  chargedCents: number;
  refundedCents: number;
  /** What refunds by items of those payments gave back: their cents (part of `refundedCents`) and lines. */
  returned: ReturnedLines;
}

/** The loyalty columns of `orders`, and its payments' money, read and written in the order's write. */
export class OrderPointsRows {
  constructor(private readonly db: DataLayer) {}

  async read(q: Queryable, orderId: string): Promise<OrderPointsState> {
    const k = this.db.builder;
    const order = await q.first(
      k.selectFrom('orders').select(['loyalty_spent_points', 'loyalty_earned_points']).where('id', '=', orderId),
    );
    const payments = await q.all(
      k
        .selectFrom('payments as p')
        .leftJoin('payment_refunds as r', (join) =>
          join.onRef('r.payment_id', '=', 'p.id').on('r.status', '=', 'approved'),
        )
        .select(['p.id', 'p.created_at as at', 'p.charged_cents as charged', 'p.refunded_cents as refunded'])
        .select('p.cashback_cents as cashback')
        .select((e) => e.fn.max('r.created_at').as('lastRefundAt'))
        .where('p.order_id', '=', orderId)
        .where('p.status', 'in', ['approved', 'refunded'])
        .groupBy(['p.id', 'p.created_at', 'p.charged_cents', 'p.refunded_cents', 'p.cashback_cents'])
        .orderBy('p.created_at')
        .orderBy('p.id'),
    );
    const paid = payments.map((row) => ({
      at: row.at,
      chargedCents: Number(row.charged) - Number(row.cashback),
      refundedCents: Number(row.refunded),
      lastRefundAt: row.lastRefundAt ?? null,
    }));
    const money = currentSale(paid);
    const live = payments.slice(saleStart(paid)).map((row) => row.id);
    return {
      spentPoints: Number(order?.loyalty_spent_points ?? 0),
      earnedPoints: order?.loyalty_earned_points == null ? null : Number(order.loyalty_earned_points),
      chargedCents: money.chargedCents,
      refundedCents: money.refundedCents,
      returned: await returnedLines(this.db, q, money.refundedCents > 0 ? live : []),
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

/** An order's payment as its points read it: when taken, what it charged, and what went back when. */
export interface PaidMoney {
  at: string;
  chargedCents: number;
  refundedCents: number;
  /** When its last refund was made, or null. */
  lastRefundAt: string | null;
}

/**
 * The money of the order's sale as it stands, its payments oldest first: those of a sale refunded in
 * full before the order was paid again (an online order back to unpaid, then paid once more) are
 * left out, so the old refund does not count against the new payment. Payments taken together (a
 * split tender) stay one sale, whatever was refunded of each.
 */
export function currentSale(payments: readonly PaidMoney[]): { chargedCents: number; refundedCents: number } {
  const live = payments.slice(saleStart(payments));
  return {
    chargedCents: live.reduce((sum, payment) => sum + payment.chargedCents, 0),
    refundedCents: live.reduce((sum, payment) => sum + payment.refundedCents, 0),
  };
}

/** Where the order's current sale begins among its payments, oldest first (see currentSale). */
function saleStart(payments: readonly PaidMoney[]): number {
  let start = 0;
  let lastRefund = '';
  for (let index = 0; index < payments.length - 1; index += 1) {
    const payment = payments[index]!;
    if (payment.refundedCents < payment.chargedCents) break;
    if (payment.lastRefundAt !== null && payment.lastRefundAt > lastRefund) lastRefund = payment.lastRefundAt;
    // Everything so far went back before the next payment was taken: a new sale begins there.
    if (lastRefund !== '' && lastRefund <= payments[index + 1]!.at) start = index + 1;
  }
  return start;
}
