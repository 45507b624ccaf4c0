import { CUSTOMER_ID_LABELS, type CustomerIdType } from '../contracts/customers.js';
import { countryCode, countryName } from './id-countries.js';
import { jurisdictionCode, jurisdictionName } from './id-jurisdictions.js';

/**
 * Who issued a customer's ID, by its type (README "Customers"): a driver's licence or a state ID
 * by a state, territory or province, as its two letters ("CA"); a passport or a military ID by a
 * country, as its three ("USA"). A name is taken for its code ("California" → CA, "Mexico" → MEX);
 * anything else is refused in words saying what is accepted, never cut or guessed at.
 */

/** An ID's issuer as stored, or why what was typed is not one (the rule, after the field's name). */
export type IssuerResult = { ok: true; code: string } | { ok: false; rule: string };

/** Whether an ID of this type is issued by a country (three letters) rather than a state (two). */
export const byCountry = (idType: CustomerIdType): boolean => idType === 'passport' || idType === 'military_id';

/** Who issues an ID of this type, and how to type it, as the refusal says it. */
function issuedBy(idType: CustomerIdType): { who: string; how: string } {
  const document = CUSTOMER_ID_LABELS[idType];
  return byCountry(idType)
    ? { who: `the country that issued the ${document}`, how: 'type its three letters, such as USA or MEX, or its name' }
    : {
        who: `the state or province that issued the ${document}`,
        how: 'type its two letters, such as CA, or its name',
      };
}

/** The issuer of an ID of `idType` as typed ("ca", "California", "usa"), or why it is none. */
export function idIssuer(idType: CustomerIdType, text: string): IssuerResult {
  const typed = text.trim();
  const code = byCountry(idType) ? countryCode(typed) : jurisdictionCode(typed);
  if (code !== undefined) return { ok: true, code };
  const { who, how } = issuedBy(idType);
  return { ok: false, rule: typed === '' ? `must be ${who}: ${how}` : `must be ${who}, not "${typed}": ${how}` };
}

/** The issuer's name for people ("CA" → "California", "MEX" → "Mexico"), or the code as stored. */
export function issuerName(code: string): string {
  return jurisdictionName(code) ?? countryName(code) ?? code;
}

/** The form's hint for who issued an ID of this type: "The state or province: CA or California." */
export const issuerHint = (idType: CustomerIdType): string =>
  byCountry(idType) ? 'The country: USA or United States, MEX or Mexico.' : 'The state or province: CA or California.';
