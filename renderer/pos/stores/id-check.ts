import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { Customer, Verification } from '../../../shared/contracts/customers';
import type { IdDocument } from '../../../shared/compliance/id-document';
import { refusalWords } from '../logic/use-service-call';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

const CUSTOMERS = () => `/v2.0/dispensary/${DISPENSARY}/customers`;

/** Where the ID check of a scanned licence stands. */
export type IdCheckStep = 'reading' | 'new' | 'checked' | 'failed';

/**
 * The ID check at the start of a sale (README "Customers"): a scanned licence or state ID is read by
 * the service, matched with the customer on file (or added as a new one) and checked for a sale
 * today under the store's state rules. Refusals are kept in words for the dialog.
 */
export const useIdCheckStore = defineStore('id-check', () => {
  const open = ref(false);
  const step = ref<IdCheckStep>('reading');
  const parsed = shallowRef<IdDocument | null>(null);
  const customer = shallowRef<Customer | null>(null);
  const verification = shallowRef<Verification['verification'] | null>(null);
  const problem = ref('');

  async function verify(found: Customer): Promise<void> {
    const { api } = useSessionStore();
    customer.value = found;
    verification.value = (await api.get<Verification>(`${CUSTOMERS()}/${found.id}/verification`)).verification;
    step.value = 'checked';
  }

  /** Reads a scanned ID: the customer on file is checked at once; a new one waits to be added. */
  async function scanned(text: string): Promise<void> {
    const { api } = useSessionStore();
    open.value = true;
    step.value = 'reading';
    parsed.value = customer.value = verification.value = null;
    problem.value = '';
    try {
      const read = await api.post<{ parsed: IdDocument; existing: Customer | null }>(`${CUSTOMERS()}/from-id`, {
        scanned: text,
      });
      parsed.value = read.parsed;
      if (read.existing) await verify(read.existing);
      else step.value = 'new';
    } catch (failure) {
      fail(failure, 'The ID could not be read');
    }
  }

  /** Adds the scanned person as an adult-use customer, then checks their ID. */
  async function add(): Promise<void> {
    const id = parsed.value;
    if (!id) return;
    const { api } = useSessionStore();
    try {
      const { customer: added } = await api.post<{ customer: Customer }>(CUSTOMERS(), {
        firstName: id.firstName,
        middleName: id.middleName ?? null,
        lastName: id.lastName,
        dateOfBirth: id.dateOfBirth,
        idType: id.documentType,
        idNumber: id.idNumber,
        idJurisdiction: id.jurisdiction,
        idExpiry: id.expiry,
        customerType: 'adult_use',
      });
      await verify(added);
    } catch (failure) {
      fail(failure, 'The customer could not be added');
    }
  }

  function fail(failure: unknown, fallback: string): void {
    problem.value = refusalWords(failure, fallback);
    step.value = 'failed';
  }

  /** Sells to the checked customer: their name on the sale. */
  function useForSale(): void {
    const checked = customer.value;
    if (!checked || !verification.value?.verified) return;
    const cart = useCartStore();
    cart.customer.firstName = checked.firstName;
    cart.customer.lastName = checked.lastName;
    if (checked.phone) cart.customer.phone = checked.phone;
    if (checked.email) cart.customer.email = checked.email;
    cart.changed();
    open.value = false;
  }

  function close(): void {
    open.value = false;
  }

  return { open, step, parsed, customer, verification, problem, scanned, add, useForSale, close };
});
