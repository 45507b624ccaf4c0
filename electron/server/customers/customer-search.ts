import { invalidInput } from '../../../shared/errors.js';
import { idNumberKey, nameKey } from './customer-keys.js';

/**
 * What the cashier typed in the customer search, as the keys to look for (each a prefix of the
 * stored key, see customer-keys.ts). Pure, so the rules are tested without a database:
 * - "garcia, mar": last name starting "garcia" and first name starting "mar";
 * - "maria garcia": first "maria" and last "garcia", or either name starting "mariagarcia";
 * - "gar": a first or last name starting "gar";
 * - digits (with phone punctuation): a phone or an ID number starting with them;
 * - letters and digits ("D123"): an ID number starting so.
 */
export type SearchTerm =
  | { kind: 'everyone' }
  | {
      kind: 'name';
      /** A first or a last name starting so. */
      either?: string;
      /** Both: a first name and a last name starting so ("last, first" or "first last"). */
      both?: { first: string; last: string };
      /** With a comma and nothing after it: the last name only. */
      last?: string;
    }
  | { kind: 'number'; phone?: string; idNumber: string };

const PHONE_SHAPED = /^\+?[\d\s().-]+$/;

/** The search `q` (undefined or blank: everyone, newest first). */
export function parseSearch(q: string | undefined): SearchTerm {
  const text = (q ?? '').trim();
  if (text === '') return { kind: 'everyone' };
  if (/\d/.test(text)) return numberTerm(text);
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = nameKey(text.slice(0, comma));
    const first = nameKey(text.slice(comma + 1));
    if (last === '') throw nothingToFind(q!);
    return first === '' ? { kind: 'name', last } : { kind: 'name', both: { first, last } };
  }
  const either = nameKey(text);
  if (either === '') throw nothingToFind(q!);
  const words = text.split(/\s+/).map(nameKey).filter(Boolean);
  if (words.length < 2) return { kind: 'name', either };
  return { kind: 'name', either, both: { first: words[0]!, last: words.slice(1).join('') } };
}

function numberTerm(text: string): SearchTerm {
  const idNumber = idNumberKey(text);
  if (!PHONE_SHAPED.test(text)) return { kind: 'number', idNumber };
  const digits = text.replace(/\D/g, '');
  // "+1 916…" and "1916…" are North American numbers, stored without the country code.
  if (text.startsWith('+') && !text.startsWith('+1')) return { kind: 'number', phone: `+${digits}`, idNumber };
  const northAmerican = text.startsWith('+1') || (digits.length === 11 && digits.startsWith('1'));
  const phone = northAmerican ? digits.slice(1) : digits;
  return { kind: 'number', phone, idNumber };
}

const nothingToFind = (q: string) =>
  invalidInput('q', `must hold a name, a phone number or an ID number to search for, not "${q}"`);
