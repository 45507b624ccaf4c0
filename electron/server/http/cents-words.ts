import { formatMoney } from '../../../shared/money.js';
import { CENTS_MARK } from '../../../shared/numbers.js';
import { sentWords as sent, type AjvError } from './rule-words.js';

/** The example every refusal of an amount in cents gives, so the caller sees the unit at work. */
export const CENTS_EXAMPLE = 'such as 2219 for $22.19';

type Bounds = { minimum?: unknown; maximum?: unknown };

/** Whether a schema is one of an amount in cents (`Cents`, `AmountCents` of shared/numbers.ts). */
function isCents(schema: unknown): schema is Bounds {
  if (typeof schema !== 'object' || schema === null) return false;
  const marks = schema as Record<string, unknown>;
  return Object.entries(CENTS_MARK).every(([key, value]) => marks[key] === value);
}

/** `1`, `100,000,000 ($1,000,000.00)`: a bound in cents, with its dollars once it is a dollar or more. */
function bound(cents: number): string {
  const dollars = Math.abs(cents) >= 100 && Number.isSafeInteger(cents) ? ` (${formatMoney(cents)})` : '';
  return `${cents.toLocaleString('en-US')}${dollars}`;
}

/**
 * A refusal of an amount in cents, in words that say the unit and give an example ("is in cents: a
 * whole number of at least 1, such as 2219 for $22.19, not the text "3.25""), where the rule's own
 * words ("must be at least 1") would not say cents; undefined for any other value. The schema is
 * the one Ajv reports the error of (`parentSchema`, with `verbose`), marked by CENTS_MARK.
 */
export function centsWords(error: AjvError): string | undefined {
  if (!isCents(error.parentSchema)) return undefined;
  const { minimum } = error.parentSchema;
  const limit = Number(error.params.limit);
  let rule: string;
  switch (error.keyword) {
    case 'type':
      // A negative least amount (a discount's) is the service's to word, not the unit's.
      rule =
        typeof minimum === 'number' && minimum >= 0 ? `a whole number of at least ${bound(minimum)}` : 'a whole number';
      break;
    case 'minimum':
      rule = `a whole number of at least ${bound(limit)}`;
      break;
    case 'maximum':
      rule = `a whole number of at most ${bound(limit)}`;
      break;
    default:
      return undefined;
  }
  const not = 'data' in error ? `, not ${sent(error.data)}` : '';
  return `is in cents: ${rule}, ${CENTS_EXAMPLE}${not}`;
}
