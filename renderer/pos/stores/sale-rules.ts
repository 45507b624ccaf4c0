import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Allowance, StoreRules } from '../../../shared/contracts/customers';
import { liveAllowances, limitRefusal, saleNeedsId, type MeasuredLine } from '../logic/cart-allowance';
import { refusalWords } from '../logic/use-service-call';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

const CUSTOMERS = () => `/v2.0/dispensary/${DISPENSARY}/customers`;

/**
 * The store's state rules at the register (README "Customers"): which profile it enforces, the
 * allowance of the customer on the sale (read from the service when they join it), the remaining
 * allowance per group as the cart changes, and the refusal of a line that would go over, in words.
 */
export const useSaleRulesStore = defineStore('sale-rules', () => {
  const rules = shallowRef<StoreRules['profile']>(null);
  const allowance = shallowRef<Allowance | null>(null);
  const refusal = ref('');
  const problem = ref('');

  // The service answers the whole profile it enforces (README "State profiles").
  const profile = computed(() => rules.value ?? undefined);
  /** The remaining allowance per group with the cart's lines, when a customer is on the sale. */
  const groups = computed(() => {
    const current = allowance.value;
    return current?.enforced ? liveAllowances(current, useCartStore().lines) : [];
  });
  /** The cart holds cannabis (or the state wants an ID for everything) and no checked customer is on it. */
  const idMissing = computed(() => {
    const cart = useCartStore();
    return profile.value !== undefined && !cart.customer.customerId && saleNeedsId(profile.value, cart.lines);
  });

  /** Reads which rules the store enforces (at sign-in). */
  async function load(): Promise<void> {
    const { api } = useSessionStore();
    try {
      rules.value = (await api.get<StoreRules>(`${CUSTOMERS()}/rules`)).profile;
    } catch {
      // The service still enforces its rules at ticket creation; the register only warns earlier.
      rules.value = null;
    }
  }

  /** Reads what the customer on the sale may still buy today. */
  async function follow(customerId: string): Promise<void> {
    const { api } = useSessionStore();
    allowance.value = null;
    problem.value = '';
    try {
      allowance.value = await api.get<Allowance>(`${CUSTOMERS()}/${customerId}/allowance`);
    } catch (failure) {
      problem.value = refusalWords(failure, "The customer's allowance could not be read");
    }
  }

  /** Whether the cart may hold `candidate` (a line set to, or added at, its quantity); says why not. */
  function allows(candidate: MeasuredLine): boolean {
    const current = allowance.value;
    const cart = useCartStore();
    const why = current?.enforced ? limitRefusal(current, cart.lines, candidate) : null;
    refusal.value = why ?? '';
    return why === null;
  }

  /** The sale ended or lost its customer. */
  function forget(): void {
    allowance.value = null;
    refusal.value = '';
    problem.value = '';
  }

  return { rules, allowance, refusal, problem, profile, groups, idMissing, load, follow, allows, forget };
});
