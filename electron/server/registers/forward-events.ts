import type { PaymentStatus } from '../../../shared/contracts/payment.js';
import type { OrderPaymentStatus, OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { PaymentChanges, type ChangeEvents } from '../payments/store/payment-changes.js';
import { PaymentsRepository } from '../payments/store/payments-repository.js';
import { OrderEvents } from '../tickets/order-events.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import type { ReplicaRow } from './replica-tables.js';

/** An order or payment as the server had it before a register's change (absent: new here). */
export interface BeforeChange {
  status: string;
  refunded: number;
  /** An order's payment status (a payment's: its own status again). */
  paid: string;
}

/**
 * Announces a register's forwarded orders and payments through the same ports as the store's own
 * changes (`ChangeEvents`, origin `forwarded`), in the batch's transaction: each status the server
 * sees an order or a payment move to (an order created, paid, canceled; a payment approved,
 * declined, voided, refunded). A forwarded row is the register's final state, so the move is read
 * off the server's row before and after it is applied; the register's states between two the
 * server saw are not announced. Nothing is read when no listener hears forwarded changes.
 */
export class ForwardEvents {
  private readonly orders: OrdersRepository;
  private readonly payments: PaymentsRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly events: ChangeEvents,
  ) {
    // Only read here: what they would announce is announced through `events` below.
    this.orders = new OrdersRepository(db, OrderEvents.readOnly);
    this.payments = new PaymentsRepository(db, PaymentChanges.readOnly);
  }

  /** What the row is here before the change; undefined when nobody listens, or the table has no events. */
  async before(tx: Queryable, table: string, row: ReplicaRow): Promise<BeforeChange | null | undefined> {
    if (table !== 'orders' && table !== 'payments') return undefined;
    if (!(await (table === 'orders' ? this.events.orders : this.events.payments).listening(tx, 'forwarded'))) {
      return undefined;
    }
    const k = this.db.builder;
    const id = String(row.id);
    const found =
      table === 'orders'
        ? await tx.first(
            k
              .selectFrom('orders')
              .select(['status', 'total_cents as refunded', 'payment_status as paid'])
              .where('id', '=', id),
          )
        : await tx.first(
            k
              .selectFrom('payments')
              .select(['status', 'refunded_cents as refunded', 'status as paid'])
              .where('id', '=', id),
          );
    if (!found) return null;
    return { status: found.status, refunded: table === 'payments' ? Number(found.refunded) : 0, paid: found.paid };
  }

  /** Announces the change, now that the row is as the register sent it. */
  async after(tx: Queryable, table: string, row: ReplicaRow, before: BeforeChange | null | undefined): Promise<void> {
    if (before === undefined) return;
    const id = String(row.id);
    const at = String(row.updated_at);
    const origin = 'forwarded';
    if (table === 'orders') {
      const dispensaryId = String(row.dispensary_id);
      const from = (before?.status ?? null) as OrderStatus | null;
      const to = row.status as OrderStatus;
      const paymentFrom = (before?.paid ?? null) as OrderPaymentStatus | null;
      // A register older than migration 032 forwards no payment status: the row keeps the server's.
      const paymentTo = (row.payment_status ?? before?.paid ?? 'UNPAID') as OrderPaymentStatus;
      if (from === to && paymentFrom === paymentTo) return;
      const change = { dispensaryId, orderId: id, from, to, paymentFrom, paymentTo, at, origin } as const;
      await this.events.orders.changed(tx, change, () => this.orders.findById(tx, dispensaryId, id));
      return;
    }
    const load = () => this.payments.find(tx, id);
    const from = (before?.status ?? 'pending') as PaymentStatus;
    const to = row.status as PaymentStatus;
    if (from !== to) await this.events.payments.changed(tx, { from, to, at, origin }, load);
    const refunded = Number(row.refunded_cents ?? 0) - (before?.refunded ?? 0);
    if (refunded > 0) await this.events.payments.changed(tx, { from: to, to: 'refund', at, refunded, origin }, load);
  }
}
