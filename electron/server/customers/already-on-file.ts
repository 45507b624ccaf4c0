import { longDate } from '../../../shared/compliance/index.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { CustomerRow } from './customers-repository.js';

/**
 * The refusal of a second customer with an ID the store has on file (README "Customers"), about
 * the ID number, saying whose it is as staff know them: their name and date of birth, the way the
 * ID in hand is checked against them, and the ID as it is printed. Never the customer's internal
 * id: the back office finds the customer on file by the ID itself, to offer opening them.
 */
export function alreadyOnFile(existing: CustomerRow): ServicePayError {
  const name = [existing.first_name, existing.last_name].join(' ');
  const born = longDate(existing.date_of_birth);
  return new ServicePayError(
    'CONFLICT',
    `idNumber is on file already: ${name}, born ${born}, has ${existing.id_jurisdiction} ID ${existing.id_number}`,
    { field: 'idNumber' },
  );
}
