import type { PaymentMethod } from '../../../../shared/contracts/payment.js';
import { invalidInput } from '../../../../shared/errors.js';

/** Cashless ATM charges in steps of this many cents ($10.00). */
export const ATM_STEP_CENTS = 1000;

/** What is left to collect in a session: for the order, and the tip on top. */
export interface SessionBalance {
  remainingAmount: number;
  remainingTip: number;
}

/** The cents of one payment (docs/payments.md "Payments"). */
export interface PaymentAmounts {
  /** Applied to the order (the record's originalAmount). */
  amount: number;
  tip: number;
  /** Cashless ATM: the rounding up, handed back as cash. */
  cashback: number;
  /** Taken from the customer: amount + tip + cashback. */
  charged: number;
  /** Cash: what was handed over, and the change due. */
  tendered: number | null;
  change: number;
}

/** Rounds a cashless ATM charge up to the next $10.00 (an exact multiple stays as it is). */
export function roundUpAtm(cents: number): number {
  return Math.ceil(cents / ATM_STEP_CENTS) * ATM_STEP_CENTS;
}

/**
 * Splits one payment's money. `requested` defaults to the rest of the session; the tip rides on the
 * payment that completes the order's share, so partial payments (split tender) carry none. Cash
 * below what is due becomes a partial payment of what was handed over.
 */
export function allocate(
  method: PaymentMethod,
  balance: SessionBalance,
  request: { amount?: number; tenderedAmount?: number },
): PaymentAmounts {
  const amount = request.amount ?? balance.remainingAmount;
  if (amount > balance.remainingAmount) {
    throw invalidInput(
      'amount',
      `must be at most ${balance.remainingAmount} cents (what is left to pay in this session)`,
    );
  }
  const tip = amount === balance.remainingAmount ? balance.remainingTip : 0;
  if (method !== 'Cash') {
    if (request.tenderedAmount !== undefined) throw invalidInput('tenderedAmount', 'is only for Cash payments');
    if (method === 'ATM') {
      const charged = roundUpAtm(amount + tip);
      return { amount, tip, cashback: charged - amount - tip, charged, tendered: null, change: 0 };
    }
    return { amount, tip, cashback: 0, charged: amount + tip, tendered: null, change: 0 };
  }
  const tendered = request.tenderedAmount;
  if (tendered === undefined) throw invalidInput('tenderedAmount', 'is required for Cash: the cents handed over');
  const due = amount + tip;
  if (tendered >= due) return { amount, tip, cashback: 0, charged: due, tendered, change: tendered - due };
  // Less than due: keep what was handed over, order first, and leave the rest for another tender.
  const applied = Math.min(tendered, amount);
  return { amount: applied, tip: tendered - applied, cashback: 0, charged: tendered, tendered, change: 0 };
}
