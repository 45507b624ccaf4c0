import { InvalidArgumentError } from 'commander';
import { invalidInput } from '../../shared/errors.js';
import { formatMoney, parseDecimal } from '../../shared/money.js';
import { dayNumber, notADay } from '../../shared/reports/report-range.js';

/** An option's value as a whole number (`--limit 20`, `--prep-minutes 15`). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}

/** An option's value as a decimal number (`--lat 39.75`). */
export function decimal(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new InvalidArgumentError('must be a number');
  return number;
}

/** An option's value as yes or no (`--blind-close yes`). */
export function yesNo(value: string): boolean {
  const word = value.trim().toLowerCase();
  if (word !== 'yes' && word !== 'no') throw new InvalidArgumentError('must be yes or no');
  return word === 'yes';
}

/**
 * An amount as people type it (`--price 12.50`, `--price '$12.50'`, `--offline-card-max 200`) in
 * cents: at most two decimals, never negative, and at most `max` cents when given (else the service's own words say its
 * range). A refusal names `field` (the option, or the service's field that the command maps to its
 * option) and shows `example` as the way to write it.
 */
export function dollarsAsCents(field: string, value: string, { max, example = '12.50' }: DollarsRule = {}): number {
  // "$12.50" as the back office's fields and catalog files take it.
  const cents = parseDecimal(value.trim().replace(/^\$/, ''));
  if (cents === undefined) {
    throw invalidInput(field, `must be dollars with at most 2 decimals, like ${example}, not "${value}"`);
  }
  if (cents < 0) throw invalidInput(field, `must be at least $0.00, not "${value}"`);
  if (max !== undefined && cents > max) {
    throw invalidInput(field, `must be at most ${formatMoney(max)}, not "${value}"`);
  }
  return cents;
}

/**
 * `--from` and `--to` as typed: real dates, the last not before the first, refused by the options'
 * names (the service names its fields: "to must not be before from"). `--to` is checked first: a
 * report's `--from` is `--to` when left out, and a wrong `--to` is not blamed on it.
 */
export function dayRange(from: string | undefined, to: string | undefined): void {
  for (const [option, day] of [
    ['--to', to],
    ['--from', from],
  ] as const) {
    if (day !== undefined && Number.isNaN(dayNumber(day))) throw notADay(option, day);
  }
  if (from !== undefined && to !== undefined && to < from) {
    throw invalidInput('--to', `must not be before --from (${from})`);
  }
}

export interface DollarsRule {
  /** The most cents the option takes. */
  max?: number;
  /** How the refusal writes an amount ("12.50"). */
  example?: string;
}
