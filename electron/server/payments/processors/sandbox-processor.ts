import type { LedgerEntry } from './sandbox-ledger.js';
import { sandboxDetail } from './sandbox-outcomes.js';
import type { FollowUpAnswer, SimulatedBooks } from './simulated-books.js';
import {
  errorResult,
  unknownResult,
  type ChargeRequest,
  type FollowUpRequest,
  type LookupResult,
  type PaymentProcessor,
  type ProcessorResult,
  type RefundRequest,
} from './processor.js';

function fromEntry(entry: LedgerEntry): ProcessorResult {
  if (entry.status === 'voided')
    return { outcome: 'approved', code: '00', detail: 'Voided', transactionId: entry.transactionId };
  return {
    outcome: entry.status,
    code: entry.code,
    detail: sandboxDetail(entry.code),
    transactionId: entry.transactionId,
  };
}

function fromAnswer(answer: FollowUpAnswer): ProcessorResult {
  return { outcome: answer.status, code: answer.code, detail: answer.detail, transactionId: answer.transactionId };
}

/** Turns an unexpected failure of the simulator (a full disk, say) into a result, as the interface promises. */
async function guarded<T extends ProcessorResult | LookupResult>(call: () => Promise<T>): Promise<T | ProcessorResult> {
  try {
    return await call();
  } catch (error) {
    return errorResult(`The sandbox failed: ${(error as Error).message}`);
  }
}

/**
 * The built-in `sandbox` processor (the default): in process, deciding by the cents of the amount
 * applied to the order (docs/payments.md). `.91` is recorded as approved but answered as a timeout,
 * so the payment is settled by the status lookup, as a lost answer from a real processor would be.
 */
export class SandboxProcessor implements PaymentProcessor {
  readonly kind = 'sandbox';

  constructor(private readonly books: SimulatedBooks) {}

  sale(request: ChargeRequest): Promise<ProcessorResult> {
    return this.charge('sale', request);
  }

  authorize(request: ChargeRequest): Promise<ProcessorResult> {
    return this.charge('authorization', request);
  }

  capture(request: FollowUpRequest): Promise<ProcessorResult> {
    return guarded(async () => fromAnswer(await this.books.capture(request.transactionId, request.amount)));
  }

  void(request: FollowUpRequest): Promise<ProcessorResult> {
    return guarded(async () => fromAnswer(await this.books.void(request.transactionId)));
  }

  refund(request: RefundRequest): Promise<ProcessorResult> {
    return guarded(async () =>
      fromAnswer(await this.books.refund(request.transactionId, request.refundReference, request.amount)),
    );
  }

  async lookup(reference: string): Promise<LookupResult> {
    const entry = await this.books.lookup(reference);
    if (!entry)
      return {
        outcome: 'not_found',
        code: '',
        detail: 'The processor has no record of this payment',
        transactionId: null,
      };
    return fromEntry(entry);
  }

  private charge(kind: 'sale' | 'authorization', request: ChargeRequest): Promise<ProcessorResult> {
    return guarded(async () => {
      const appliedAmount = request.amount - request.tipAmount - request.cashbackAmount;
      const { entry, timesOut } = await this.books.charge({
        reference: request.reference,
        kind,
        method: request.method,
        amount: request.amount,
        appliedAmount,
      });
      return timesOut ? unknownResult('Processor timeout: no answer from the processor') : fromEntry(entry);
    });
  }
}
