import { countTotal, CountError, type DenominationCount } from '../../../shared/cash/expected-cash.js';
import { invalidInput } from '../../../shared/errors.js';

/** A counted amount: the cents, and the count by denomination when it was entered that way. */
export interface CountedCash {
  cents: number;
  count: DenominationCount | null;
}

/** Exactly one of `amount` and `count`; the count's pieces added up to the cent. */
export function countedCash(entry: { amount?: number; count?: DenominationCount }): CountedCash {
  if ((entry.amount === undefined) === (entry.count === undefined)) {
    throw invalidInput('amount', 'in cents or count (pieces of each bill and coin) is needed, and only one of the two');
  }
  if (entry.count === undefined) return { cents: entry.amount!, count: null };
  try {
    return { cents: countTotal(entry.count), count: entry.count };
  } catch (error) {
    if (error instanceof CountError) throw invalidInput(`count.${error.denomination}`, error.rule);
    throw error;
  }
}
