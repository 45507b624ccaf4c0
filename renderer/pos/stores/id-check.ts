import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  Customer,
  CustomerList,
  MedicalRecommendationInput,
  NewCustomer,
  Verification,
} from '../../../shared/contracts/customers';
import type { IdProblem } from '../../../shared/compliance/id-check';
import type { IdDocument } from '../../../shared/compliance/id-document';
import { draftOf, sameId, type IdDraft } from '../logic/id-draft';
import { LatestRead } from '../../common/latest-read';
import { CUSTOMER_FIELD_LABELS } from '../../common/customer-fields';
import { refusalOf, refusalWords } from '../../common/refusal';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { useSaleRulesStore } from './sale-rules';
import { useSessionStore } from './session';

const CUSTOMERS = () => `/v2.0/dispensary/${DISPENSARY}/customers`;

/** What adding the person of `id` sends: adult-use, or medical with their recommendation. */
const newCustomer = (id: IdDraft, medical: MedicalRecommendationInput | null): NewCustomer => ({
  ...id,
  customerType: medical ? 'medical' : 'adult_use',
  medical,
});

/** The refusals a medical recommendation can lift: too young for adult-use, or a recommendation out of date. */
const MEDICAL_MAY_PASS: readonly IdProblem[] = ['under_age', 'recommendation_expired'];

/**
 * Where the ID check stands: finding a returning customer, typing an ID by hand, reading a scan, a
 * new person to add, a checked customer, or a refusal.
 */
export type IdCheckStep = 'find' | 'type' | 'reading' | 'new' | 'checked' | 'failed';

/**
 * The ID check at the start of a sale (README "Customers"): a scanned licence, an ID typed by hand,
 * or a returning customer found by name, phone or ID number is matched with the customer on file (or
 * added as a new one, adult-use or medical) and checked for a sale today under the store's state
 * rules; a checked customer goes on the sale. Refusals are kept in words for the dialog.
 */
