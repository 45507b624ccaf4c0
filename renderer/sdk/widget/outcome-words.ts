import type { Channel, PaymentRecord } from '../../../shared/contracts/payment';
import type { Outcome } from './widget-state';

/** The channels where a shopper reads the widget: an online checkout and the pole display. */
const SHOPPER_CHANNELS: readonly Channel[] = ['ecommerce', 'ffd'];

/** Why a bank declined, as far as a shopper needs it: no money, a wrong PIN, or its own reasons. */
type Why = 'funds' | 'pin' | 'bank';

/** The decline's reason from its code or sentence, whatever the processor's dialect (51, D51, R01…). */
function whyDeclined({ processorResponseCode: code, processorResponseDetailMessage: detail }: PaymentRecord): Why {
  if (/^[A-Z]?51$|^R0?1$/i.test(code) || /insufficient|not enough|\bnsf\b/i.test(detail)) return 'funds';
  if (/^[A-Z]?55$/i.test(code) || /\bpin\b/i.test(detail)) return 'pin';
  return 'bank';
}

/**
 * A declined or failed payment in a shopper's words: what happened and what to do, never the
 * processor's ("Do not honor", "Processor error: …"). A PIN is only said wrong where one was typed
 * (the PIN pad): a card keyed online has no PIN, its bank declined it. The envelope keeps the
 * processor's reason for the integrator (docs/payments.md, "Envelopes").
 */
export function shopperOutcome(record: PaymentRecord): string {
  if (record.status === 'error') return 'The payment did not go through. Try again, or choose another way to pay.';
  const why = whyDeclined(record);
  if (record.method === 'ACH') {
    return why === 'funds'
      ? 'Your bank declined the payment: there is not enough money in the account. Use another account or another way to pay.'
      : 'Your bank declined the payment. Use another account or another way to pay.';
  }
  if (why === 'pin' && record.providerPaymentType === 'card_present')
    return 'The PIN was not correct. Try again, or choose another way to pay.';
  if (why === 'funds')
    return 'Your bank declined this card: there is not enough money on it. Try another card or another way to pay.';
  return 'Your bank declined this card. Try another card or another way to pay.';
}

/**
 * What a result screen says under its heading. A decline or processor error: to a shopper (online,
 * the pole display) in their words; to staff (the register, the virtual terminal) the processor's
 * reason without its code ("Insufficient funds."), except a PIN said wrong for a keyed card. Any
 * other outcome: its message.
 */
export function outcomeWords(outcome: Outcome, channel: Channel | undefined): string {
  const { record } = outcome;
  if (!record || (record.status !== 'declined' && record.status !== 'error')) return outcome.message;
  if (channel && SHOPPER_CHANNELS.includes(channel)) return shopperOutcome(record);
  if (record.status === 'declined' && whyDeclined(record) === 'pin' && record.providerPaymentType !== 'card_present')
    return 'The card’s bank declined it.';
  return outcome.message;
}

/** The order's standing after an approved payment: what is still due, and what its payments paid in all. */
export interface OrderStanding {
  stillDue: number;
  paidInAll: number;
}

/**
 * After `record` was approved: the order's balance still due and what all its payments paid (the
 * session's, without an order). `paidInAll` is more than this payment only after a split tender.
 */
export function orderStanding(
  record: PaymentRecord,
  session: { order: { paid: number; balanceDue: number } | null; amountPaid: number } | null,
): OrderStanding {
  const order = session?.order;
  if (order) return { stillDue: order.balanceDue, paidInAll: order.paid };
  return { stillDue: 0, paidInAll: Math.max(session?.amountPaid ?? 0, record.originalAmount + record.tipAmount) };
}
