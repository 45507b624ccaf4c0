import type { Channel, EntryMode, PaymentMethod } from '../../../../shared/contracts/payment.js';
import { METHOD_LABELS } from '../../../../shared/labels.js';
import { formatDecimal } from '../../../../shared/money.js';

/** Largest ACH payment, in cents ($999.00). */
export const ACH_MAX_CENTS = 99_900;

/** How each method is taken in each channel; absent means the channel does not offer it (docs/payments.md). */
const CAPABILITIES: Record<PaymentMethod, Partial<Record<Channel, EntryMode>>> = {
  Credit: { ffd: 'pinpad', pos: 'pinpad', ecommerce: 'keyed', virtual_terminal: 'keyed' },
  Debit: { ffd: 'pinpad', pos: 'pinpad' },
  ATM: { ffd: 'pinpad', pos: 'pinpad' },
  ACH: { ecommerce: 'paylink', virtual_terminal: 'paylink' },
  // On the pole display, Cash is a choice only: the customer is sent to the cashier.
  Cash: { ffd: 'cash', pos: 'cash' },
};

/** Labels for people: the one label map (shared/labels.ts). */
export { METHOD_LABELS };

/** How `method` is taken in `channel`, or null when the channel does not offer it. */
export function entryFor(method: PaymentMethod, channel: Channel): EntryMode | null {
  return CAPABILITIES[method][channel] ?? null;
}

/** The largest single payment of `method`, in cents, or null for no limit. */
export function maxAmountOf(method: PaymentMethod): number | null {
  return method === 'ACH' ? ACH_MAX_CENTS : null;
}

/** Why `amount` is too much for one payment of `method`, or null when it is not. */
export function overLimitReason(method: PaymentMethod, amount: number): string | null {
  const max = maxAmountOf(method);
  return max !== null && amount > max
    ? `${METHOD_LABELS[method]} takes at most $${formatDecimal(max)} per payment`
    : null;
}

/** True when the channel takes cash in hand (the pole display only points to the cashier). */
export function takesCashInHand(channel: Channel): boolean {
  return channel === 'pos';
}
