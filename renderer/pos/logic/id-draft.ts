import type { IdDocument } from '../../../shared/compliance/id-document';
import type { Customer, NewCustomer } from '../../../shared/contracts/customers';
import { idIssuer } from '../../../shared/customers/id-issuer';

/** A new customer's ID, as scanned or typed: what adding them sends, but their type. */
export type IdDraft = Omit<NewCustomer, 'customerType' | 'medical'>;

export const draftOf = (id: IdDocument): IdDraft => ({
  firstName: id.firstName,
  middleName: id.middleName ?? null,
  lastName: id.lastName,
  dateOfBirth: id.dateOfBirth,
  idType: id.documentType,
  idNumber: id.idNumber,
  idJurisdiction: id.jurisdiction,
  idExpiry: id.expiry,
});

/** The issuer as stored: "California" and "ca" are CA (shared/customers/id-issuer.ts); else as typed, upper case. */
export const issuerCode = (draft: Pick<IdDraft, 'idType' | 'idJurisdiction'>): string => {
  const issuer = idIssuer(draft.idType, draft.idJurisdiction);
  return issuer.ok ? issuer.code : draft.idJurisdiction.trim().toUpperCase();
};

/** The same ID: same issuer, and the same number without spaces, dots and dashes. */
export const sameId = (customer: Customer, draft: IdDraft) =>
  customer.idJurisdiction === issuerCode(draft) &&
  customer.idNumber === draft.idNumber.replace(/[\s.-]/g, '').toUpperCase();
