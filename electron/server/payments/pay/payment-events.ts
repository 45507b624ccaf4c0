import type { OrderUpdate } from '../../../../shared/contracts/live.js';
import type { OptionSelected, PaymentUpdate, SessionUpdate } from '../../../../shared/contracts/payment.js';
import { formatDecimal } from '../../../../shared/money.js';
import type { Queryable } from '../../db/query.js';
import type { LiveHub } from '../../core/live-hub.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { SessionViews } from './session-view.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';

/** The live topic a session's widget follows. */
export function sessionTopic(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The `order.updated` payload, the same shape the ticket service publishes. */
export function orderUpdate(order: OrderRecord): OrderUpdate {
  const { id: orderId, orderNumber, status, paymentStatus, source, createdAt, updatedAt } = order;
  const total = formatDecimal(order.totals.total);
  return { orderId, orderNumber, status, paymentStatus, source, total, createdAt, updatedAt };
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

  /** A session changed without a payment changing (opened, reset, canceled with nothing pending). */
  async sessionChanged(sessionId: string): Promise<void> {
    const session = await this.store.sessions.find(this.db, sessionId);
    if (!session) return;
    const update: SessionUpdate = { session: await this.views.build(this.db, session), payment: null };
    this.live.publish(sessionTopic(sessionId), 'session.updated', update);
  }

  /** A payment was created or changed; `orderChanged` when that moved its order's status. */
  async paymentChanged(paymentId: string, orderChanged = false): Promise<void> {
    const payment = await this.store.payments.find(this.db, paymentId);
    const session = payment && (await this.store.sessions.find(this.db, payment.sessionId));
    if (!payment || !session) return;
    const record = toPaymentRecord(payment);
    const update: SessionUpdate = { session: await this.views.build(this.db, session), payment: record };
    this.live.publish(sessionTopic(session.id), 'session.updated', update);
    if (!payment.dispensaryId) return;
    const paymentUpdate: PaymentUpdate = { payment: record, orderNumber: payment.ticketAlphaNumId };
    this.live.publishTo(payment.dispensaryId, 'payments', 'payment.updated', paymentUpdate);
    if (orderChanged && payment.orderId) await this.orderChanged(payment.dispensaryId, payment.orderId);
  }

  /** An order's status moved with its payments (a void reopened it). */
  async orderChanged(dispensaryId: string, orderId: string): Promise<void> {
    const full = await this.store.orders.findById(this.db, dispensaryId, orderId);
    if (full) this.live.publishTo(dispensaryId, 'orders', 'order.updated', orderUpdate(full.order));
  }

  /** The customer picked an option on the widget. */
  optionSelected(sessionId: string, dispensaryId: string | null, selected: OptionSelected): void {
    this.live.publish(sessionTopic(sessionId), 'payment.option_selected', selected);
    if (dispensaryId) this.live.publishTo(dispensaryId, 'payments', 'payment.option_selected', selected);
  }
}
