import type { Customer, CustomerList } from '../../../shared/contracts/customers';
import { idNumberKey } from '../../../shared/customers/customer-keys';
import { DISPENSARY, useSessionStore } from './session';

const CUSTOMERS = `/v2.0/dispensary/${DISPENSARY}/customers`;

/**
 * The store's customer with this ID (`idJurisdiction` as stored: "CA"), found by its number as the
 * search finds one, and matched on issuer and number as the service keeps one customer per ID; null
 * when none is (or the search could not answer: the form still says whose ID it is, in words). The
 * customer form offers to open them when the service refuses a second customer with their ID.
 */
export async function customerWithId(
  id: { idJurisdiction: string; idNumber: string },
  exceptId?: string,
): Promise<Customer | null> {
  const number = idNumberKey(id.idNumber);
  if (number === '') return null;
  const { api } = useSessionStore();
  const params = new URLSearchParams({ q: number, limit: '50' });
  try {
    const { customers } = await api.get<CustomerList>(`${CUSTOMERS}?${params}`);
    const holder = customers.find(
      (customer) =>
        customer.id !== exceptId &&
        customer.idNumber === number &&
        customer.idJurisdiction === id.idJurisdiction.trim().toUpperCase(),
    );
    return holder ?? null;
  } catch {
    return null;
  }
}
