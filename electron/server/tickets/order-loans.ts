import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** How long an order stays lent to a register that has not taken its money (README "Attaching registers"). */
export const LOAN_MS = 15 * 60_000;

/** An order lent to a register for its hand-over, as the refusals name it. */
export interface OrderLoan {
  orderId: string;
  registerId: string;
  registerName: string;
  cashier: string;
  /** Until when; null once the register took the order's money (lent until handed over). */
  expiresAt: string | null;
}

/** A register taking an order over for its hand-over. */
export interface LoanRequest {
  orderId: string;
  dispensaryId: string;
  registerId: string;
  registerName: string;
  cashier: string;
}

/**
 * On a store server: the online orders lent to one register each for their hand-over (migration
 * 35). A loan lasts `LOAN_MS` unless the register takes the order's money (its forwarded payment
 * makes it last until the order is handed over); an expired loan is no loan, and the next claim
 * replaces it. While one lasts, nothing here moves, edits or takes a payment for the order: the
 * register's forwarded changes do.
 */
export class OrderLoans {
  constructor(private readonly db: DataLayer) {}

  /** The loan of `orderId` that lasts at `now`, if any. */
  async current(q: Queryable, orderId: string, now: Date): Promise<OrderLoan | undefined> {
    const row = await q.first(
      this.db.builder
        .selectFrom('order_loans')
        .select([
          'order_id as orderId',
          'register_id as registerId',
          'register_name as registerName',
          'cashier',
          'expires_at as expiresAt',
        ])
        .where('order_id', '=', orderId)
        .where((e) => e.or([e('expires_at', 'is', null), e('expires_at', '>', now.toISOString())])),
    );
    return row;
  }

  /**
   * Lends the order to the request's register until `LOAN_MS` after `now` (in the order's locked
   * write): answers the loan, or the one that another register holds (nothing written then). The
   * same register asking again renews its loan.
   */
  async lend(tx: Queryable, request: LoanRequest, now: Date): Promise<{ loan: OrderLoan; ours: boolean }> {
    const held = await this.current(tx, request.orderId, now);
    if (held && held.registerId !== request.registerId) return { loan: held, ours: false };
    const expiresAt = held?.expiresAt === null ? null : new Date(now.getTime() + LOAN_MS).toISOString();
    const row = {
      order_id: request.orderId,
      dispensary_id: request.dispensaryId,
      register_id: request.registerId,
      register_name: request.registerName,
      cashier: request.cashier,
      lent_at: now.toISOString(),
      expires_at: expiresAt,
    };
    await tx.run(this.db.builder.deleteFrom('order_loans').where('order_id', '=', request.orderId));
    await tx.run(this.db.builder.insertInto('order_loans').values(row));
    return { loan: { ...request, expiresAt }, ours: true };
  }

  /** Ends register `registerId`'s loan of the order (given back before its money was taken). */
  async giveBack(tx: Queryable, orderId: string, registerId: string): Promise<boolean> {
    const ended = await tx.run(
      this.db.builder
        .deleteFrom('order_loans')
        .where('order_id', '=', orderId)
        .where('register_id', '=', registerId)
        .where('expires_at', 'is not', null),
    );
    return ended > 0;
  }

  /**
   * Register `registerId`'s forwarded changes wrote these orders: a loan of one handed over or
   * canceled ends; one whose money is in lasts until it is handed over.
   */
  async forwarded(
    tx: Queryable,
    registerId: string,
    orders: ReadonlyMap<string, { status: string; paymentStatus: string }>,
  ): Promise<void> {
    const k = this.db.builder;
    for (const [orderId, { status, paymentStatus }] of orders) {
      if (status === 'COMPLETED' || status === 'CANCELED') {
        await tx.run(k.deleteFrom('order_loans').where('order_id', '=', orderId).where('register_id', '=', registerId));
      } else if (paymentStatus !== 'UNPAID') {
        await tx.run(
          k
            .updateTable('order_loans')
            .set({ expires_at: null })
            .where('order_id', '=', orderId)
            .where('register_id', '=', registerId),
        );
      }
    }
  }

  /**
   * Why the order may not be moved, edited or paid here now, in words (null: it may): on a store
   * server, it is lent to a register; on a register, the server's loan of it here ended before its
   * money was taken (another register may take it over now).
   */
  async refusal(
    q: Queryable,
    order: { id: string; orderNumber: string; paymentStatus: string },
    now: Date,
  ): Promise<string | null> {
    const loan = await this.current(q, order.id, now);
    if (loan) return lentWords(order.orderNumber, loan);
    if (order.paymentStatus !== 'UNPAID') return null;
    const here = await q.first(
      this.db.builder.selectFrom('lent_orders').select('expires_at').where('order_id', '=', order.id),
    );
    if (!here || here.expires_at > now.toISOString()) return null;
    return (
      `the store server lent order ${order.orderNumber} to this register for ${LOAN_MS / 60_000} minutes, ` +
      'and that time is over: go back to the online orders and hand it over again'
    );
  }
}

/** "order 7KQ2MZ is being handed over at register front-1 (by sam)". */
export function lentWords(orderNumber: string, loan: Pick<OrderLoan, 'registerName' | 'cashier'>): string {
  return `order ${orderNumber} is being handed over at register ${loan.registerName} (by ${loan.cashier})`;
}
