import type { ServiceContext } from '../../core/context.js';
import { SYSTEM_ACTOR } from '../../core/audit-actor.js';
import type { LookupResult } from '../processors/processor.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { BackgroundTasks } from './background-tasks.js';
import { processorOutcome } from './outcomes.js';
import type { PaymentEvents } from './payment-events.js';
import type { Reversals } from './reversals.js';
import { settle } from './settlement.js';
import type { StoredCards } from './stored-cards.js';

const NOT_FOUND_DETAIL = 'The processor has no record of this payment; nothing was charged';

/**
 * Writes what a processor answered (or what its status lookup found) in one durable transaction
 * with the order's update, then publishes it. An approval for an order canceled meanwhile is voided
 * at once, so the customer is never charged for an order they will not get.
 */
export class ResultRecorder {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly events: PaymentEvents,
    private readonly reversals: Reversals,
    private readonly tasks: BackgroundTasks,
    /** Card payments an attached register stores while the processor does not answer. */
    private readonly storedCards?: StoredCards,
  ) {}

  /** True when the payment is settled by this answer (or was already); false when the answer was lost. */
  async record(
    paymentId: string,
    result: LookupResult,
    card: { brand: string; last4: string } | null = null,
  ): Promise<boolean> {
    if (result.outcome === 'unknown') return false;
    const payment = await this.store.payments.find(this.ctx.db, paymentId);
    if (!payment || payment.status !== 'pending') return true;
    const at = this.ctx.now().toISOString();
    const { outcome: said, code, detail, transactionId } = result;
    const answer =
      said === 'not_found'
        ? { outcome: 'error' as const, code: '', detail: NOT_FOUND_DETAIL, transactionId: null }
        : { outcome: said, code, detail, transactionId };
    const settled = await this.ctx.db.write(async (tx) => {
      let outcome = processorOutcome(payment, answer, at, card);
      // The processor could not be reached: an attached register may store the payment for later.
      const storing = said !== 'not_found' && (await this.storedCards?.decide(tx, payment, result));
      if (storing && storing.stored) outcome = this.storedCards!.storedOutcome(payment, storing.detail, at, card);
      else if (storing) outcome = { ...outcome, responseDetail: storing.detail };
      const done = await settle(this.store, tx, payment, outcome);
      if (storing && storing.stored && done.applied) await this.storedCards!.markStored(tx, payment.id, at);
      return done;
    });
    if (settled.applied) await this.events.paymentChanged(paymentId, settled.orderChanged);
    if (settled.orphaned) {
      this.tasks.run('void payment of a canceled order', () =>
        this.reversals.void(
          paymentId,
          { actor: SYSTEM_ACTOR, reason: 'The order was canceled while the payment was being processed' },
          'Voided: the order was canceled while the payment was processed',
        ),
      );
    }
    return true;
  }
}
