import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { FailureDetails } from '../../../shared/errors';
import { formatMoney } from '../../common/format';
import type { PaymentData, PaymentMethod, PaymentResponse } from '../types/servicepay';
import { declineWords } from './refusal-words';

/**
 * The envelopes `handlePaymentResponse` receives (spec 2.8 and 6, docs/payments.md "Events"):
 * PAYMENT_OPTION_SELECTED has no userMessage; PAYMENT_ERROR's data is `{}` (a refusal's figures,
 * when the service gave some, ride beside it as `details`); approved and canceled carry the payment record.
 */

/** What the customer clicked, as spec 6 names it: ATM is "Rounded Debit". */
export type Option = 'Credit' | 'Debit' | 'Rounded Debit' | 'ACH' | 'Cash' | 'Others';

export function optionOf(method: PaymentMethod): Option {
  return method === 'ATM' ? 'Rounded Debit' : method;
}

export function optionSelected(option: Option, method: PaymentMethod | '', processorName: string): PaymentResponse {
  return { eventType: 'PAYMENT_OPTION_SELECTED', processorName, paymentMethod: method, data: { option } };
}

export function paymentError(
  userMessage: string,
  method: PaymentMethod | '' = '',
  processorName = '',
  details?: FailureDetails,
): PaymentResponse {
  const envelope = { eventType: 'PAYMENT_ERROR', userMessage, processorName, paymentMethod: method, data: {} } as const;
  return details ? { ...envelope, details } : envelope;
}

/** "Payment approved", with the change or cash back the customer is handed. */
export function approvedMessage(record: PaymentRecord): string {
  const extras = [
    record.changeDue > 0 ? `change due ${formatMoney(record.changeDue)}` : '',
    record.cashbackAmount > 0 ? `cash back ${formatMoney(record.cashbackAmount)}` : '',
  ].filter(Boolean);
  return extras.length ? `Payment approved: ${extras.join(', ')}` : 'Payment approved';
}

/**
 * Why a payment did not go through: the service's sentence ("Declined: insufficient funds") without
 * the processor's code, which the record keeps in `processorResponseCode`.
 */
export function failureMessage(record: PaymentRecord): string {
  const fallback = record.status === 'declined' ? 'The payment was declined.' : 'The payment could not be processed.';
  return declineWords(record.processorResponseDetailMessage, record.processorResponseCode) || fallback;
}

/** The envelope of a payment that reached a final status, or undefined while it is pending. */
export function resultEnvelope(record: PaymentRecord): PaymentResponse | undefined {
  const base = { processorName: record.processorName, paymentMethod: record.method };
  const data = record as PaymentData;
  switch (record.status) {
    case 'approved':
      return { eventType: 'PAYMENT_APPROVED', userMessage: approvedMessage(record), ...base, data };
    case 'canceled':
      return { eventType: 'PAYMENT_CANCELED', userMessage: 'Payment canceled', ...base, data };
    case 'declined':
    case 'error':
      return paymentError(failureMessage(record), record.method, record.processorName);
    default:
      return undefined;
  }
}
