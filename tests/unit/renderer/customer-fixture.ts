import type { Customer } from '../../../shared/contracts/customers.js';

/** A customer as the service answers one: an adult with a California licence, added by a manager. */
export const customer = (id: string, firstName: string, lastName = 'Garcia'): Customer => ({
  id,
  firstName,
  middleName: null,
  lastName,
  dateOfBirth: '1990-01-15',
  idType: 'drivers_licence',
  idNumber: `D${id}`,
  idJurisdiction: 'CA',
  idExpiry: '2030-01-01',
  customerType: 'adult_use',
  medical: null,
  phone: null,
  email: null,
  notes: null,
  veteran: false,
  createdAt: '2026-12-01T18:00:00.000Z',
  updatedAt: '2026-12-01T18:00:00.000Z',
  createdBy: 'manager',
});
