import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { Allowance, StoreRules } from '../../../shared/contracts/customers';
import { limitRefusal, type MeasuredLine } from '../logic/cart-allowance';
import { refusalWords } from '../../common/refusal';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

const CUSTOMERS = () => `/v2.0/dispensary/${DISPENSARY}/customers`;

/**
 * The store's state rules at the register (README "Customers"): which profile it enforces, the
 * allowance of the customer on the sale (read from the service when they join it), and the refusal
 * of a line that would go over, in words. It knows no cart: the cart store asks it about its lines
 * (what is left per group, whether an ID is missing, whether a line may go in).
 */
export const useSaleRulesStore = defineStore('sale-rules', () => {
  const rules = shallowRef<StoreRules['profile']>(null);
  const allowance = shallowRef<Allowance | null>(null);
  const refusal = ref('');
  const problem = ref('');

  // The service answers the whole profile it enforces (README "State profiles").
  const profile = computed(() => rules.value ?? undefined);

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

  /** Whether a cart of `lines` may hold `candidate` (a line set to, or added at, its quantity); says why not. */
  function allows(lines: readonly MeasuredLine[], candidate: MeasuredLine): boolean {
    const current = allowance.value;
    const why = current?.enforced ? limitRefusal(current, lines, candidate) : null;
    refusal.value = why ?? '';
    return why === null;
  }

  /** The sale ended or lost its customer. */
  function forget(): void {
    allowance.value = null;
    refusal.value = '';
    problem.value = '';
  }

  return { rules, allowance, refusal, problem, profile, load, follow, allows, forget };
});
