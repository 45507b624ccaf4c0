import { checkId, type IdCheck, type IsoDate, type StateProfile } from '../../../shared/compliance/index.js';
import type { Customer } from '../../../shared/contracts/customers.js';

/** What an ID check reads of a customer: their ID's dates, their type and recommendation. */
type CheckedFields = Pick<Customer, 'dateOfBirth' | 'idExpiry' | 'customerType'> & {
  medical: { expires: string } | null;
};

/** A customer's ID check for a sale on `today` under `profile` (their ID's dates, their type). */
export function idCheckOf(customer: CheckedFields, today: IsoDate, profile: StateProfile): IdCheck {
  return checkId({
    id: { dateOfBirth: customer.dateOfBirth, expiry: customer.idExpiry },
    customer:
      customer.customerType === 'medical' && customer.medical
        ? { type: 'medical', recommendation: { expires: customer.medical.expires } }
        : { type: 'adult_use' },
    today,
    profile,
  });
}
