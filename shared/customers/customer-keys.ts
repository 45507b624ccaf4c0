/**
 * How a customer's ID number, phone and email are kept and compared, and the letter a name needs:
 * the service stores these, and the back office's form checks what was typed by the same rules
 * before sending it.
 */

/**
 * Whether a name has a letter, of any script ("李", "Ольга", "O'Brien"): the rule a name must meet.
 * Not its key's characters: a key keeps digits too ("Mary 2nd"), and a name of digits is none.
 */
export function hasLetter(name: string): boolean {
  return /\p{L}/u.test(name);
}

/** An ID number as stored and compared: upper case, letters and digits only ("d123-4567" → "D1234567"). */
export function idNumberKey(idNumber: string): string {
  return idNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Why a phone number was refused, in words; or the number as stored. */
export type PhoneResult = { ok: true; digits: string } | { ok: false; rule: string };

/**
 * A phone number as digits. Spaces, dashes, dots, parentheses and a leading "+" are ignored; a
 * North American number keeps its 10 digits (a leading country code 1 is dropped, so
 * "+1 (916) 555-0134" and "916.555.0134" are both "9165550134"); an international one, written with
 * "+", keeps it and its country code (8 to 15 digits: "+442071234567").
 */
export function normalizePhone(text: string): PhoneResult {
  const trimmed = text.trim();
  if (/[^\d\s().+-]/.test(trimmed) || trimmed.lastIndexOf('+') > 0) {
    return { ok: false, rule: 'may hold only digits, spaces, dashes, dots, parentheses and a leading +' };
  }
  const digits = trimmed.replace(/\D/g, '');
  const international = trimmed.startsWith('+') && !trimmed.startsWith('+1');
  if (international) {
    return digits.length >= 8 && digits.length <= 15
      ? { ok: true, digits: `+${digits}` }
      : { ok: false, rule: `must have 8 to 15 digits with its country code, not ${digits.length}` };
  }
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (local.length !== 10) {
    return {
      ok: false,
      rule: `must have 10 digits (area code and number), not ${digits.length}; write an international number with +`,
    };
  }
  return { ok: true, digits: local };
}

/**
 * An email address as compared for "one customer per email at a store": trimmed, its ASCII letters
 * in lower case, every other character as it is ("  Maria.Garcia@Example.COM " → "maria.garcia@example.com").
 * The same key SQL's `lower` gives on SQLite and on PostgreSQL under the "C" collation (the
 * dialects' `asciiLower`), so both engines and the code find one holder for one address. The
 * address itself is kept as it was typed.
 */
export function emailKey(email: string): string {
  return email.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** A phone as stored, for people: "(916) 555-0134" for a North American number; an international one as stored ("+442071234567"). */
export function phoneWords(digits: string): string {
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}
