import type { PaymentMethod } from '../../../../shared/contracts/payment.js';

/**
 * How a processor call ended. `unknown` means the answer never arrived (timeout, lost connection):
 * the money may or may not have moved, so the payment stays pending until a status lookup says.
 */
export type ProcessorOutcome = 'approved' | 'declined' | 'error' | 'unknown';

/** What a processor answered. Processors return this for every expected outcome and never throw. */
export interface ProcessorResult {
  outcome: ProcessorOutcome;
  /** The processor's own response code (`00`, `51`, `A00`, `R01`…); empty when unknown. */
  code: string;
  /** One sentence for people: "Approved", "Declined: insufficient funds", "Processor timeout". */
  detail: string;
  /** The processor's transaction id (our `chargeId`), when it created one. */
  transactionId: string | null;
  /** The request never reached the processor (no connection): nothing was charged (an `error`). */
  unsent?: boolean;
}

/** A sale or authorization. `reference` is our payment id: the processor's idempotency key. */
export interface ChargeRequest {
  reference: string;
  method: PaymentMethod;
  /** Total cents to take: the amount applied to the order + tip + cashback. */
  amount: number;
  tipAmount: number;
  cashbackAmount: number;
  /** Card-present payments name their PIN pad. */
  deviceId: string | null;
}

/** A follow-up on an earlier transaction (capture, void). */
export interface FollowUpRequest {
  reference: string;
  transactionId: string;
  amount: number;
}

/** A (partial) refund; `refundReference` is the refund's own id, its idempotency key. */
export interface RefundRequest extends FollowUpRequest {
  refundReference: string;
}

/** What a status lookup found: the transaction's result, or that the processor never saw it. */
export type LookupResult = ProcessorResult | { outcome: 'not_found'; code: ''; detail: string; transactionId: null };

/**
 * One processor behind the payment service (docs/payments.md). Every method resolves, never rejects:
 * declines, errors and timeouts are results, so the service decides what each means for the payment.
 */
export interface PaymentProcessor {
  readonly kind: string;
  sale(request: ChargeRequest): Promise<ProcessorResult>;
  authorize(request: ChargeRequest): Promise<ProcessorResult>;
  capture(request: FollowUpRequest): Promise<ProcessorResult>;
  void(request: FollowUpRequest): Promise<ProcessorResult>;
  refund(request: RefundRequest): Promise<ProcessorResult>;
  /** The state of the transaction made with `reference`, to settle payments left in doubt. */
  lookup(reference: string): Promise<LookupResult>;
}

/** A result for a call that failed in a way the processor did not explain. */
export function errorResult(detail: string): ProcessorResult {
  return { outcome: 'error', code: '', detail, transactionId: null };
}

/** A result for a call that never reached the processor (no connection): nothing was charged. */
export function unsentResult(detail: string): ProcessorResult {
  return { ...errorResult(detail), unsent: true };
}

/** A result for a call whose answer never arrived. */
export function unknownResult(detail: string): ProcessorResult {
  return { outcome: 'unknown', code: '', detail, transactionId: null };
}
