import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { SaleDeal, SaleDeals } from '../../../shared/contracts/deals';
import { codeRefusal, normalCode } from '../logic/sale-deals';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

/**
 * The deals a sale asks for (README "Deals"): the promo codes the cashier typed and the deals the
 * cashier chose, sent with every quote and with the ticket; and the store's running deals, read
 * once a sale, for the cashier to choose from. It knows no cart: the cart reads `promoCodes` and
 * `dealIds` into its request, and whoever changes them asks the cart for a new quote.
 */
export const useSaleDealsStore = defineStore('sale-deals', () => {
  const promoCodes = ref<string[]>([]);
  const dealIds = ref<string[]>([]);
  const running = shallowRef<SaleDeal[]>([]);
  /** Why the last typed code was not added, in words (shown beside the field); empty when it was. */
  const codeError = ref('');

  /** The running deals the cashier may choose (trigger `cashier`). */
  const cashierDeals = computed(() => running.value.filter((deal) => deal.trigger === 'cashier'));
  /** The chosen deals, by name (a chosen deal that stopped running keeps its id as its name). */
  const chosen = computed(() =>
    dealIds.value.map((dealId) => running.value.find((deal) => deal.dealId === dealId) ?? { dealId, name: dealId }),
  );

  /** Reads the store's running deals (when a sale starts). The cashier's deals are then offered. */
  async function load(): Promise<void> {
    const { api } = useSessionStore();
    try {
      running.value = (await api.get<SaleDeals>(`/v2.0/dispensary/${DISPENSARY}/ecommerce/deals`)).deals;
    } catch {
      // Without the list the cashier cannot choose a deal; automatic deals and codes still apply.
      running.value = [];
    }
  }

  /** Adds a typed promo code; false (with `codeError` saying why) when it cannot be one. */
  function addCode(typed: string): boolean {
    const code = normalCode(typed);
    const refusal = codeRefusal(code, promoCodes.value);
    codeError.value = refusal ?? '';
    if (refusal) return false;
    promoCodes.value = [...promoCodes.value, code];
    return true;
  }

  function removeCode(code: string): void {
    promoCodes.value = promoCodes.value.filter((entry) => entry !== code);
  }

  /** Chooses one of the cashier's deals for the sale; false when it is on it already. */
  function choose(dealId: string): boolean {
    if (dealIds.value.includes(dealId)) return false;
    dealIds.value = [...dealIds.value, dealId];
    return true;
  }

  function drop(dealId: string): void {
    dealIds.value = dealIds.value.filter((entry) => entry !== dealId);
  }

  /** The sale ended: no code and no chosen deal carry over to the next. */
  function forget(): void {
    promoCodes.value = [];
    dealIds.value = [];
    codeError.value = '';
  }

  return {
    promoCodes,
    dealIds,
    running,
    codeError,
    cashierDeals,
    chosen,
    load,
    addCode,
    removeCode,
    choose,
    drop,
    forget,
  };
});
