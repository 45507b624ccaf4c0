import { ServicePayError } from '../../../../shared/errors.js';
import { methodLabel } from '../../../../shared/labels.js';
import { formatMoney } from '../../../../shared/money.js';
import { splitLines, type SplitLine } from '../../../../shared/refunds/split-return.js';
import type { StoredPayment } from '../store/payment-types.js';
import { worthOf, type ReturnedLine } from './line-refunds.js';
import { paymentWords } from './payment-words.js';

/** One payment's part of a refund by items: the payment, what it gives back, and its refund's id. */
export interface ReturnPart {
  payment: StoredPayment;
  amount: number;
  refundId: string;
}

/** Another payment a refund by items asks to give back the rest (`rest` of the request). */
export interface AskedRest {
  paymentId: string;
  amount: number;
}

const refusal = (words: string) => new ServicePayError('INVALID_INPUT', words, { field: 'rest' });

/** What may still be refunded of `payment` (a cashless ATM's cash back was handed over in cash). */
export const leftOf = (payment: StoredPayment): number => payment.charged - payment.cashback - payment.refunded;

/**
 * The parts of a return split over the order's payments (README "Refunds by items"): `first` (the
 * payment the request names, giving `amount`) and each of `rest`, read approved by `find`. Refused
 * in words when a payment is of another order, named twice, not captured, asked more than it has
 * left, or when the parts do not add up to what the lines are worth; and when more than one of them
 * is not cash: a card's processor may decline, and the items come back only once all their worth
 * went back, so one card refund at most is asked before the rest is handed out of the drawer. Each
 * part's refund id is `newId` of its payment (refund-id.ts).
 */
export async function returnParts(
  first: StoredPayment,
  amount: number,
  rest: readonly AskedRest[],
  lines: readonly ReturnedLine[],
  find: (paymentId: string) => Promise<StoredPayment>,
  newId: (paymentId: string) => string,
): Promise<ReturnPart[]> {
  const parts: ReturnPart[] = [{ payment: first, amount, refundId: newId(first.id) }];
  for (const asked of rest) {
    if (parts.some((part) => part.payment.id === asked.paymentId)) {
      throw refusal('a payment is named twice: each payment gives back its part once');
    }
    const payment = await find(asked.paymentId);
    if (payment.orderId === null || payment.orderId !== first.orderId) {
      throw refusal(`${paymentWords(payment)} is of another order: the rest comes back from this order's payments`);
    }
    if (!payment.captured) {
      throw refusal(`${paymentWords(payment)} is an authorization not captured yet: it cannot give back the rest`);
    }
    if (asked.amount > leftOf(payment)) {
      throw refusal(`${paymentWords(payment)} has only ${formatMoney(Math.max(0, leftOf(payment)))} left to refund`);
    }
    parts.push({ payment, amount: asked.amount, refundId: newId(payment.id) });
  }
  const worth = worthOf(lines);
  const total = parts.reduce((sum, part) => sum + part.amount, 0);
  if (total !== worth) {
    throw refusal(
      `the payments give back ${formatMoney(total)} in all; the items given back are worth ${formatMoney(worth)}: ` +
        'the parts must add up to that',
    );
  }
  if (parts.filter((part) => part.payment.entry !== 'cash').length > 1) {
    throw new ServicePayError(
      'CONFLICT',
      'a return gives back at most one card payment with the rest in cash: give the items back from one card ' +
        'payment for what it has, and refund the other card in the back office',
      { field: 'rest' },
    );
  }
  return parts;
}

/** The lines each part writes: each part's add up to its amount, and each line's parts to its worth. */
export function linesOfParts(parts: readonly ReturnPart[], lines: readonly ReturnedLine[]): SplitLine[][] {
  return splitLines(
    lines,
    parts.map((part) => part.amount),
  );
}

/** "$33.14 to the Debit card, $10.00 in cash": what each payment of a split return gave back. */
export function partsInWords(parts: readonly ReturnPart[]): string {
  const each = parts.map(({ payment, amount }) =>
    payment.entry === 'cash'
      ? `${formatMoney(amount)} in cash`
      : `${formatMoney(amount)} to the ${methodLabel(payment.method)} payment`,
  );
  return `Given back across the payments: ${each.join(', ')}`;
}
