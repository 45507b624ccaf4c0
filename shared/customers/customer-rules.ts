import { isIsoDate, type IsoDate } from '../compliance/index.js';
import { CUSTOMER_ID_TYPES, type CustomerIdType, type NewCustomer } from '../contracts/customers.js';
import { hasLetter, idNumberKey, normalizePhone } from './customer-keys.js';
import { idIssuer } from './id-issuer.js';

/**
 * The rules of a customer's own fields (README "Customers"), each answering the value to store or
 * the rule it breaks in words, after the field's name ("must have a letter"). The service refuses
 * the first field at fault (electron/server/customers/customer-input.ts); the back office's form
 * checks every field by the same rules before sending, and says each refusal beside its field.
 * The rules that need the store's state profile or who is asking (a recommendation's own limits)
 * are the service's alone.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; rule: string };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const no = <T>(rule: string): Checked<T> => ({ ok: false, rule });

export const NAME_MAX = 100;
export const NOTES_MAX = 2000;
const EARLIEST_BIRTH = '1900-01-01';

/** Trimmed, inner runs of spaces made one; '' when only spaces were sent. */
export const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** An optional text: trimmed, null when empty or left out. */
const optional = (text: string | null | undefined) => (text == null || tidy(text) === '' ? null : tidy(text));

/** A first or last name: 1 to 100 characters with a letter. */
export function personName(text: string): Checked<string> {
  const value = tidy(text);
  if (value.length < 1 || value.length > NAME_MAX) return no(`must have 1 to ${NAME_MAX} characters`);
  return hasLetter(value) ? ok(value) : no('must have a letter');
}

export function middleName(text: string | null | undefined): Checked<string | null> {
  const value = optional(text);
  return value !== null && value.length > NAME_MAX ? no(`must have at most ${NAME_MAX} characters`) : ok(value);
}

/** A calendar date: a date field left empty says so, rather than naming a format nobody typed. */
export function calendarDate(text: string): Checked<IsoDate> {
  const value = text.trim();
  if (value === '') return no('must be filled in');
  return isIsoDate(value) ? ok(value) : no(`must be a real date as YYYY-MM-DD, not "${text}"`);
}

/** A date of birth: a real date after 1900, before the store's `today`. */
export function birthDate(text: string, today: IsoDate): Checked<IsoDate> {
  const date = calendarDate(text);
  if (!date.ok) return date;
  if (date.value >= today) return no(`must be in the past, not ${date.value}`);
  if (date.value < EARLIEST_BIRTH) return no(`must be after ${EARLIEST_BIRTH}, not ${date.value}`);
  return date;
}

/** One of `allowed` (the HTTP schema says so already; the command line does not). */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): Checked<T> {
  return (allowed as readonly string[]).includes(value)
    ? ok(value as T)
    : no(`must be one of ${allowed.join(', ')}, not "${value}"`);
}

export const idType = (value: string): Checked<CustomerIdType> => oneOf(value, CUSTOMER_ID_TYPES);

/** An ID number as stored: its letters and digits, upper case. */
export function idNumber(text: string): Checked<string> {
  if (/[^A-Za-z0-9\s.-]/.test(text))
    return no('may hold only letters and digits (spaces, dots and dashes are ignored)');
  const key = idNumberKey(text);
  return key.length < 4 || key.length > 25 ? no('must have 4 to 25 letters and digits') : ok(key);
}

/** Who issued an ID of `type`, as its code (id-issuer.ts). */
export function idJurisdiction(type: CustomerIdType, text: string): Checked<string> {
  const issuer = idIssuer(type, text);
  return issuer.ok ? ok(issuer.code) : no(issuer.rule);
}

export function phone(text: string | null | undefined): Checked<string | null> {
  const value = optional(text);
  if (value === null) return ok(null);
  const result = normalizePhone(value);
  return result.ok ? ok(result.digits) : no(result.rule);
}

export function email(text: string | null | undefined): Checked<string | null> {
  const value = optional(text);
  return value !== null && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)
    ? no(`must look like name@example.com, not "${value}"`)
    : ok(value);
}

export function notes(text: string | null | undefined): Checked<string | null> {
  const value = text?.trim() || null;
  return value !== null && value.length > NOTES_MAX ? no(`must have at most ${NOTES_MAX} characters`) : ok(value);
}

/** A recommendation's (or state medical card's) number: 1 to 40 characters. */
export function recommendationNumber(text: string): Checked<string> {
  const value = tidy(text);
  return value.length < 1 || value.length > 40 ? no('must have 1 to 40 characters') : ok(value);
}

/** A field the rules refused, by its name in the API ("idJurisdiction", "medical.number"). */
export interface FieldProblem {
  field: string;
  rule: string;
}

/**
 * Every field of `input` these rules refuse, in the form's order, on the store's `today`: what the
 * back office's form says beside each field before anything is sent.
 */
export function customerProblems(input: NewCustomer, today: IsoDate): FieldProblem[] {
  const type = idType(input.idType);
  const checks: [string, Checked<unknown>][] = [
    ['firstName', personName(input.firstName)],
    ['middleName', middleName(input.middleName)],
    ['lastName', personName(input.lastName)],
    ['dateOfBirth', birthDate(input.dateOfBirth, today)],
    ['idType', type],
    ['idNumber', idNumber(input.idNumber)],
    ['idJurisdiction', type.ok ? idJurisdiction(type.value, input.idJurisdiction) : ok(null)],
    ['idExpiry', calendarDate(input.idExpiry)],
    ['medical.number', input.medical ? recommendationNumber(input.medical.number) : ok(null)],
    ['medical.expires', input.medical ? calendarDate(input.medical.expires) : ok(null)],
    ['phone', phone(input.phone)],
    ['email', email(input.email)],
    ['notes', notes(input.notes)],
  ];
  return checks.flatMap(([field, checked]) => (checked.ok ? [] : [{ field, rule: checked.rule }]));
}
