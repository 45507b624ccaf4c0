import type { CustomerType, LimitGroup } from '../../../../shared/compliance';
import type { Customer, CustomerIdType, NewCustomer } from '../../../../shared/contracts/customers';
import { idIssuer } from '../../../../shared/customers/id-issuer';

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
  /** Group id → amount as typed: grams for a weight, a whole number for a count; '' keeps the state's. */
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

/** Why an own limit as typed cannot be sent, or '' (the service checks the rest). */
export function limitProblem(text: string, group: LimitGroup): string {
  const value = text.trim();
  if (value === '') return '';
  if (group.unit === 'count') return /^\d+$/.test(value) ? '' : `must be a whole number of ${group.name}`;
  return /^\d+(\.\d{1,3})?$/.test(value) ? '' : 'must be a number of grams, such as 226.796';
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
    const text = (draft.limits[group.id] ?? '').trim();
    if (text === '') continue;
    limits[group.id] = group.unit === 'count' ? Number(text) : Math.round(Number(text) * 1000);
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
