import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import { unknownResult, type ChargeRequest, type ProcessorResult } from '../processors/processor.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { BackgroundTasks } from './background-tasks.js';
import type { PaymentEvents } from './payment-events.js';
import type { PinPadSimulator, PresentedCard } from './pinpad-simulator.js';
import type { Reconciler } from './reconciler.js';
import type { ResultRecorder } from './result-recorder.js';

/** The processor's request for a payment's charge: its id is the processor's idempotency key. */
export function chargeRequestOf(payment: StoredPayment): ChargeRequest {
  return {
    reference: payment.id,
    method: payment.method,
    amount: payment.charged,
    tipAmount: payment.tip,
    cashbackAmount: payment.cashback,
    deviceId: payment.deviceId,
  };
}

/**
 * Takes a pending payment to its processor: for the PIN pad, after the device read a card (and only
 * if nobody canceled meanwhile); for keyed cards and paylinks, at once. A lost answer leaves the
 * payment pending and schedules the status lookup.
 */
export class PaymentRunner {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly recorder: ResultRecorder,
    private readonly reconciler: Reconciler,
    private readonly pinpad: PinPadSimulator,
    private readonly events: PaymentEvents,
    private readonly tasks: BackgroundTasks,
  ) {}

  /** Sends a pending payment (stage `processing`) to its processor and records the answer. */
  async charge(paymentId: string, card: PresentedCard | null = null): Promise<void> {
    const payment = await this.store.payments.find(this.ctx.db, paymentId);
    if (!payment || payment.status !== 'pending' || payment.stage !== 'processing') return;
    const processor = await this.registry.forId(payment.processorId);
    const request = chargeRequestOf(payment);
    let result: ProcessorResult;
    try {
      result =
        payment.providerTransType === 'authorization'
          ? await processor.authorize(request)
          : await processor.sale(request);
    } catch (error) {
      // Processors promise not to throw; if one does anyway, the charge may have happened: ask later.
      result = unknownResult(`The processor call failed unexpectedly: ${(error as Error).message}`);
    }
    const settled = await this.recorder.record(paymentId, result, card);
    if (!settled) {
      await this.events.paymentChanged(paymentId);
      this.reconciler.schedule(paymentId);
    }
  }

  /** Shows the PIN pad prompt for a payment; when a card is read, moves it on to the processor. */
  startPinPad(payment: StoredPayment): void {
    const paymentId = payment.id;
    this.tasks.run('PIN pad payment', async () => {
      const card = await this.pinpad.present(paymentId, payment.method);
      if (!card || this.tasks.isClosed) return;
      const at = this.ctx.now().toISOString();
      // A cancel (on any service instance) moved it out of awaiting_device: no processor call.
      const moved = await this.ctx.db.write((tx) =>
        this.store.payments.setStage(tx, paymentId, 'awaiting_device', 'processing', at, card),
      );
      if (!moved) return;
      await this.events.paymentChanged(paymentId);
      await this.charge(paymentId, card);
    });
  }
}
