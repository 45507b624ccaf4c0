import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { BackgroundTasks } from './background-tasks.js';
import { canceledOutcome } from './outcomes.js';
import type { PaymentEvents } from './payment-events.js';
import type { ResultRecorder } from './result-recorder.js';
import { settle } from './settlement.js';

/** Lookups back off (delay × 2ⁿ, at most a minute); after this many the next sweep tries again. */
const MAX_ATTEMPTS = 8;
const MAX_DELAY_MS = 60_000;

/**
 * Settles payments left in doubt. At run time, a timeout's status lookup. And the payments another
 * service instance was driving when it went away (stopped, or no heartbeat; on a register's SQLite,
 * whatever the last run left): taken over one at a time by exactly one live instance, then a
 * payment left at a processor is settled by its status lookup, and one waiting for a PIN pad is
 * canceled (the device session died with the process; no money moved). Paylinks stay valid until
 * they expire (PaylinkService.adopt).
 */
export class Reconciler {
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly recorder: ResultRecorder,
    private readonly events: PaymentEvents,
    private readonly tasks: BackgroundTasks,
    private readonly log: FastifyBaseLogger,
    private readonly adoptPaylink: (payment: StoredPayment) => Promise<void>,
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
      else this.log.warn({ paymentId }, 'payment still in doubt after every status lookup; the next sweep retries');
    });
  }

  /**
   * At start: takes over what gone instances left; on a shared database, again twice within the
   * time after which an instance is taken as gone.
   */
  async onStart(): Promise<void> {
    await this.sweep();
    if (this.ctx.db.shared) this.every();
  }

  /** Takes over and settles the pending payments of instances that are gone. */
  sweep(): Promise<void> {
    // One sweep at a time: a slow one is not overlapped by the next tick.
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private every(): void {
    this.tasks.later('sweep pending payments', this.ctx.instances.staleMs / 2, async () => {
      await this.sweep();
      this.every();
    });
  }

  private async sweepOnce(): Promise<void> {
    const { db, instances } = this.ctx;
    const alive = await instances.alive();
    for (const payment of await this.store.payments.pendingWithDriver(db)) {
      const driver = payment.instanceId;
      if (driver === instances.id || (driver !== null && alive.has(driver))) continue;
      if (!(await db.write((tx) => this.store.payments.takeOver(tx, payment.id, driver)))) continue;
      await this.adopt(payment);
    }
  }

  private async adopt(payment: StoredPayment): Promise<void> {
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
    } else if (payment.stage === 'awaiting_customer') {
      await this.adoptPaylink(payment);
    }
  }
}
