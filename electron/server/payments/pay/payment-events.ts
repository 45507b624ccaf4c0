import type { OrderUpdate, OrderUpdatePayment } from '../../../../shared/contracts/live.js';
import type {
  OptionSelected,
  PaymentRecord,
  PaymentStatus,
  PaymentUpdate,
  SessionUpdate,
} from '../../../../shared/contracts/payment.js';
import { formatDecimal } from '../../../../shared/money.js';
import type { Queryable } from '../../db/query.js';
import { dispensaryTopic, type LiveHub } from '../../core/live-hub.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { SessionViews } from './session-view.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';

/** The live topic a session's widget follows. */
export function sessionTopic(sessionId: string): string {
  return `session:${sessionId}`;
}

/**
 * A payment's statuses after a change that may have moved what its order's approved payments hold
 * (approved; a part refund keeps it approved; voided; refunded in full). Pending, declined, error
 * and canceled payments never held money.
 */
const HOLDING: ReadonlySet<PaymentStatus> = new Set(['approved', 'voided', 'refunded']);

/** The `order.updated` payload, the same shape the ticket service publishes, with the payment that moved it. */
export function orderUpdate(order: OrderRecord, payment?: OrderUpdatePayment): OrderUpdate {
  const { id: orderId, orderNumber, status, paymentStatus, source, createdAt, updatedAt } = order;
  const total = formatDecimal(order.totals.total);
  const update: OrderUpdate = { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt };
  return payment ? { ...update, payment } : update;
}

/**
 * Publishes what changed, after it is durably committed: `session.updated` on the session's topic,
 * `payment.updated` on the dispensary's `payments` topic, `order.updated` on its `orders` topic.
 */
export class PaymentEvents {
  constructor(
    private readonly db: Queryable,
    private readonly live: LiveHub,
    private readonly store: PaymentStore,
    private readonly views: SessionViews,
  ) {}

  /**
   * A session changed without a stored payment changing (opened, reset, canceled with nothing
   * pending: `payment` is then its cancel's record, `sessions/session-outcome.ts`).
   */
  async sessionChanged(sessionId: string, payment: PaymentRecord | null = null): Promise<void> {
    const session = await this.store.sessions.find(this.db, sessionId);
    if (!session) return;
    const update: SessionUpdate = { session: await this.views.build(this.db, session), payment };
    this.live.publish(sessionTopic(sessionId), 'session.updated', update);
  }

  /**
   * A payment was created or changed; `orderChanged` when that moved its order's status. Its order is
   * told too (`order.updated`) when it moved, or when what its approved payments hold may have
   * changed without a move (a part payment, or a void or refund of one): the pickup queues show each
   * order's `paid` and read it again then. Nothing more is read for that when nobody follows the
   * store's orders.
   */
  async paymentChanged(paymentId: string, orderChanged = false): Promise<void> {
    const told = await this.paymentTold(paymentId);
    if (told && (orderChanged || told.held)) await this.orderChanged(told.dispensaryId, told.orderId, told.payment);
  }

  /**
   * An attached register's forwarded changes, committed, wrote these payments and orders of store
   * `dispensaryId`: each payment is told as `paymentChanged` tells one, and each order (those written,
   * and those whose payments' holding may have moved) once.
   */
  async forwarded(dispensaryId: string, paymentIds: Iterable<string>, orderIds: Iterable<string>): Promise<void> {
    const orders = new Set(orderIds);
    for (const paymentId of paymentIds) {
      const told = await this.paymentTold(paymentId);
      if (told?.held && told.dispensaryId === dispensaryId) orders.add(told.orderId);
    }
    for (const orderId of orders) await this.orderChanged(dispensaryId, orderId);
  }

  /**
   * Tells of a payment on its session's and its store's topics: its order, whether what it holds may
   * have moved, and where it was taken (the register, or none).
   */
  private async paymentTold(
    paymentId: string,
  ): Promise<{ dispensaryId: string; orderId: string; held: boolean; payment: OrderUpdatePayment } | null> {
    const payment = await this.store.payments.find(this.db, paymentId);
    const session = payment && (await this.store.sessions.find(this.db, payment.sessionId));
    if (!payment || !session) return null;
    const record = toPaymentRecord(payment);
    const update: SessionUpdate = { session: await this.views.build(this.db, session), payment: record };
    this.live.publish(sessionTopic(session.id), 'session.updated', update);
    const { dispensaryId, orderId } = payment;
    if (!dispensaryId) return null;
    const paymentUpdate: PaymentUpdate = { payment: record, orderNumber: payment.ticketAlphaNumId };
    this.live.publishTo(dispensaryId, 'payments', 'payment.updated', paymentUpdate);
    if (!orderId) return null;
    // The order's other open sessions (another login's widget on it) see its balance and status move:
    // a widget whose order is paid elsewhere shows it paid. (`order:<id>` is a session's reuse key.)
    for (const other of await this.store.sessions.openFor(this.db, `order:${orderId}`))
      if (other.id !== session.id) await this.sessionChanged(other.id);
    const held = HOLDING.has(payment.status) && this.live.mayReach(dispensaryTopic(dispensaryId, 'orders'));
    const where: OrderUpdatePayment = { paymentId, terminalId: payment.terminalId, channel: session.channel };
    return { dispensaryId, orderId, held, payment: where };
  }

  /**
   * An order's status moved with its payments (a void reopened it), or what they hold did: `payment`
   * names the one payment that did it, when one did.
   */
  async orderChanged(dispensaryId: string, orderId: string, payment?: OrderUpdatePayment): Promise<void> {
    const order = await this.store.orders.findRecord(this.db, dispensaryId, orderId);
    if (order) this.live.publishTo(dispensaryId, 'orders', 'order.updated', orderUpdate(order, payment));
  }

  /** The customer picked an option on the widget. */
  optionSelected(sessionId: string, dispensaryId: string | null, selected: OptionSelected): void {
    this.live.publish(sessionTopic(sessionId), 'payment.option_selected', selected);
    if (dispensaryId) this.live.publishTo(dispensaryId, 'payments', 'payment.option_selected', selected);
  }
}
