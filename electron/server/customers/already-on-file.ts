import { longDate } from '../../../shared/compliance/index.js';
import { shortName } from '../../../shared/customer-name.js';
import { phoneWords } from '../../../shared/customers/customer-keys.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { CustomerRow } from './customers-repository.js';

/**
 * The refusal of a second customer with an ID the store has on file (README "Customers"), about
 * the ID number, saying whose it is as staff know them: their name and date of birth, the way the
 * ID in hand is checked against them, and the ID as it is printed. Never the customer's internal
 * id in words: `details.customerId` names them for the back office (or a program) to open instead.
 */
export function alreadyOnFile(existing: CustomerRow): ServicePayError {
  const name = [existing.first_name, existing.last_name].join(' ');
  const born = longDate(existing.date_of_birth);
  return new ServicePayError(
    'CONFLICT',
    `idNumber is on file already: ${name}, born ${born}, has ${existing.id_jurisdiction} ID ${existing.id_number}`,
    { field: 'idNumber', details: { customerId: existing.id } },
  );
}

/**
 * The refusal of a customer whose phone or email another customer of the store has already: most
 * likely the same person, whose purchase limits and points would split between two profiles. Says
 * who has it by first name and last initial only ("Maria G."), as the pickup queue calls people:
 * whoever types a phone number learns no more of its holder than that; `details.customerId` names
 * them for the back office to open instead.
 */
export function contactOnFile(holder: CustomerRow, field: 'phone' | 'email'): ServicePayError {
  const who = shortName(holder.first_name, holder.last_name) ?? 'another customer';
  const theirs = field === 'phone' ? phoneWords(holder.phone ?? '') : holder.email;
  const other = field === 'phone' ? 'another number' : 'another address';
  return new ServicePayError(
    'CONFLICT',
    `${field} is on file already: ${who} has ${theirs} — open their profile instead, or use ${other}`,
    { field, details: { customerId: holder.id } },
  );
}
