import type { AuditContext } from '../../core/audit-actor.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { StoredPayment } from '../store/payment-types.js';
import { currentOutcome } from './outcomes.js';
import { paymentWords } from './payment-words.js';
import { syncOrderOf } from './settlement.js';
import { refusePaidAfter, refusePickedUp } from './void-refusals.js';
import { historyActor, refused, ReversalSteps } from './reversal-steps.js';

/** A payment's void, at its processor (cash: handed back), under the payment's lock (reversals.ts). */
export class PaymentVoids extends ReversalSteps {
  /**
   * Voids an approved payment (cash: records that it was handed back). An order it no longer
   * covers goes back to AWAITING_PROCESSING, unless `order` is `keep`: a cancel voids the order's
   * authorizations and moves the order itself (cancel-voids.ts). The audit trail keeps who voided
   * it and why.
   */
  void(
    paymentId: string,
    by: AuditContext,
    detail = 'Voided',
    order: 'reopen' | 'keep' = 'reopen',
  ): Promise<StoredPayment> {
    return this.exclusive(paymentId, async () => {
      const payment = await this.approved(paymentId, 'voided');
      if (payment.refunded > 0) {
        throw new ServicePayError(
          'CONFLICT',
          `${paymentWords(payment)} is partly refunded: refund the rest instead of voiding it`,
        );
      }
      await refusePickedUp(this.store, this.ctx.db, payment);
      if (order === 'reopen') await refusePaidAfter(this.store, this.ctx.db, payment);
      if (payment.entry !== 'cash') {
        const processor = await this.registry.forId(payment.processorId);
        const result = await processor.void({
          reference: payment.id,
          transactionId: payment.chargeId ?? '',
          amount: payment.charged,
        });
        if (result.outcome !== 'approved') throw refused('void', result);
      }
      const at = this.ctx.now().toISOString();
      const outcome = {
        ...currentOutcome(payment),
        status: 'voided' as const,
        lastAction: 'void',
        responseDetail: detail,
        updatedAt: at,
      };
      const reopened = await this.ctx.db.write(async (tx) => {
        if (payment.entry === 'cash') await this.requireShiftOpen(tx, payment);
        await this.store.payments.complete(tx, payment.id, outcome, 'approved');
        await this.record(tx, 'payment_voided', payment, payment.amount, by);
        if (order === 'keep') return false;
        return syncOrderOf(this.store, tx, payment, historyActor(by), at, true);
      });
      await this.events.paymentChanged(payment.id, reopened);
      return (await this.store.payments.find(this.ctx.db, payment.id))!;
    });
  }
}
