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
  /** The customer whose allowance is on the sale (null: none). */
  let following: string | null = null;

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

  /**
   * The live channel's `store.changed` (a manager may have chosen another state profile): the rules
   * are read again, and so is the allowance of the customer on the sale (it was counted under the old
   * profile), so the register applies the new rules without a reload. What it had stays if a read fails.
   */
  async function refresh(): Promise<void> {
    const { api } = useSessionStore();
    const customerId = following;
    const [read, counted] = await Promise.all([
      api.get<StoreRules>(`${CUSTOMERS()}/rules`).catch(() => undefined),
      customerId ? api.get<Allowance>(`${CUSTOMERS()}/${customerId}/allowance`).catch(() => undefined) : undefined,
    ]);
    if (read) rules.value = read.profile;
    // The sale may have ended or changed its customer meanwhile: only the one still on it is shown.
    if (counted && customerId === following) allowance.value = counted;
  }

  /** Reads what the customer on the sale may still buy today. */
  async function follow(customerId: string): Promise<void> {
    const { api } = useSessionStore();
    following = customerId;
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
    following = null;
    allowance.value = null;
    refusal.value = '';
    problem.value = '';
  }

  return { rules, allowance, refusal, problem, profile, load, refresh, follow, allows, forget };
});
