import type { CustomerType, LimitGroup } from '../../../../shared/compliance';
import type { Customer, CustomerIdType, NewCustomer } from '../../../../shared/contracts/customers';
import { idIssuer } from '../../../../shared/customers/id-issuer';
import { ungroup } from '../../../../shared/typed-number';

/** A customer's form as typed: every field a string, the recommendation's own limits by group. */
export interface CustomerDraft {
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  idType: CustomerIdType;
  idNumber: string;
  idJurisdiction: string;
  idExpiry: string;
  customerType: CustomerType;
  medicalNumber: string;
  medicalExpires: string;
  /** Group id → amount as typed: grams for a weight, a whole number for a count ("1,000" read); '' keeps the state's. */
  limits: Record<string, string>;
  phone: string;
  email: string;
  notes: string;
  /** The store counts them a veteran (deals for veterans). */
  veteran: boolean;
}

/**
 * The form of a customer on file, or of a new one; `groups` are the state's medical limit groups,
 * whose stored amounts (milligrams for a weight) the form shows in grams.
 */
export function draftOf(customer: Customer | null, groups: readonly LimitGroup[]): CustomerDraft {
  const stored = customer?.medical?.limits ?? {};
  const limits = Object.fromEntries(
    groups.map((group) => {
      const amount = stored[group.id];
      if (amount === undefined) return [group.id, ''];
      return [group.id, group.unit === 'count' ? String(amount) : String(amount / 1000)];
    }),
  );
  return {
    firstName: customer?.firstName ?? '',
    middleName: customer?.middleName ?? '',
    lastName: customer?.lastName ?? '',
    dateOfBirth: customer?.dateOfBirth ?? '',
    idType: customer?.idType ?? 'drivers_licence',
    idNumber: customer?.idNumber ?? '',
    idJurisdiction: customer?.idJurisdiction ?? '',
    idExpiry: customer?.idExpiry ?? '',
    customerType: customer?.customerType ?? 'adult_use',
    medicalNumber: customer?.medical?.number ?? '',
    medicalExpires: customer?.medical?.expires ?? '',
    limits,
    phone: customer?.phone ?? '',
    email: customer?.email ?? '',
    notes: customer?.notes ?? '',
    veteran: customer?.veteran ?? false,
  };
}

/**
 * An own limit as typed, in what the service keeps (milligrams, or a count): null when blank, or
 * why it cannot be sent, as the rest of a sentence after the field's name. Thousands commas are read
 * ("1,000"), any other comma is refused saying both readings (shared/typed-number.ts).
 */
export function limitAmount(text: string, group: LimitGroup): { amount: number | null } | { problem: string } {
  const read = ungroup(text);
  if (!read.ok) return { problem: `"${text.trim()}" ${read.why}` };
  const value = read.text;
  if (value === '') return { amount: null };
  if (group.unit === 'count') {
    return /^\d+$/.test(value) ? { amount: Number(value) } : { problem: `must be a whole number of ${group.name}` };
  }
  if (!/^\d+(\.\d{1,3})?$/.test(value)) return { problem: 'must be a number of grams, such as 226.796' };
  return { amount: Math.round(Number(value) * 1000) };
}

/** Why an own limit as typed cannot be sent, or '' (the service checks the rest). */
export function limitProblem(text: string, group: LimitGroup): string {
  const read = limitAmount(text, group);
  return 'problem' in read ? read.problem : '';
}

const optional = (text: string) => (text.trim() === '' ? null : text);

/** Who issued the ID as the service keeps it ("California" → "CA"), or as typed when it is no issuer. */
function issuerOf(draft: CustomerDraft): string {
  const issuer = idIssuer(draft.idType, draft.idJurisdiction);
  return issuer.ok ? issuer.code : draft.idJurisdiction;
}

/**
 * The fields to send: what was typed, optional ones null when blank, own limits in milligrams or a
 * count, the issuer by its code ("California" as CA: the service's field holds up to 10 characters).
 */
export function fieldsOf(draft: CustomerDraft, groups: readonly LimitGroup[]): NewCustomer {
  const limits: Record<string, number> = {};
  for (const group of groups) {
    // One refused is never sent (draftProblems says why): the form is not sent while it is.
    const read = limitAmount(draft.limits[group.id] ?? '', group);
    if ('amount' in read && read.amount !== null) limits[group.id] = read.amount;
  }
  const medical =
    draft.customerType === 'medical'
      ? {
          number: draft.medicalNumber,
          expires: draft.medicalExpires,
          limits: Object.keys(limits).length > 0 ? limits : null,
        }
      : null;
  return {
    firstName: draft.firstName,
    middleName: optional(draft.middleName),
    lastName: draft.lastName,
    dateOfBirth: draft.dateOfBirth,
    idType: draft.idType,
    idNumber: draft.idNumber,
    idJurisdiction: issuerOf(draft),
    idExpiry: draft.idExpiry,
    customerType: draft.customerType,
    medical,
    phone: optional(draft.phone),
    email: optional(draft.email),
    notes: optional(draft.notes),
    veteran: draft.veteran,
  };
}
