import { formatMoney } from '../../../../shared/money.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { PaymentOutcome, StoredPayment } from '../store/payment-types.js';

/** The outcome a processor's answer gives a payment (`unknown` answers are not outcomes: the payment stays pending). */
export function processorOutcome(
  payment: StoredPayment,
  result: Omit<ProcessorResult, 'outcome'> & { outcome: 'approved' | 'declined' | 'error' },
  at: string,
  card: { brand: string; last4: string } | null = null,
): PaymentOutcome {
  const authorization = payment.providerTransType === 'authorization';
  const approved = result.outcome === 'approved';
  return {
    status: result.outcome,
    stage: null,
    lastAction: authorization ? 'authorize' : 'sale',
    responseCode: result.code,
    responseMessage: result.outcome,
    responseDetail: result.detail,
    chargeId: result.transactionId,
    captured: approved && !authorization,
    cardBrand: card?.brand ?? payment.cardBrand,
    cardLast4: card?.last4 ?? payment.cardLast4,
    updatedAt: at,
    completedAt: at,
  };
}

/** A payment canceled before any money moved (PIN pad, paylink, session cancel, restart). */
export function canceledOutcome(payment: StoredPayment, detail: string, at: string): PaymentOutcome {
  return {
    status: 'canceled',
    stage: null,
    lastAction: 'cancel',
    responseCode: '',
    responseMessage: 'canceled',
    responseDetail: detail,
    chargeId: payment.chargeId,
    captured: false,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    updatedAt: at,
    completedAt: at,
  };
}

/** Cash in hand: approved at once, no processor. */
export function cashOutcome(payment: StoredPayment, at: string): PaymentOutcome {
  const detail = payment.change > 0 ? `Cash received; change due ${formatMoney(payment.change)}` : 'Cash received';
  return {
    status: 'approved',
    stage: null,
    lastAction: 'sale',
    responseCode: '00',
    responseMessage: 'approved',
    responseDetail: detail,
    chargeId: null,
    captured: true,
    cardBrand: null,
    cardLast4: null,
    updatedAt: at,
    completedAt: at,
  };
}

/** The outcome part of a stored payment, to change a few fields of a settled one. */
export function currentOutcome(payment: StoredPayment): PaymentOutcome {
  const { status, stage, lastAction, responseCode, responseMessage, responseDetail, chargeId, captured } = payment;
  const { cardBrand, cardLast4, updatedAt, completedAt } = payment;
  return {
    status,
    stage,
    lastAction,
    responseCode,
    responseMessage,
    responseDetail,
    chargeId,
    captured,
    cardBrand,
    cardLast4,
    updatedAt,
    completedAt,
  };
}
