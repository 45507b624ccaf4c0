import {
  countTotal,
  DENOMINATION_LABELS,
  DENOMINATIONS,
  MAX_PIECES,
  type Denomination,
  type DenominationCount,
} from '../../../shared/cash/expected-cash';
import type { CashCount } from '../../../shared/contracts/cash';
import type { NumberRule } from '../../common/number-field';

/**
 * The drawer's cash as the cashier enters it (README "Cash drawers"): pieces of each bill and coin,
 * or one amount. Pure: what the form shows and sends, in cents.
 */

/** Counted by denomination, or entered as one amount. */
export type CountMode = 'count' | 'amount';

export interface CountEntry {
  mode: CountMode;
  pieces: DenominationCount;
  /** Dollars typed as one amount (null: not entered yet). */
  amount: number | null;
}

const names = Object.keys(DENOMINATIONS) as Denomination[];
/** The bills, largest first, then the coins: the order a drawer is counted in. */
export const BILLS = names.filter((name) => name.startsWith('bill'));
export const COINS = names.filter((name) => name.startsWith('coin'));

/** The largest amount the service takes (100,000,000 cents). */
const MAX_DOLLARS = 1_000_000;

export const emptyCount = (mode: CountMode = 'count'): CountEntry => ({ mode, pieces: {}, amount: null });

/** The number-field rule of one denomination's pieces. */
export function piecesRule(denomination: Denomination): NumberRule {
  return {
    name: `number of ${DENOMINATION_LABELS[denomination]}`,
    decimals: 0,
    min: 0,
    max: MAX_PIECES,
  };
}

/** The number-field rule of a drawer amount in dollars. */
export const AMOUNT_RULE: NumberRule = { name: 'amount', decimals: 2, min: 0, max: MAX_DOLLARS, unit: '$' };

/** Dollars as typed (2 decimals at most) to cents, without float drift. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/** What a denomination's pieces are worth, in cents. */
export const piecesValue = (denomination: Denomination, pieces: number | undefined) =>
  (pieces ?? 0) * DENOMINATIONS[denomination];

/** The cents the entry adds up to so far (0 while nothing is entered). */
export function entryTotal(entry: CountEntry): number {
  if (entry.mode === 'amount') return entry.amount === null ? 0 : dollarsToCents(entry.amount);
  return countTotal(entry.pieces);
}

/** Why the entry cannot be sent yet, or null when it can. */
export function entryProblem(entry: CountEntry): string | null {
  if (entry.mode === 'amount' && entry.amount === null) return 'Enter the amount counted, or count by bills and coins.';
  return null;
}

/** A row of the count form: one denomination, or the one amount. */
export type CountRow = Denomination | 'amount';

/** The first of `refused` in the drawer's order (bills, coins, then the one amount), or null. */
export const firstRefused = (refused: readonly CountRow[]): CountRow | null =>
  [...BILLS, ...COINS, 'amount' as const].find((row) => refused.includes(row)) ?? null;

/**
 * Why the count cannot be sent while rows show a refused entry (each keeps its last good value,
 * which is not what the cashier counted): the first such row in the drawer's order, in words on the
 * button ("Fix the $20 bills count first"); null when none does.
 */
export function refusedRowWords(refused: readonly CountRow[]): string | null {
  const first = firstRefused(refused);
  if (!first) return null;
  return first === 'amount' ? 'Fix the amount counted first' : `Fix the ${DENOMINATION_LABELS[first]} count first`;
}

/** The body the service takes: `{count}` with the denominations counted, or `{amount}` in cents. */
export function entryBody(entry: CountEntry): CashCount {
  if (entry.mode === 'amount') return { amount: entryTotal(entry) };
  const count: DenominationCount = {};
  for (const name of names) {
    const pieces = entry.pieces[name];
    if (pieces) count[name] = pieces;
  }
  return { count };
}
