import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import { unknownResult, type ProcessorResult } from '../processors/processor.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentOutcome, StoredPayment } from '../store/payment-types.js';
import type { BackgroundTasks } from './background-tasks.js';
import { currentOutcome } from './outcomes.js';
import type { PaymentEvents } from './payment-events.js';
import { chargeRequestOf } from './payment-runner.js';
import { STORED_CODE, type StoredCards } from './stored-cards.js';

/** How often a register looks for stored card payments to send while it has some. */
export const SEND_STORED_EVERY_MS = 3000;

/**
 * Sends the card payments a register stored while the card processor did not answer, oldest
 * first, each as the sale it is (its payment id is the processor's idempotency key, so a sale sent
 * again after a lost answer is not charged twice). An approval keeps the payment approved with the
 * processor's transaction; a decline makes it declined — the sale was made, so the order stays as
 * it is, and the store server lists it in its exceptions report when the payment reaches it.
 */
export class StoredCardSender {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly events: PaymentEvents,
    private readonly cards: StoredCards,
    private readonly tasks: BackgroundTasks,
  ) {}

  /** Looks for stored payments every few seconds (on a register: only an attached one has any). */
  start(): void {
    if (this.ctx.role.storeServer) return;
    const turn = async () => {
      await this.sendAll();
      this.tasks.later('send stored card payments', SEND_STORED_EVERY_MS, turn);
    };
    this.tasks.later('send stored card payments', SEND_STORED_EVERY_MS, turn);
  }

  /** Sends what is stored; how many were settled (approved or declined). */
  async sendAll(): Promise<number> {
    let settled = 0;
    for (const { id } of await this.cards.unsent(this.ctx.db)) {
      if (this.tasks.isClosed) break;
      if (await this.send(id)) settled += 1;
    }
    return settled;
  }

  private async send(paymentId: string): Promise<boolean> {
    const payment = await this.store.payments.find(this.ctx.db, paymentId);
    if (!payment || payment.status !== 'approved' || payment.responseCode !== STORED_CODE) return false;
    const processor = await this.registry.forId(payment.processorId);
    let result: ProcessorResult;
    try {
      result = await processor.sale(chargeRequestOf(payment));
    } catch (error) {
      result = unknownResult(`The processor call failed unexpectedly: ${(error as Error).message}`);
    }
    // Still no answer (or none that says): it stays stored, and goes again in a while.
    if (result.outcome === 'unknown' || result.unsent) return false;
    const at = this.ctx.now().toISOString();
    const outcome = sentOutcome(payment, result, at);
    const applied = await this.ctx.db.write((tx) => this.store.payments.complete(tx, payment.id, outcome, 'approved'));
    if (applied) await this.events.paymentChanged(payment.id);
    return applied;
  }
}

/** A stored payment once its processor answered. */
function sentOutcome(payment: StoredPayment, result: ProcessorResult, at: string): PaymentOutcome {
  const base = { ...currentOutcome(payment), responseCode: result.code, chargeId: result.transactionId, updatedAt: at };
  if (result.outcome === 'approved') {
    return {
      ...base,
      responseMessage: 'approved',
      responseDetail: `Approved when sent after it was stored: ${result.detail}`,
    };
  }
  return {
    ...base,
    status: 'declined',
    responseMessage: 'declined',
    responseDetail:
      `Declined when sent after it was stored: ${result.detail}. The sale was made; ` +
      'the store collects this amount from the customer',
    captured: false,
    completedAt: at,
  };
}
