import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { BackgroundTasks } from './background-tasks.js';
import { canceledOutcome } from './outcomes.js';
import type { PaymentEvents } from './payment-events.js';
import type { ResultRecorder } from './result-recorder.js';
import { settle } from './settlement.js';

/** Lookups back off (delay × 2ⁿ, at most a minute); after this many the next start tries again. */
const MAX_ATTEMPTS = 8;
const MAX_DELAY_MS = 60_000;

/**
 * Settles payments left in doubt through the processor's status lookup: at run time after a
 * timeout, and at start for whatever the last run left pending. A payment still waiting for a PIN
 * pad at start is canceled: the device session died with the process, and no money moved.
 */
export class Reconciler {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly recorder: ResultRecorder,
    private readonly events: PaymentEvents,
    private readonly tasks: BackgroundTasks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Asks the processor about `paymentId` after the reconcile delay (longer for each retry). */
  schedule(paymentId: string, attempt = 0): void {
    const delay = Math.min(this.ctx.config.reconcileDelayMs * 2 ** attempt, MAX_DELAY_MS);
    this.tasks.later('reconcile payment', delay, async () => {
      const payment = await this.store.payments.find(this.ctx.db, paymentId);
      if (!payment || payment.status !== 'pending') return;
      const result = await (await this.registry.forId(payment.processorId)).lookup(payment.id);
      const settled = await this.recorder.record(paymentId, result);
      if (settled) return;
      if (attempt + 1 < MAX_ATTEMPTS) this.schedule(paymentId, attempt + 1);
      else this.log.warn({ paymentId }, 'payment still in doubt after every status lookup; the next start retries');
    });
  }

  /** At start: cancels PIN-pad waits, schedules lookups for payments left at a processor. */
  async onStart(): Promise<void> {
    for (const payment of await this.store.payments.pending(this.ctx.db)) {
      if (payment.stage === 'processing') {
        this.schedule(payment.id);
      } else if (payment.stage === 'awaiting_device') {
        const outcome = canceledOutcome(
          payment,
          'Canceled: the PIN pad session ended when the service restarted',
          this.ctx.now().toISOString(),
        );
        const settled = await this.ctx.db.write((tx) => settle(this.store, tx, payment, outcome));
        if (settled.applied) await this.events.paymentChanged(payment.id);
      }
      // Paylinks (awaiting_customer) stay valid until they expire.
    }
  }
}
