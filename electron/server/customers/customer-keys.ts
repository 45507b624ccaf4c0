/**
 * How customers' names, phones and ID numbers are kept for searching and for uniqueness. Pure: the
 * repository stores these keys, the search turns what the cashier typed into the same keys.
 */

/** A name as searched: "O'Brien" → "obrien", "García-López" → "garcialopez", "Mary Ann" → "maryann". */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

// Kept with the rules the back office's form checks by too (shared/customers).
export {
  emailKey,
  hasLetter,
  idNumberKey,
  normalizePhone,
  phoneWords,
  type PhoneResult,
} from '../../../shared/customers/customer-keys.js';

/** The characters of each key, in the order both engines sort them: digits, then letters of one case. */
const ALPHABETS = { lower: '0123456789abcdefghijklmnopqrstuvwxyz', upper: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ' };

/** The character after `char` in a key's alphabet (undefined after its last), or the next code point. */
function nextChar(char: string, alphabet: string): string | undefined {
  const at = alphabet.indexOf(char);
  if (at >= 0) return alphabet[at + 1];
  return String.fromCodePoint(char.codePointAt(0)! + 1);
}

/**
 * The keys starting with `prefix` as a range `[from, to)` of an ordinary index (`to` undefined: no
 * end). Keys hold digits and letters of one case, which both engines' collations sort alike, so the
 * end is the prefix with its last character stepped up in that alphabet ("gar" → "gas", "ab9" →
 * "aba", "az" → "b"; in upper case "AB9" → "ABA").
 */
export function prefixRange(prefix: string, letters: 'lower' | 'upper' = 'lower'): { from: string; to?: string } {
  const chars = [...prefix];
  while (chars.length > 0) {
    const next = nextChar(chars.pop()!, ALPHABETS[letters]);
    if (next !== undefined) return { from: prefix, to: chars.join('') + next };
  }
  return { from: prefix };
}
