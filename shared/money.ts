/**
 * Money is integer cents everywhere inside ServicePay. These helpers convert at the edges
 * (decimal strings of the ticket API, dollars typed by people) and round the one way we round:
 * half-up, away from zero for negative amounts.
 */

/** An amount of money in integer cents. */
export type Cents = number;

/** Parts per million: 8.875 % is 88_750. Rates are integers so tax math stays exact. */
export type Ppm = number;

/** True when `value` is a safe integer number of cents. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Divides two non-negative-denominator integers and rounds half away from zero. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`cannot divide ${numerator} by ${denominator} exactly`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  const rounded = remainder * 2 >= denominator ? quotient + 1 : quotient;
  return sign * rounded === 0 ? 0 : sign * rounded;
}

/** `amount × rate`, rounded half-up to the cent. */
export function applyRate(amount: Cents, rate: Ppm): Cents {
  return divideRoundHalfUp(amount * rate, 1_000_000);
}

/** Renders cents as the ticket API's decimal string: 1250 → "12.50", -100 → "-1.00". */
export function formatDecimal(cents: Cents): string {
  if (!isCents(cents)) throw new RangeError(`${cents} is not a whole number of cents`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** "$12.50", "-$1,234.00": cents for people. */
export function formatMoney(cents: Cents): string {
  const text = formatDecimal(Math.abs(cents));
  const [whole = '0', fraction = '00'] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/**
 * What a part of a dollar is worth, for people, where it may be a part of a cent (a loyalty point):
 * under a dollar in cents to two decimals ("1¢", "0.5¢", "about 33.33¢" where it does not come out
 * even, "less than 0.01¢"), a dollar or more as `formatMoney` ("$1.00").
 */
export function formatCentsPart(cents: number): string {
  if (cents >= 100) {
    const whole = Math.round(cents);
    return `${whole === cents ? '' : 'about '}${formatMoney(whole)}`;
  }
  const shown = Number(cents.toFixed(2));
  if (shown === 0) return cents > 0 ? 'less than 0.01¢' : '0¢';
  return `${shown === cents ? '' : 'about '}${shown}¢`;
}

/** Cents as a plain number of dollars (for fields the spec types as number): 1250 → 12.5. */
export function toDollarNumber(cents: Cents): number {
  return Number(formatDecimal(cents));
}

const DECIMAL = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "12.5", "12.50" or "-1" into cents; undefined when the text is not such an amount. */
export function parseDecimal(text: string): Cents | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus && cents !== 0 ? -cents : cents;
}

/** Dollars given as a JSON number (at most two decimals) to cents; undefined when not exact. */
export function dollarsToCents(dollars: number): Cents | undefined {
  if (!Number.isFinite(dollars)) return undefined;
  const cents = Math.round(dollars * 100);
  // Reject 1.005 and the like: the number must be within float noise of a whole cent.
  if (Math.abs(cents - dollars * 100) > 1e-6 || !Number.isSafeInteger(cents)) return undefined;
  return cents;
}

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * A tax rate typed in percent ("7.25", "15") as parts per million (72_500, 150_000); undefined when
 * the text is not a percentage from 0 to 100 with at most four decimals (a ppm is 0.0001 %).
 */
export function parsePercent(text: string): Ppm | undefined {
  const match = PERCENT.exec(text.trim());
  if (!match) return undefined;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= 1_000_000 ? ppm : undefined;
}

/** Parts per million as the percentage people type: 72_500 → "7.25", 150_000 → "15". */
export function formatPercent(ppm: Ppm): string {
  const whole = Math.floor(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
