import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import type { Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket';
import { dollarsToCents } from '../../../shared/money';
import { liveAllowances, saleNeedsId } from '../logic/cart-allowance';
import {
  emptyCustomer,
  lineQuantity,
  linesHeld,
  paymentCustomerOf,
  quantityRefusal,
  ticketRequest,
} from '../logic/cart';
import type { CartCustomer, CartLine } from '../logic/cart';
import { firstNameOf, orderRewardPoints } from '../logic/customer-points';
import type { CatalogProduct } from '../logic/catalog-product';
import { useCartQuote } from './cart-quote';
import { useCustomerPointsStore } from './customer-points';
import { useManualDiscountsStore } from './manual-discounts';
import { useSaleDealsStore } from './sale-deals';
import { useSaleRulesStore } from './sale-rules';

export type { CartCustomer, CartLine } from '../logic/cart';

/**
 * The sale being built. Totals always come from the service (`ticket/quote`), re-asked after every
 * change (cart-quote.ts).
 */
export const useCartStore = defineStore('cart', () => {
  const lines = ref<CartLine[]>([]);
  const customer = ref<CartCustomer>(emptyCustomer());
  /** Reward dollars to spend (dollars, two decimals at most), null for none. */
  const rewardDollars = ref<number | null>(null);

  const isEmpty = computed(() => lines.value.length === 0);
  const rewardCents = computed(() => dollarsToCents(rewardDollars.value ?? 0));
  /**
   * The reward dollars typed by hand, in cents: where the store runs no loyalty programme the manual
   * discounts' PIN policy counts them (README "Manual discounts"); 0 where a programme's points pay them.
   */
  const rewardByHand = computed(() => (useCustomerPointsStore().programmeOn === false ? (rewardCents.value ?? 0) : 0));
  /** The sale as asked; what is priced and charged is `request` (cart-quote.ts: less refused reward dollars). */
  const asked = computed<TicketCreateRequest>(() => {
    const { promoCodes, dealIds } = useSaleDealsStore();
    const manualDiscounts = useManualDiscountsStore().given;
    const { customerId } = customer.value;
    return ticketRequest({
      lines: lines.value,
      rewardCents: rewardCents.value,
      customerId,
      promoCodes,
      dealIds,
      manualDiscounts,
    });
  });
  // What the quote holds (the totals, refusals, the request priced) is the store's too.
  const { forget, ...priced } = useCartQuote({
    lines,
    rewardCents,
    asked,
    // Read at each quote: the greeting's computeds below need the quote.
    greeting: () => ({ customerName: customerName.value, ...customerPoints.value }),
  });
  const { quote, error, rewardError, request, changed, settled } = priced;
  // Reward dollars are the named customer's: they (and a refusal of them) go when another takes the
  // sale, at once (sync), as the ID check names the new customer and before it asks for a quote.
  watch(
    () => customer.value.customerId,
    (now, before) => {
      if (!before || now === before) return;
      rewardDollars.value = null;
      rewardError.value = '';
    },
    { flush: 'sync' },
  );
  /** The name the pole display greets: the first name only (others can read that screen). */
  const customerName = computed(() => firstNameOf(customer.value.firstName) || null);
  /**
   * The points the sale's reward dollars cost (the quote says), while they are still on the balance
   * shown (0: none on the sale, even before a quote says so, or the balance was read again once paid).
   */
  const pointsOnSale = computed(() => {
    const points = useCustomerPointsStore();
    if (!points.shown || !customer.value.customerId || points.readAfterSale) return 0;
    if (!request.value.rewardDollars) return 0;
    return quote.value?.rewardPoints ?? 0;
  });
  /**
   * The balance the pole display shows beside the first name while the programme is on, and what the
   * sale's reward dollars take of it (spread into its state).
   */
  const customerPoints = computed(() => {
    const shown = useCustomerPointsStore().shown;
    if (!shown || !customer.value.customerId) return {};
    return { customerPoints: shown.points, ...(pointsOnSale.value > 0 ? { pointsOnSale: pointsOnSale.value } : {}) };
  });
  /** What the customer on the sale has left today per limit group, with the cart's lines. */
  const allowanceLeft = computed(() => {
    const current = useSaleRulesStore().allowance;
    return current?.enforced ? liveAllowances(current, lines.value) : [];
  });
  /** The cart holds cannabis (or the state wants an ID for everything) and no checked customer is on it. */
  const idMissing = computed(() => {
    const { profile } = useSaleRulesStore();
    return profile !== undefined && !customer.value.customerId && saleNeedsId(profile, lines.value);
  });
  /** The customer for a payment event, when complete. */
  const paymentCustomer = computed(() => paymentCustomerOf(customer.value));

  /**
   * Adds a product: a unit, or a weight to what is on the sale of it already (a second bag weighed);
   * false when the purchase limits refuse it. A line's own keypad sets its quantity instead.
   */
  function add(product: CatalogProduct, quantity = 1): boolean {
    const existing = lines.value.find((line) => line.product.productId === product.productId);
    const next = existing ? lineQuantity(product, existing.quantity + quantity) : quantity;
    if (!useSaleRulesStore().allows(lines.value, { product, quantity: next })) return false;
    if (existing) existing.quantity = next;
    else lines.value.push({ product, quantity });
    changed();
    return true;
  }

  /** Sets a line's count (or weight); false when the purchase limits refuse it (the line keeps its value). */
  function setQuantity(productId: string, quantity: number): boolean {
    const line = lines.value.find((entry) => entry.product.productId === productId);
    if (!line || !(quantity > 0)) return false;
    const next = lineQuantity(line.product, quantity);
    if (!useSaleRulesStore().allows(lines.value, { product: line.product, quantity: next })) return false;
    line.quantity = next;
    changed();
    return true;
  }

  /**
   * Sets a line's count (or weight) on the keypad, answering why not in words when the purchase
   * limits or the service refuse it (more than in stock, as the quote says); the line then keeps
   * the value it had.
   */
  async function tryQuantity(productId: string, quantity: number): Promise<string | null> {
    const line = lines.value.find((entry) => entry.product.productId === productId);
    if (!line) return null;
    const before = { quantity: line.quantity, error: error.value };
    if (!setQuantity(productId, quantity)) return useSaleRulesStore().refusal || 'The purchase limits refuse it.';
    await settled();
    const why = quantityRefusal(line.product, quote.value, before.error === error.value ? '' : error.value);
    if (why) {
      line.quantity = before.quantity;
      changed();
    }
    return why;
  }

  function remove(productId: string): void {
    lines.value = lines.value.filter((line) => line.product.productId !== productId);
    // A discount off a line that is gone would be refused ("… is not on the ticket").
    useManualDiscountsStore().drop(productId);
    useSaleRulesStore().refusal = '';
    changed();
  }

  function clear(): void {
    lines.value = [];
    customer.value = emptyCustomer();
    rewardDollars.value = null;
    forget();
    useSaleRulesStore().forget();
    useSaleDealsStore().forget();
    useManualDiscountsStore().forget();
    useCustomerPointsStore().forget();
  }

  /**
   * The cart as the order made of it holds it (stock ran short meanwhile): each line takes the
   * order's quantity, a line it could not fill at all goes, and the totals are the order's. Not
   * quoted again: the order is what is being paid.
   */
  function matchOrder(order: Ticket): void {
    lines.value = linesHeld(lines.value, order);
    quote.value = { ...order, approvalNeeded: false, rewardPoints: orderRewardPoints(quote.value, order) };
  }

  return {
    ...priced,
    lines,
    customer,
    rewardDollars,
    rewardByHand,
    isEmpty,
    customerName,
    pointsOnSale,
    customerPoints,
    allowanceLeft,
    idMissing,
    paymentCustomer,
    add,
    setQuantity,
    tryQuantity,
    remove,
    clear,
    matchOrder,
  };
});
