import type { AuditContext } from '../../core/audit-actor.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { StoredPayment } from '../store/payment-types.js';
import { currentOutcome } from './outcomes.js';
import { paymentWords } from './payment-words.js';
import { formatMoney } from '../../../../shared/money.js';
import { holdingDrawer } from '../../cash/drawer-gate.js';
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
      // A cashless ATM's cash back came out of a drawer: it goes back into it, so the void is made
      // only while the shift that handed it out is open, checked before the card's money goes back
      // and held until the write (a close between would count the cash back out of the drawer).
      if (handedOutCash(payment)) {
        const register = { dispensaryId: payment.dispensaryId, terminalId: payment.terminalId };
        return holdingDrawer(this.ctx.db, register, async () => {
          await this.requireShiftOpen(this.ctx.db, payment);
          return this.voidNow(payment, by, detail, order);
        });
      }
      return this.voidNow(payment, by, detail, order);
    });
  }

  private async voidNow(
    payment: StoredPayment,
    by: AuditContext,
    detail: string,
    order: 'reopen' | 'keep',
  ): Promise<StoredPayment> {
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
      const handedOut = handedOutCash(payment);
      if (payment.entry === 'cash' || handedOut) await this.requireShiftOpen(tx, payment);
      await this.store.payments.complete(tx, payment.id, outcome, 'approved');
      // The card gets back all it was charged; the cash back comes back into the drawer.
      const words = handedOut ? cashBackWords(payment) : '';
      await this.record(tx, 'payment_voided', payment, handedOut ? payment.charged : payment.amount, by, words);
      if (order === 'keep') return false;
      return syncOrderOf(this.store, tx, payment, historyActor(by), at, true);
    });
    await this.events.paymentChanged(payment.id, reopened);
    return (await this.store.payments.find(this.ctx.db, payment.id))!;
  }
}

/** A cashless ATM payment whose cash back came out of a drawer (its void brings that cash back). */
const handedOutCash = (payment: StoredPayment): boolean => payment.entry !== 'cash' && payment.cashback > 0;

/** "$20.00 back to the card; the $5.21 cash back comes back into the drawer of register front-1". */
export function cashBackWords(payment: Pick<StoredPayment, 'charged' | 'cashback' | 'terminalId'>): string {
  const drawer = payment.terminalId ? `the drawer of register ${payment.terminalId}` : 'the drawer it came from';
  return `${formatMoney(payment.charged)} back to the card; the ${formatMoney(payment.cashback)} cash back comes back into ${drawer}`;
}