export const useIdCheckStore = defineStore('id-check', () => {
  const open = ref(false);
  const step = ref<IdCheckStep>('find');
  const draft = shallowRef<IdDraft | null>(null);
  /** The ID last typed by hand, until it is checked: the form shows it again after a refusal. */
  const typedId = shallowRef<IdDraft | null>(null);
  const customer = shallowRef<Customer | null>(null);
  const verification = shallowRef<Verification['verification'] | null>(null);
  const found = shallowRef<Customer[]>([]);
  /** Only the last search's answer is shown (opening the dialog again drops those before). */
  const searches = new LatestRead();
  const problem = ref('');
  /**
   * The refused ID might pass checked as a medical patient: the only check worth offering again (as
   * adult-use it would be refused the same, and nothing is stored for a refused ID).
   */
  const medicalMayPass = computed(() =>
    (MEDICAL_MAY_PASS as readonly (string | undefined)[]).includes(verification.value?.problem),
  );

  function begin(next: IdCheckStep): void {
    open.value = true;
    step.value = next;
    draft.value = customer.value = verification.value = null;
    problem.value = '';
  }

  async function verify(person: Customer): Promise<void> {
    const { api } = useSessionStore();
    customer.value = person;
    verification.value = (await api.get<Verification>(`${CUSTOMERS()}/${person.id}/verification`)).verification;
    step.value = 'checked';
    typedId.value = null;
  }

  /** Opens the dialog on finding a returning customer (or typing an ID: `type`). */
  function start(how: 'find' | 'type' = 'find'): void {
    begin(how);
    searches.dropAll();
    found.value = [];
  }

  /**
   * The ID check of a person not on file, as adding them with `medical` would check them; nothing is
   * stored. Answers whether they may buy.
   */
  async function checkNew(id: IdDraft, medical: MedicalRecommendationInput | null): Promise<boolean> {
    const { api } = useSessionStore();
    const answer = await api.post<Verification>(`${CUSTOMERS()}/check`, newCustomer(id, medical));
    verification.value = answer.verification;
    return answer.verification.verified;
  }

  /**
   * A person not on file: the verdict (as adult-use) comes first, before anything is stored; then they
   * wait to be added, or to be checked again as a medical patient.
   */
  async function checkFirstTime(id: IdDraft): Promise<void> {
    await checkNew(id, null);
    step.value = 'new';
  }

  /** Reads a scanned ID: the customer on file is checked at once; a new one is checked, not stored. */
  async function scanned(text: string): Promise<void> {
    const { api } = useSessionStore();
    begin('reading');
    try {
      const read = await api.post<{ parsed: IdDocument; existing: Customer | null }>(`${CUSTOMERS()}/from-id`, {
        scanned: text,
      });
      const id = (draft.value = draftOf(read.parsed));
      if (read.existing) await verify(read.existing);
      else await checkFirstTime(id);
    } catch (failure) {
      fail(failure, 'The ID could not be read');
    }
  }

  /** An ID typed by hand: the customer on file with it is checked at once; a new one is checked, not stored. */
  async function typed(id: IdDraft): Promise<void> {
    const { api } = useSessionStore();
    begin('reading');
    draft.value = typedId.value = id;
    try {
      const query = new URLSearchParams({ q: id.idNumber, limit: '50' });
      const { customers } = await api.get<CustomerList>(`${CUSTOMERS()}?${query}`);
      const onFile = customers.find((candidate) => sameId(candidate, id));
      if (onFile) await verify(onFile);
      else await checkFirstTime(id);
    } catch (failure) {
      fail(failure, 'The ID could not be looked up');
    }
  }

  /**
   * Finds returning customers by name, phone or ID number. Searched as the cashier types: an earlier
   * search answering late ("gar" after "garcia") is dropped, never shown over the last one's.
   */
  async function search(q: string): Promise<void> {
    const { api } = useSessionStore();
    const last = searches.begin();
    problem.value = '';
    try {
      const query = new URLSearchParams({ q: q.trim(), limit: '8' });
      const { customers } = await api.get<CustomerList>(`${CUSTOMERS()}?${query}`);
      if (last()) found.value = customers;
    } catch (failure) {
      if (!last()) return;
      found.value = [];
      problem.value = refusalWords(failure, 'The customers could not be searched');
    }
  }

  /** A returning customer picked from the search: their ID is checked for today. */
  async function pick(person: Customer): Promise<void> {
    begin('reading');
    try {
      await verify(person);
    } catch (failure) {
      fail(failure, "The customer's ID could not be checked");
    }
  }

  /**
   * Adds the scanned or typed person (a medical patient with their recommendation) once their ID
   * passes the check as that; a refused one is not stored and the verdict says why.
   */
  async function add(medical: MedicalRecommendationInput | null): Promise<void> {
    const id = draft.value;
    if (!id) return;
    const { api } = useSessionStore();
    try {
      if (!(await checkNew(id, medical))) return;
      const { customer: added } = await api.post<{ customer: Customer }>(CUSTOMERS(), newCustomer(id, medical));
      await verify(added);
    } catch (failure) {
      fail(failure, 'The customer could not be added');
    }
  }

  /** Marks the checked customer as a medical patient with their recommendation, and checks again. */
  async function makeMedical(medical: MedicalRecommendationInput): Promise<void> {
    const person = customer.value;
    if (!person) return;
    const { api } = useSessionStore();
    try {
      const body = { customerType: 'medical', medical };
      const { customer: changed } = await api.patch<{ customer: Customer }>(`${CUSTOMERS()}/${person.id}`, body);
      await verify(changed);
    } catch (failure) {
      fail(failure, 'The customer could not be changed');
    }
  }

  /** A refusal in the cashier's words: a field named as the ID form labels it ("ID number must…"). */
  function fail(failure: unknown, fallback: string): void {
    problem.value = refusalOf(failure, CUSTOMER_FIELD_LABELS, fallback).sentence;
    step.value = 'failed';
  }

  /**
   * Sells to the checked customer: their name on the sale, and their allowance beside the cart.
   * Answers whether they went on it (checkout's `sellToChecked` then clears its notice).
   */
  function useForSale(): boolean {
    const checked = customer.value;
    if (!checked || !verification.value?.verified) return false;
    const cart = useCartStore();
    cart.customer.customerId = checked.id;
    cart.customer.firstName = checked.firstName;
    cart.customer.lastName = checked.lastName;
    if (checked.phone) cart.customer.phone = checked.phone;
    if (checked.email) cart.customer.email = checked.email;
    cart.changed();
    void useSaleRulesStore().follow(checked.id);
    // Their points reach the pole display with the next quote.
    void useCustomerPointsStore()
      .follow(checked.id)
      .then((shown) => shown && cart.changed());
    open.value = false;
    return true;
  }

  function close(): void {
    open.value = false;
  }

  return {
    open,
    step,
    draft,
    typedId,
    customer,
    verification,
    found,
    problem,
    medicalMayPass,
    start,
    scanned,
    typed,
    search,
    pick,
    add,
    makeMedical,
    useForSale,
    close,
  };
});
