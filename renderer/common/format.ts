import { formatMoney, parseDecimal, type Cents } from '../../shared/money';

/** "$12.50", "-$1.00": cents for people (shared with the CLI). */
export { formatMoney };

/** A decimal amount of the ticket API ("12.50") for people: "$12.50". */
export function formatDecimalMoney(decimal: string): string {
  const cents = parseDecimal(decimal);
  return cents === undefined ? decimal : formatMoney(cents);
}

/** Cents of a decimal amount of the ticket API ("12.50" → 1250); throws on anything else. */
export function centsOf(decimal: string): Cents {
  const value = parseDecimal(decimal);
  if (value === undefined) throw new Error(`not a decimal amount: ${decimal}`);
  return value;
}
