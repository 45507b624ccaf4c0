import { JURISDICTIONS as ISSUERS } from '../compliance/aamva/issuers.js';

/**
 * Who issues driver's licences and state IDs, by their two letters and their names: every US state,
 * the District of Columbia and the US territories, every Canadian province and territory, and the
 * other issuers a scanned licence names (shared/compliance's AAMVA list: the U.S. Department of
 * State, and the Mexican states it lists), so a licence typed by hand passes as its scan does: the
 * AAMVA list's own codes and names (shared/compliance/aamva/issuers.ts).
 */
const JURISDICTIONS: Readonly<Record<string, string>> = Object.fromEntries(
  ISSUERS.map(({ code, name }) => [code, name]),
);

/** A name as compared: "Québec", "quebec" and "QUEBEC." are one; "U.S. Virgin Islands" is "usvirginislands". */
export const placeKey = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(JURISDICTIONS).map(([code, name]) => [placeKey(name), code]),
);

/** Every two-letter code a licence or state ID may be issued by. */
export const JURISDICTION_CODES: readonly string[] = Object.keys(JURISDICTIONS);

/** The name of a licence's issuer ("CA" → "California"), or undefined for no such code. */
export const jurisdictionName = (code: string): string | undefined =>
  Object.hasOwn(JURISDICTIONS, code) ? JURISDICTIONS[code] : undefined;

/**
 * The two letters of a licence's issuer as typed: its code in any case ("ca", "CA"), or its name
 * ("California", "new york", "Québec"); undefined when it is neither.
 */
export function jurisdictionCode(text: string): string | undefined {
  const code = text.trim().toUpperCase();
  if (jurisdictionName(code) !== undefined) return code;
  return BY_NAME.get(placeKey(text));
}
