import { ServicePayError } from '../../../../shared/errors.js';
import { formatDecimal } from '../../../../shared/money.js';
import type { ServiceContext } from '../../core/context.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { PaymentStore } from '../store/payment-store.js';
import { finalCapture } from './capture-amount.js';
import { currentOutcome } from './outcomes.js';
import { paymentLock } from './reversals.js';
import type { PaymentEvents } from './payment-events.js';
import { syncOrderOf } from './settlement.js';

/**
 * Money taken later, at the payment's processor: an order's ACH authorizations captured when it
 * completes, one payment at a time across every service instance (the lock void and refund take:
 * reversals.ts), so a capture never meets a void of the same payment.
 */
export class OrderCaptures {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly events: PaymentEvents,
  ) {}

  /**
   * Captures every approved, uncaptured authorization of an order, each for what is left of the
   * order's total as it is now (its lines may have changed since: captureAmount); CONFLICT when one
   * fails, or has nothing left to take.
   */
  async captureOrder(order: Pick<OrderRecord, 'id' | 'dispensaryId' | 'orderNumber'>, actor: string): Promise<void> {
    const { db } = this.ctx;
    const open = (await this.store.payments.ofOrder(db, order.id)).filter(
      (payment) => payment.status === 'approved' && !payment.captured,
    );
    for (const { id } of open) {
      await this.ctx.db.exclusive(paymentLock(id), async () => {
        const payment = (await this.store.payments.find(db, id))!;
        if (payment.status !== 'approved' || payment.captured) return;
        const capture = await finalCapture(this.store, db, order, payment);
        const processor = await this.registry.forId(payment.processorId);
        const result = await processor.capture({
          reference: payment.id,
          transactionId: payment.chargeId ?? '',
          amount: capture.charged,
        });
        if (result.outcome !== 'approved') {
          throw new ServicePayError(
            'CONFLICT',
            `order ${order.orderNumber} was not completed: capturing its ${payment.method} authorization failed (${result.detail})`,
          );
        }
        const at = this.ctx.now().toISOString();
        const less = capture.charged < payment.charged;
        const outcome = {
          ...currentOutcome(payment),
          captured: true,
          lastAction: 'capture',
          responseDetail: less
            ? `Captured $${formatDecimal(capture.charged)} of $${formatDecimal(payment.charged)} authorized`
            : 'Captured',
          updatedAt: at,
        };
        // Captured, the order is paid once nothing else of it waits for capture.
        const paid = await db.write(async (tx) => {
          if (less) await this.store.payments.capturedFor(tx, payment.id, capture.amount, capture.charged);
          await this.store.payments.complete(tx, payment.id, outcome, 'approved');
          return syncOrderOf(this.store, tx, payment, actor, at);
        });
        await this.events.paymentChanged(payment.id, paid);
      });
    }
  }
}
