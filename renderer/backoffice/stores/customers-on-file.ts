import type { Customer } from '../../../shared/contracts/customers';
import { DISPENSARY, useSessionStore } from './session';

const CUSTOMERS = `/v2.0/dispensary/${DISPENSARY}/customers`;

/**
 * The store's customer the service named as having what a new or changed customer was refused for
 * (their ID, phone or email: the refusal's `details.customerId`), for the customer form to offer
 * opening them; null when they cannot be read (the form still says whose it is, in words).
 */
export async function customerOnFile(id: string): Promise<Customer | null> {
  const { api } = useSessionStore();
  try {
    return (await api.get<{ customer: Customer }>(`${CUSTOMERS}/${encodeURIComponent(id)}`)).customer;
  } catch {
    return null;
  }
}
