/**
 * Reading one value of a manifest, from JSON (numbers or text) or CSV (text): each reader returns
 * the value, undefined when the field is left empty, or a Refusal saying why in a manager's words.
 */
import { calendarDate, type IsoDate } from '../compliance/calendar.js';
import { dollarsToCents, formatMoney } from '../money.js';
import { AMOUNT_MAX_CENTS, QUANTITY_MAX_MILLI } from '../numbers.js';
import { ungroup } from '../typed-number.js';

/** Why a value is refused: the rest of a sentence that starts with the field's words. */
export class Refusal {
  constructor(readonly why: string) {}
}

export type Read<T> = T | undefined | Refusal;

/** The value as people wrote it, for a refusal: `"-2"`. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Text trimmed, at most `max` characters; numbers are taken as their text. */
export function readText(value: unknown, max: number): Read<string> {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return new Refusal(`must be text, not ${shown(value)}`);
  const text = String(value).trim();
  if (text === '') return undefined;
  return text.length > max ? new Refusal(`must be at most ${max} characters, not ${text.length}`) : text;
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A number from JSON or from text ("1,250.5", "+3"); undefined when it is not one, a Refusal when
 * only its commas are wrong ("1,5": shared/typed-number.ts, the back office's rule too).
 */
function numberFrom(value: unknown): number | undefined | Refusal {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const read = ungroup(value);
  if (!read.ok) return new Refusal(`${shown(value)} ${read.why}`);
  return PLAIN_NUMBER.test(read.text) ? Number(read.text) : undefined;
}

/**
 * A quantity in thousandths: above 0 (or 0 too, for `zero: 'allowed'`), at most three decimals, at
 * most what a package may hold. `milli` reads a value already in thousandths (a whole number).
 */
export function readQuantity(value: unknown, options: { zero?: 'allowed'; milli?: boolean } = {}): Read<number> {
  if (isEmpty(value)) return undefined;
  const number = numberFrom(value);
  if (number instanceof Refusal) return number;
  const least = options.zero ? '0 or more' : 'above 0';
  if (number === undefined || number < 0 || (number === 0 && !options.zero)) {
    return new Refusal(`must be a number ${least}, not ${shown(value)}`);
  }
  const milli = options.milli ? (Number.isSafeInteger(number) ? number : undefined) : toMilliExact(number);
  if (milli === undefined) {
    return new Refusal(
      options.milli
        ? `in thousandths must be a whole number, not ${shown(value)}`
        : `must have at most three decimals, not ${shown(value)}`,
    );
  }
  if (milli > QUANTITY_MAX_MILLI) return new Refusal(`must be at most 1,000,000,000, not ${shown(value)}`);
  return milli;
}

function toMilliExact(number: number): number | undefined {
  const milli = Math.round(number * 1000);
  return Math.abs(milli - number * 1000) > 1e-6 || !Number.isSafeInteger(milli) ? undefined : milli;
}

const DOLLARS = /^(\d+\.?\d*|\.\d+)$/;

/** Dollars ("$1,234.50", 120.5) to cents: not negative, whole cents, at most $1,000,000.00. */
export function readDollars(value: unknown): Read<number> {
  if (isEmpty(value)) return undefined;
  const text = typeof value === 'string' ? value.trim() : undefined;
  if (text === '') return undefined;
  if (text?.startsWith('-') || (typeof value === 'number' && value < 0)) {
    return new Refusal(`must not be negative, not ${shown(value)}`);
  }
  const read = ungroup((text ?? '').replace(/^\$\s*/, ''));
  if (!read.ok) return new Refusal(`${shown(value)} ${read.why}`);
  const number = typeof value === 'number' ? value : DOLLARS.test(read.text) ? Number(read.text) : NaN;
  if (!Number.isFinite(number)) return new Refusal(`must be an amount in dollars such as 120.50, not ${shown(value)}`);
  return centsWithin(dollarsToCents(number), value);
}

/** Cents given as a whole number (our `wholesaleCents`). */
export function readCents(value: unknown): Read<number> {
  if (isEmpty(value)) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    return new Refusal(`in cents must be a whole number, not ${shown(value)}`);
  }
  return value < 0 ? new Refusal(`must not be negative, not ${shown(value)}`) : centsWithin(value, value);
}

function centsWithin(cents: number | undefined, value: unknown): Read<number> {
  if (cents === undefined) return new Refusal(`must be whole cents (at most two decimals), not ${shown(value)}`);
  if (cents > AMOUNT_MAX_CENTS)
    return new Refusal(`must be at most ${formatMoney(AMOUNT_MAX_CENTS)}, not ${shown(value)}`);
  return cents;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A calendar day: `2026-11-30` (a time after it, as Metrc writes some, is dropped) or `11/30/2026`. */
export function readDate(value: unknown): Read<IsoDate> {
  if (isEmpty(value)) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' && typeof value === 'string') return undefined;
  const iso = ISO.exec(text);
  const us = iso ? null : US.exec(text);
  const date = iso
    ? calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : us
      ? calendarDate(Number(us[3]), Number(us[1]), Number(us[2]))
      : undefined;
  return date ?? new Refusal(`must be a date such as 2026-11-30 or 11/30/2026, not ${shown(value)}`);
}

/** A percentage from 0 to 100 ("21.4", "21.4%", 21.4). */
export function readPercent(value: unknown): Read<number> {
  if (isEmpty(value)) return undefined;
  const text = typeof value === 'string' ? value.trim().replace(/\s*%$/, '') : value;
  if (text === '') return undefined;
  const number = numberFrom(text);
  if (number instanceof Refusal) return number;
  if (number === undefined || number < 0 || number > 100) {
    return new Refusal(`must be a percentage from 0 to 100, not ${shown(value)}`);
  }
  return number;
}

const TAG = /^[A-Z0-9]{1,40}$/;

/** A state tag, upper case: 1 to 40 letters and digits (Metrc's are 24 and start 1A). */
export function readLabel(value: unknown): Read<string> {
  const text = readText(value, 200);
  if (!(typeof text === 'string')) return text;
  const label = text.toUpperCase();
  return TAG.test(label)
    ? label
    : new Refusal(
        `must be the package's state tag, 1 to 40 letters and digits (Metrc's have 24 and start 1A), not ${shown(value)}`,
      );
}
