import { calendarDate, type IsoDate } from '../calendar.js';
import type { IdAddress } from '../id-document.js';

/**
 * The data elements the register reads, across versions:
 * - names: version 01 has the full name in DAA ("LAST,FIRST,MIDDLE") and may split it in DAB (last),
 *   DAC (first), DAD (middle); versions 02-03 have DCS (family name) and DCT (given names, "FIRST,MIDDLE");
 *   04 and later have DCS, DAC and DAD. Every version is read the same way, newest elements first.
 * - DBB date of birth, DBA expiry, DAQ the ID number (DBJ in a few version-01 cards), DCG the country,
 *   DAG/DAH/DAI/DAJ/DAK the address (DAL/DAN/DAO/DAP, the residence, in version 01).
 * - dates: version 01 writes CCYYMMDD; from version 02 US issuers write MMDDCCYY and Canadian ones
 *   CCYYMMDD. The two never read alike (no month is 19 or 20, no birth year is 0102), so a date that
 *   is not a date in its expected order is read in the other: some issuers mislabel their version.
 */

type Elements = ReadonlyMap<string, string>;

/** The order of a date's 8 digits. */
export type DateOrder = 'MDY' | 'YMD';

/** What a card writes when it has no value: NONE, unavl, unknown. */
const ABSENT = /^(NONE|UNAVL|UNAVAILABLE|UNKNOWN|N\/A)$/i;

/** An element's value, or undefined when it is missing, blank or says "none". */
export function valueOf(elements: Elements, ...ids: string[]): string | undefined {
  for (const id of ids) {
    const value = elements.get(id)?.trim();
    if (value && !ABSENT.test(value)) return value;
  }
  return undefined;
}

function readDate(digits: string, order: DateOrder): IsoDate | undefined {
  const [year, month, day] =
    order === 'YMD'
      ? [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)]
      : [digits.slice(4, 8), digits.slice(0, 2), digits.slice(2, 4)];
  const date = calendarDate(Number(year), Number(month), Number(day));
  return date && Number(year) >= 1850 && Number(year) <= 2199 ? date : undefined;
}

/** An AAMVA date as `YYYY-MM-DD`, or undefined when its 8 digits are no date in either order. */
export function aamvaDate(value: string, expected: DateOrder): IsoDate | undefined {
  if (!/^\d{8}$/.test(value)) return undefined;
  return readDate(value, expected) ?? readDate(value, expected === 'MDY' ? 'YMD' : 'MDY');
}

/** The date order a version and country write. */
export function dateOrderOf(version: number, country: string): DateOrder {
  return version <= 1 || country === 'CAN' ? 'YMD' : 'MDY';
}

const words = (text: string | undefined) =>
  text
    ?.split(/[,\s]+/)
    .map((word) => word.trim())
    .filter((word) => word !== '' && !ABSENT.test(word)) ?? [];

/** First, middle and last name from whichever elements the card has. */
export function namesOf(elements: Elements): { first?: string; middle?: string; last?: string } {
  const full = (valueOf(elements, 'DAA') ?? '').split(/[,$]/).map((part) => part.trim());
  const given = valueOf(elements, 'DCT');
  const [givenFirst, ...givenRest] = given?.includes(',') ? given.split(',') : words(given);
  const middle = valueOf(elements, 'DAD') ?? (givenRest.length > 0 ? givenRest.join(' ') : full.slice(2).join(' '));
  return {
    last: valueOf(elements, 'DCS', 'DAB') ?? (full[0] || undefined),
    first: valueOf(elements, 'DAC') ?? (givenFirst?.trim() || full[1] || undefined),
    middle: words(middle).join(' ') || undefined,
  };
}

/** "958140000" → "95814"; "958141234" → "95814-1234"; "K1A0B1" stays as it is. */
function postalCodeOf(value: string): string {
  const code = value.trim();
  if (/^\d{9}$/.test(code)) return code.endsWith('0000') ? code.slice(0, 5) : `${code.slice(0, 5)}-${code.slice(5)}`;
  return code;
}

/** The address on the card, when it has at least a street and a city. */
export function addressOf(elements: Elements): IdAddress | undefined {
  const street = valueOf(elements, 'DAG', 'DAL');
  const city = valueOf(elements, 'DAI', 'DAN');
  if (!street || !city) return undefined;
  const street2 = valueOf(elements, 'DAH', 'DAM');
  return {
    street,
    ...(street2 ? { street2 } : {}),
    city,
    state: valueOf(elements, 'DAJ', 'DAO') ?? '',
    postalCode: postalCodeOf(valueOf(elements, 'DAK', 'DAP') ?? ''),
  };
}
