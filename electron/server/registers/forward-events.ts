import type { PaymentStatus } from '../../../shared/contracts/payment.js';
import type { OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { PaymentsRepository } from '../payments/store/payments-repository.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import type { WebhookOutbox } from '../webhooks/outbox.js';
import type { ReplicaRow } from './replica-tables.js';

/** An order or payment as the server had it before a register's change (absent: new here). */
export interface BeforeChange {
  status: string;
  refunded: number;
}

/**
 * The webhook events of a register's forwarded orders and payments, written in the batch's
 * transaction as the store's own changes write theirs: each status the server sees an order or a
 * payment move to (an order created, paid, canceled; a payment approved, declined, voided, refunded).
 * The register's states between two the server saw are not announced. Nothing is read when no
 * endpoint is enabled anywhere.
 */
export class ForwardEvents {
  private readonly orders: OrdersRepository;
  private readonly payments: PaymentsRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly outbox: WebhookOutbox,
  ) {
    this.orders = new OrdersRepository(db, outbox);
    this.payments = new PaymentsRepository(db, outbox);
  }

  /** What the row is here before the change; undefined when nobody listens, or the table has no events. */
  async before(tx: Queryable, table: string, row: ReplicaRow): Promise<BeforeChange | null | undefined> {
    if ((table !== 'orders' && table !== 'payments') || !(await this.outbox.anyEndpoint(tx))) return undefined;
    const k = this.db.builder;
    const id = String(row.id);
    const found =
      table === 'orders'
        ? await tx.first(k.selectFrom('orders').select(['status', 'total_cents as refunded']).where('id', '=', id))
        : await tx.first(
            k.selectFrom('payments').select(['status', 'refunded_cents as refunded']).where('id', '=', id),
          );
    return found ? { status: found.status, refunded: table === 'payments' ? Number(found.refunded) : 0 } : null;
  }

  /** Writes the events of the change, now that the row is as the register sent it. */
  async after(tx: Queryable, table: string, row: ReplicaRow, before: BeforeChange | null | undefined): Promise<void> {
    if (before === undefined) return;
    const id = String(row.id);
    const at = String(row.updated_at);
    if (table === 'orders') {
      const dispensaryId = String(row.dispensary_id);
      const from = (before?.status ?? null) as OrderStatus | null;
      const to = row.status as OrderStatus;
      if (from === to) return;
      await this.outbox.orderChanged(tx, { dispensaryId, orderId: id, from, to, at }, () =>
        this.orders.findById(tx, dispensaryId, id),
      );
      return;
    }
    const load = () => this.payments.find(tx, id);
    const from = (before?.status ?? 'pending') as PaymentStatus;
    const to = row.status as PaymentStatus;
    if (from !== to) await this.outbox.paymentChanged(tx, { from, to, at }, load);
    const refunded = Number(row.refunded_cents ?? 0) - (before?.refunded ?? 0);
    if (refunded > 0) await this.outbox.paymentChanged(tx, { from: to, to: 'refund', at, refunded }, load);
  }
}
