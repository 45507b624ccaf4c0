import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { StateProfile } from '../../../shared/compliance';
import type { CustomerOrders } from '../../../shared/contracts/customer-orders';
import type {
  Customer,
  CustomerList,
  NewCustomer,
  StoreRules,
  Verification,
} from '../../../shared/contracts/customers';
import { zonedDate } from '../../../shared/zoned-day';
import { LatestRead } from '../../common/latest-read';
import { serviceSaid } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import { useCustomerPointsStore } from './customer-points';
import { DISPENSARY, useSessionStore } from './session';

const CUSTOMERS = `/v2.0/dispensary/${DISPENSARY}/customers`;
const PAGE = 20;

/** What the right-hand side shows: nothing, one customer, one customer's form, or a new customer's form. */
export type CustomerPane = 'none' | 'view' | 'edit' | 'add';

/**
 * The back office's Customers (README "Customers"): found by name, phone or ID number page by page,
 * one opened with their ID check today and their orders, changed, or added by hand. A refused change
 * or addition throws the service's ApiError for the form to put in words (common/use-service-call.ts).
 */
export const useCustomersStore = defineStore('customers', () => {
  const query = ref('');
  const rows = ref<Customer[]>([]);
  const nextCursor = ref<string | null>(null);
  const loading = ref(false);
  const error = ref('');
  const pane = ref<CustomerPane>('none');
  const selected = shallowRef<Customer | null>(null);
  const verification = shallowRef<Verification | null>(null);
  const orders = shallowRef<CustomerOrders | null>(null);
  /** What the last save did, for a status line ('' when nothing was saved since opening). */
  const message = ref('');
  /** The state rules the store checks IDs by, whole, as the service sent them with the last ID check: its medical limit groups. */
  const profile = shallowRef<StateProfile | null>(null);
  /**
   * The state rules the store enforces at its sales, read with each ID check (`GET …/customers/rules`):
   * null when it enforces none, though the check still measures by California's (`profile`).
   */
  const enforced = shallowRef<StateProfile | null>(null);
  /** Why the open customer's check or orders could not be read ('' when they were). */
  const detailError = ref('');
  /** The store's time zone (the computer's until it is read) and its calendar day. */
  const timeZone = ref(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = ref(zonedDate(new Date(), timeZone.value));

  const words = (failure: unknown) => serviceSaid(failure, 'The service could not answer. Try again.');

  async function loadTimeZone(): Promise<void> {
    const { api } = useSessionStore();
    const store = await loadStoreInfo(api, DISPENSARY).catch(() => undefined);
    if (!store) return;
    timeZone.value = store.timeZone;
    today.value = zonedDate(new Date(), store.timeZone);
  }

  /** Only the last search's answer is shown (`search`). */
  const reads = new LatestRead();
  /** What the customers shown were found by: their next page is of that list (its cursor pages no other). */
  let listed = '';

  /**
   * The first page of customers matching what was typed (everyone, newest first, when blank), or the
   * next. An earlier search answering late (the list read as the tab opened, with a name typed and
   * found meanwhile) is dropped: it would put everyone back over the customers found.
   */
  async function search(more = false): Promise<void> {
    const { api } = useSessionStore();
    const cursor = more ? nextCursor.value : null;
    // The next page is of the list shown, whatever is typed since; a new search has none until it answers.
    const q = cursor ? listed : query.value.trim();
    if (!cursor) nextCursor.value = null;
    const params = new URLSearchParams({ limit: String(PAGE) });
    if (q) params.set('q', q);
    if (cursor) params.set('before', cursor);
    await reads.run(
      { loading, error },
      () => api.get<CustomerList>(`${CUSTOMERS}?${params}`),
      (page) => {
        rows.value = cursor ? [...rows.value, ...page.customers] : page.customers;
        nextCursor.value = page.nextCursor;
        listed = q;
      },
      words,
    );
  }

  /** Opens a customer: their record, their ID check today and their orders. */
  async function open(customer: Customer): Promise<void> {
    selected.value = customer;
    message.value = '';
    pane.value = 'view';
    await refreshDetail(customer.id);
  }

  async function refreshDetail(id: string): Promise<void> {
    const { api } = useSessionStore();
    verification.value = null;
    orders.value = null;
    detailError.value = '';
    try {
      const [check, rules, bought] = await Promise.all([
        api.get<Verification>(`${CUSTOMERS}/${id}/verification`),
        api.get<StoreRules>(`${CUSTOMERS}/rules`),
        api.get<CustomerOrders>(`${CUSTOMERS}/${id}/orders`),
      ]);
      if (selected.value?.id !== id) return;
      enforced.value = rules.profile;
      verification.value = check;
      profile.value = check.profile;
      orders.value = bought;
    } catch (failure) {
      detailError.value = words(failure);
    }
  }

  /** The next page of the open customer's orders. */
  async function moreOrders(): Promise<void> {
    const shown = orders.value;
    const customer = selected.value;
    if (!shown?.nextCursor || !customer) return;
    const { api } = useSessionStore();
    try {
      const page = await api.get<CustomerOrders>(
        `${CUSTOMERS}/${customer.id}/orders?before=${encodeURIComponent(shown.nextCursor)}`,
      );
      orders.value = { ...page, orders: [...shown.orders, ...page.orders] };
    } catch (failure) {
      detailError.value = words(failure);
    }
  }

  /** Saves the open customer's fields; the service's refusal is thrown. */
  async function update(fields: NewCustomer): Promise<Customer> {
    const customer = selected.value;
    if (!customer) throw new Error('No customer is open.');
    const { api } = useSessionStore();
    const { customer: saved } = await api.patch<{ customer: Customer }>(`${CUSTOMERS}/${customer.id}`, fields);
    rows.value = rows.value.map((row) => (row.id === saved.id ? saved : row));
    selected.value = saved;
    pane.value = 'view';
    message.value = `Saved ${saved.firstName} ${saved.lastName}.`;
    await refreshDetail(saved.id);
    return saved;
  }

  /** Adds a customer and opens them; the service's refusal is thrown. */
  async function add(fields: NewCustomer): Promise<Customer> {
    const { api } = useSessionStore();
    const { customer: added } = await api.post<{ customer: Customer }>(CUSTOMERS, fields);
    rows.value = [added, ...rows.value.filter((row) => row.id !== added.id)];
    await open(added);
    message.value = `Added ${added.firstName} ${added.lastName}.`;
    return added;
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    query.value = '';
    rows.value = [];
    nextCursor.value = null;
    listed = '';
    error.value = '';
    pane.value = 'none';
    selected.value = verification.value = orders.value = enforced.value = null;
    detailError.value = '';
    message.value = '';
    useCustomerPointsStore().reset();
  }

  return {
    query,
    rows,
    nextCursor,
    loading,
    error,
    pane,
    selected,
    verification,
    orders,
    detailError,
    message,
    profile,
    enforced,
    timeZone,
    today,
    loadTimeZone,
    search,
    open,
    moreOrders,
    update,
    add,
    reset,
  };
});
