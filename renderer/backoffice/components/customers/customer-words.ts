import { ageOn, CUSTOMER_TYPE_LABELS, longDate, type IsoDate, type LimitGroup } from '../../../../shared/compliance';
import { CUSTOMER_ID_LABELS, type Customer } from '../../../../shared/contracts/customers';
import { phoneWords as storedPhoneWords } from '../../../../shared/customers/customer-keys';
import { issuerName } from '../../../../shared/customers/id-issuer';

/** A customer's record in the back office's words: names, dates, IDs, phone numbers. */

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Maria Elena Garcia". */
export const fullName = (customer: Pick<Customer, 'firstName' | 'middleName' | 'lastName'>) =>
  [customer.firstName, customer.middleName, customer.lastName].filter(Boolean).join(' ');

/** "Adult-use", "Medical". */
export const customerTypeWords = (customer: Pick<Customer, 'customerType'>) =>
  capital(CUSTOMER_TYPE_LABELS[customer.customerType]);

/** "Driver's licence", "Passport". */
export const idTypeWords = (customer: Pick<Customer, 'idType'>) => capital(CUSTOMER_ID_LABELS[customer.idType]);

/** "CA ···4567": who issued it and its last four characters, as a list shows it. */
export const idTail = (customer: Pick<Customer, 'idJurisdiction' | 'idNumber'>) =>
  `${customer.idJurisdiction} ···${customer.idNumber.slice(-4)}`;

/** "California", "Mexico": who issued the ID, by name (the code as stored when it names no one known). */
export const issuerWords = (customer: Pick<Customer, 'idJurisdiction'>) => issuerName(customer.idJurisdiction);

/** "Jan 15, 1990": a calendar date as a list shows it (never shifted by a zone: it is no instant). */
export function shortDate(date: IsoDate): string {
  const [, month, day, year] = /^(\w+) (\d+), (\d+)$/.exec(longDate(date)) ?? [];
  return month === undefined ? date : `${month.slice(0, 3)} ${day}, ${year}`;
}

/** "January 15, 1990 (36)" (or short, "Jan 15, 1990 (36)"): the date of birth and the age on the store's today. */
export const bornWords = (dateOfBirth: IsoDate, today: IsoDate, short = false) =>
  `${short ? shortDate(dateOfBirth) : longDate(dateOfBirth)} (${ageOn(dateOfBirth, today)})`;

/** True when the last valid day is before the store's today (an ID is good through its expiry). */
export const isExpired = (lastDay: IsoDate, today: IsoDate) => lastDay < today;

/** "June 14, 2030", or "Expired June 14, 2026" (short: "Jun 14, 2030"). */
export function expiryWords(lastDay: IsoDate, today: IsoDate, short = false): string {
  const date = short ? shortDate(lastDay) : longDate(lastDay);
  return isExpired(lastDay, today) ? `Expired ${date}` : date;
}

/** "(916) 555-0134" for a North American number; an international one as stored ("+442071234567"); '' for none. */
export const phoneWords = (phone: string | null): string => (phone === null ? '' : storedPhoneWords(phone));

/** "28.5 g" or "12": an amount of a limit group in its unit (milligrams shown as grams). */
export const amountWords = (amount: number, unit: string) => (unit === 'count' ? String(amount) : `${amount / 1000} g`);

/** The state's medical limit groups as the form labels them: "medical.limits.medicinal_cannabis" → "Own limit of medicinal cannabis". */
export const limitLabels = (groups: readonly LimitGroup[]): Record<string, string> =>
  Object.fromEntries(groups.map((group) => [`medical.limits.${group.id}`, `Own limit of ${group.name}`]));
