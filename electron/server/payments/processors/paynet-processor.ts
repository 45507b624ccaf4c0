import {
  errorResult,
  unknownResult,
  unsentResult,
  type ChargeRequest,
  type FollowUpRequest,
  type LookupResult,
  type PaymentProcessor,
  type ProcessorResult,
  type RefundRequest,
} from './processor.js';
import { HttpFailure, requestJson } from './http-json.js';
import { PAYNET_SANDBOX_PREFIX, type PaynetCharge, type PaynetTransaction } from './paynet-wire.js';
import type { PaynetSettings } from '../store/processor-settings.js';

/** What came back: an answer, nothing because the request never left (safe to call failed), or nothing after it left. */
type Answer = { kind: 'ok'; status: number; body: unknown } | { kind: 'unsent' | 'lost'; detail: string };

function toResult(transaction: PaynetTransaction): ProcessorResult {
  const outcome =
    transaction.state === 'APPROVED' || transaction.state === 'VOIDED'
      ? 'approved'
      : transaction.state === 'DECLINED'
        ? 'declined'
        : 'error';
  return { outcome, code: transaction.resultCode, detail: transaction.resultText, transactionId: transaction.id };
}

function isTransaction(body: unknown): body is PaynetTransaction {
  return typeof body === 'object' && body !== null && 'state' in body && 'resultCode' in body;
}

/**
 * The `paynet` processor: JSON over HTTP to a paynet gateway, each call bounded by `timeoutMs`. A
 * call whose answer does not arrive in time is `unknown`, never guessed: the status lookup settles it.
 */
export class PaynetProcessor implements PaymentProcessor {
  readonly kind = 'paynet';

  /** @param selfUrl this service's own base URL, for the hosted sandbox; null while not listening. */
  constructor(
    private readonly settings: PaynetSettings,
    private readonly selfUrl: () => string | null,
  ) {}

  sale(request: ChargeRequest): Promise<ProcessorResult> {
    return this.charge('sale', request);
  }

  authorize(request: ChargeRequest): Promise<ProcessorResult> {
    return this.charge('authorization', request);
  }

  capture(request: FollowUpRequest): Promise<ProcessorResult> {
    return this.followUp(`capture`, request.transactionId, { amount: request.amount });
  }

  void(request: FollowUpRequest): Promise<ProcessorResult> {
    return this.followUp('void', request.transactionId, { amount: request.amount });
  }

  refund(request: RefundRequest): Promise<ProcessorResult> {
    return this.followUp('refunds', request.transactionId, {
      amount: request.amount,
      reference: request.refundReference,
    });
  }

  async lookup(reference: string): Promise<LookupResult> {
    const answer = await this.call('GET', `/transactions?reference=${encodeURIComponent(reference)}`);
    // Not knowing is not "not found": the lookup is asked again later.
    if (answer.kind !== 'ok') return unknownResult(answer.detail);
    if (answer.status === 404)
      return { outcome: 'not_found', code: '', detail: 'paynet has no record of this payment', transactionId: null };
    return this.interpret(answer);
  }

  private async charge(type: PaynetCharge['type'], request: ChargeRequest): Promise<ProcessorResult> {
    const body: PaynetCharge = {
      type,
      reference: request.reference,
      amount: request.amount,
      tipAmount: request.tipAmount,
      cashbackAmount: request.cashbackAmount,
      paymentMethod: request.method,
      terminalId: request.deviceId,
    };
    return this.settle(await this.call('POST', '/transactions', body, request.reference));
  }

  private async followUp(action: string, transactionId: string, body: object): Promise<ProcessorResult> {
    return this.settle(await this.call('POST', `/transactions/${encodeURIComponent(transactionId)}/${action}`, body));
  }

  private settle(answer: Answer): ProcessorResult {
    if (answer.kind === 'ok') return this.interpret(answer);
    return answer.kind === 'unsent' ? unsentResult(answer.detail) : unknownResult(answer.detail);
  }

  private interpret(answer: Extract<Answer, { kind: 'ok' }>): ProcessorResult {
    if (isTransaction(answer.body)) return toResult(answer.body);
    if (answer.status === 401) return errorResult('paynet refused the API key or merchant id');
    return errorResult(`paynet answered HTTP ${answer.status} without a transaction`);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object, idempotencyKey?: string): Promise<Answer> {
    const self = this.selfUrl();
    const base = this.settings.gatewayUrl ?? (self && `${self}${PAYNET_SANDBOX_PREFIX}`);
    if (!base) return { kind: 'unsent', detail: 'The paynet gateway is not reachable yet; nothing was sent' };
    try {
      const answer = await requestJson(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.apiKey}`,
          'x-paynet-merchant': this.settings.merchantId,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body,
        timeoutMs: this.settings.timeoutMs,
      });
      return { kind: 'ok', ...answer };
    } catch (error) {
      const failure = error instanceof HttpFailure ? error : new HttpFailure('lost', String(error));
      const detail =
        failure.kind === 'unsent'
          ? `paynet is unreachable (${failure.message}); nothing was sent`
          : `Processor timeout: no answer from paynet (${failure.message})`;
      return { kind: failure.kind, detail };
    }
  }
}
