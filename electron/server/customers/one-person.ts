import type { ServicePayError } from '../../../shared/errors.js';
import type { Queryable } from '../db/query.js';
import { alreadyOnFile, contactOnFile } from './already-on-file.js';
import type { CustomerColumns } from './customer-input.js';
import { emailKey } from './customer-keys.js';
import type { CustomerRow, CustomersRepository } from './customers-repository.js';

/**
 * One profile per person at a store (README "Customers"): the refusal of a customer whose ID number,
 * phone or email another customer of the store has already, or undefined when none has. The ID
 * first (the same ID is the same person, whatever else matches), then the phone, then the email.
 *
 * Run in the write transaction, after `lockStore`. A change is checked only for what it changes:
 * a store may hold customers who shared a phone or an email from before this rule, and each can
 * still be changed without giving theirs up.
 */
export async function duplicateOf(
  customers: CustomersRepository,
  tx: Queryable,
  dispensaryId: string,
  columns: CustomerColumns,
  stored?: CustomerRow,
): Promise<ServicePayError | undefined> {
  const self = stored?.id ?? '';
  const sameId = await customers.withDocument(tx, dispensaryId, columns.id_jurisdiction, columns.id_number);
  if (sameId && sameId.id !== self) return alreadyOnFile(sameId);
  if (columns.phone !== null && columns.phone !== stored?.phone) {
    const holder = await customers.withPhone(tx, dispensaryId, columns.phone, self);
    if (holder) return contactOnFile(holder, 'phone');
  }
  const email = columns.email === null ? null : emailKey(columns.email);
  if (email !== null && email !== (stored?.email == null ? null : emailKey(stored.email))) {
    const holder = await customers.withEmail(tx, dispensaryId, email, self);
    if (holder) return contactOnFile(holder, 'email');
  }
  return undefined;
}
