import { OPERATOR_WORDS } from '../../../shared/audit-words.js';
import type { CustomerType } from '../../../shared/compliance/index.js';
import type { Customer, CustomerIdType, NewCustomer } from '../../../shared/contracts/customers.js';
import type { CustomerRow } from './customers-repository.js';

/** The recommendation's own limits, as stored (JSON of group id → amount). */
const limitsOf = (row: CustomerRow): Record<string, number> | null =>
  row.medical_limits === null ? null : (JSON.parse(row.medical_limits) as Record<string, number>);

/**
 * Who added the customer, as people read it: the name kept when they were added (a staff member's
 * display name, a partner's name), or the operator at the command (kept as `operator`) as the audit
 * trail says it, "Operator (servicepay command)".
 */
const addedBy = (row: CustomerRow): string =>
  row.created_by_id === null && row.created_by_name === 'operator' ? OPERATOR_WORDS : row.created_by_name;

/** A stored customer as the API answers it. */
export function customerView(row: CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    idType: row.id_type as CustomerIdType,
    idNumber: row.id_number,
    idJurisdiction: row.id_jurisdiction,
    idExpiry: row.id_expiry,
    customerType: row.customer_type as CustomerType,
    medical:
      row.medical_number === null || row.medical_expiry === null
        ? null
        : { number: row.medical_number, expires: row.medical_expiry, limits: limitsOf(row) },
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    veteran: row.veteran === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: addedBy(row),
  };
}

/** A stored customer as the fields a change is laid over. */
export function customerFields(customer: Customer): NewCustomer {
  const { firstName, middleName, lastName, dateOfBirth, idType, idNumber, idJurisdiction, idExpiry } = customer;
  const { customerType, medical, phone, email, notes, veteran } = customer;
  return {
    firstName,
    middleName,
    lastName,
    dateOfBirth,
    idType,
    idNumber,
    idJurisdiction,
    idExpiry,
    customerType,
    medical,
    phone,
    email,
    notes,
    veteran,
  };
}
