import type { PaymentSession, PendingPayment, PendingStage } from '../../../../shared/contracts/payment.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { SessionRecord, StoredPayment } from '../store/payment-types.js';
import type { PaymentTotals } from '../store/payments-repository.js';

/** What the customer sees while a payment waits. */
export const PROMPTS: Record<PendingStage, string> = {
  awaiting_device: 'Insert, tap or swipe the card',
  awaiting_customer: 'Waiting for the customer to authorize the bank payment',
  processing: 'Confirming with the processor…',
};

/** Cents a session still has to collect, for the order and as tip, not counting pending payments. */
export function sessionRemaining(session: SessionRecord, totals: PaymentTotals) {
  return {
    remainingAmount: Math.max(0, session.originalAmount - totals.approvedAmount - totals.pendingAmount),
    remainingTip: Math.max(0, session.tip - totals.approvedTip - totals.pendingTip),
  };
}

/** An order's balance due: its total less every approved and pending payment. */
export function balanceDue(total: number, totals: PaymentTotals): number {
  return total - totals.approvedAmount - totals.pendingAmount;
}

/** Builds the contract's PaymentSession from what is stored (the one rendering of a session). */
export class SessionViews {
  constructor(
    private readonly store: PaymentStore,
    private readonly config: PaymentConfigService,
    private readonly paylinkUrl: (paymentId: string) => string | null,
  ) {}

  async build(q: Queryable, session: SessionRecord, reused = false): Promise<PaymentSession> {
    const { store } = this;
    const [payments, totals, full] = await Promise.all([
      store.payments.ofSession(q, session.id),
      store.payments.sessionTotals(q, session.id),
      session.orderId && session.dispensaryId
        ? store.orders.findById(q, session.dispensaryId, session.orderId)
        : undefined,
    ]);
    const { remainingAmount, remainingTip } = sessionRemaining(session, totals);
    const orderTotals = full ? await store.payments.orderTotals(q, full.order.id) : undefined;
    const methods =
      session.status === 'open'
        ? await this.config.available(q, {
            organizationId: session.organizationId,
            channel: session.channel,
            locationId: session.details.locationId,
            processorName: session.details.processorName,
            amount: remainingAmount + remainingTip,
            preferLocationId: full?.order.locationId ?? null,
          })
        : [];
    const pending = payments.find((payment) => payment.status === 'pending');
    // A completed session owes nothing more, though it took less than asked when the order was paid off elsewhere.
    const amountDue = session.status === 'completed' ? 0 : remainingAmount + remainingTip;
    const { details } = session;
    return {
      sessionId: session.id,
      status: session.status,
      channel: session.channel,
      entityId: session.organizationId,
      entityName: details.entityName,
      dispensaryShortName: details.dispensaryShortName,
      locationId: details.locationId,
      ticketAlphaNumId: details.ticketAlphaNumId,
      ticketId: session.orderId,
      order:
        full && orderTotals
          ? {
              orderId: full.order.id,
              orderNumber: full.order.orderNumber,
              status: full.order.status,
              total: full.order.totals.total,
              paid: orderTotals.approvedAmount,
              balanceDue: Math.max(0, balanceDue(full.order.totals.total, orderTotals)),
            }
          : null,
      originalAmount: session.originalAmount,
      tipAmount: session.tip,
      amountDue,
      amountPaid: totals.approvedAmount + totals.approvedTip,
      methods,
      payments: payments.map((payment) => toPaymentRecord(payment)),
      pending: pending ? this.pendingOf(pending) : null,
      reused,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    };
  }

  private pendingOf(payment: StoredPayment): PendingPayment {
    const stage = payment.stage ?? 'processing';
    return {
      id: payment.id,
      paymentMethod: payment.method,
      stage,
      amount: payment.charged,
      paylinkUrl: payment.entry === 'paylink' ? this.paylinkUrl(payment.id) : null,
      prompt: PROMPTS[stage],
      startedAt: payment.createdAt,
    };
  }
}
