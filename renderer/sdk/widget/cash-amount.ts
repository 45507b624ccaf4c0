import type { Cents } from '../../../shared/money';
import { AMOUNT_MAX_CENTS } from '../../../shared/numbers';
import { formatMoney } from '../../common/format';

/**
 * What the cash form makes of the text in "Cash received ($)": nothing yet, an amount in cents, or
 * a refusal in the cashier's words. Refused here is only text no further typing can make right
 * (a minus, a letter, a third decimal, too much); an empty field or $0.00 is refused when the
 * cash is taken, since "0." is on its way to "0.50".
 */
export type CashReading = { kind: 'empty' } | { kind: 'amount'; cents: Cents } | { kind: 'refused'; reason: string };

/** Said when "Take cash" is pressed with nothing typed. */
export const ENTER_CASH = 'Enter the cash received, such as 20 or 20.00.';
/** Said when "Take cash" is pressed with $0.00 typed. */
export const CASH_OVER_ZERO = 'Cash received must be more than $0.00.';
/** A minus sign, with or without a number after it. */
export const CASH_NOT_NEGATIVE = "Cash received can't be negative: type the amount handed over, such as 20 or 20.00.";
/** A third decimal: cash is counted to the cent. */
export const CASH_TO_THE_CENT = 'Type the cash received to the cent, with at most two decimals, such as 20.25.';
/** Letters, signs, two points: not an amount of money at all. */
export const CASH_NOT_AN_AMOUNT = 'Type the cash received in dollars and cents, such as 20 or 20.00.';
/** More than the service takes in one amount (the words of its own refusal, refusal-words.ts). */
export const CASH_TOO_MUCH = `The cash received must be at most ${formatMoney(AMOUNT_MAX_CENTS)}.`;

/** "1234", "1,234" (grouped by thousands), "12.", ".5", "12.50": dollars, then up to two decimals. */
const AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{0,2}))?$/;
/** The whole dollars the service takes at most, in digits (AMOUNT_MAX_CENTS is $1,000,000.00). */
const MOST_DIGITS = String(AMOUNT_MAX_CENTS / 100).length;

/** Reads the cash received as typed: a leading "$" and spaces around it are allowed. */
export function readCash(typed: string): CashReading {
  const text = typed.trim().replace(/^\$\s*/, '');
  if (text === '') return { kind: 'empty' };
  // "-5", "- 5", "−5" (the minus of a pasted figure): negative, whatever follows.
  if (/^[-−–]/.test(text)) return { kind: 'refused', reason: CASH_NOT_NEGATIVE };
  if (/^[\d,]*\.\d{3,}$/.test(text)) return { kind: 'refused', reason: CASH_TO_THE_CENT };
  const match = AMOUNT.exec(text);
  if (!match) return { kind: 'refused', reason: CASH_NOT_AN_AMOUNT };
  const whole = (match[1] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (whole.length > MOST_DIGITS) return { kind: 'refused', reason: CASH_TOO_MUCH };
  const cents = Number(whole || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > AMOUNT_MAX_CENTS ? { kind: 'refused', reason: CASH_TOO_MUCH } : { kind: 'amount', cents };
}
