import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { ManagerApproval } from '../../../shared/contracts/cash';
import type { DisplayState } from '../../../shared/contracts/display';
import type { ManualDiscount } from '../../../shared/contracts/manual-discounts';
import type { Ticket, TicketCreateRequest, TicketQuote } from '../../../shared/contracts/ticket';
import { dollarsToCents } from '../../../shared/money';
import { serviceSaid } from '../../common/refusal';
import { liveAllowances, saleNeedsId } from '../logic/cart-allowance';
import { needsCustomer, orderRewardPoints, rewardRefusal } from '../logic/customer-points';
import type { CatalogProduct } from '../logic/catalog-product';
import { displayLines, saleTotals } from '../logic/sale-view';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { useManualDiscountsStore } from './manual-discounts';
import { useSaleDealsStore } from './sale-deals';
import { useSaleRulesStore } from './sale-rules';
import { terminal, useSessionStore } from './session';

/** One cart line: a product and its count (or its weight, for a weighed deli product). */
export interface CartLine {
  product: CatalogProduct;
  quantity: number;
}

/** The optional customer; passed to payments only when all four fields are filled (spec 2.6). */
export interface CartCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  /** The store's customer whose ID was checked at the register (README "Customers"), if any. */
  customerId?: string;
}

const emptyCustomer = (): CartCustomer => ({ firstName: '', lastName: '', phone: '', email: '' });
const QUOTE = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket/quote`;

/**
 * The sale being built. Totals always come from the service (`ticket/quote`), re-asked after every
 * change; a change made while a quote is in flight is quoted right after it, so the totals and the
 * pole display settle on the latest cart without flooding the service.
 */
export const useCartStore = defineStore('cart', () => {
  const lines = ref<CartLine[]>([]);
  const customer = ref<CartCustomer>(emptyCustomer());
  /** Reward dollars to spend (dollars, two decimals at most), null for none. */
  const rewardDollars = ref<number | null>(null);
  const quote = shallowRef<TicketQuote | null>(null);
  const quoting = ref(false);
  const error = ref('');
  /** The service's refusal of the reward dollars (a short balance), shown beside their field. */
  const rewardError = ref('');
  /** Set while the pole display is showing something else (payment, thanks): no mirroring then. */
  const mirrorPaused = ref(false);
  let dirty = false;
  let running: Promise<void> = Promise.resolve();

  const isEmpty = computed(() => lines.value.length === 0);
  const rewardCents = computed(() => dollarsToCents(rewardDollars.value ?? 0));
  const request = computed<TicketCreateRequest>(() => {
    const { promoCodes, dealIds } = useSaleDealsStore();
    const manualDiscounts = useManualDiscountsStore().given;
    return {
      type: 'PICKUP',
      items: lines.value.map((line) => ({ productId: line.product.productId, quantity: line.quantity })),
      ...(rewardCents.value ? { rewardDollars: rewardCents.value / 100 } : {}),
      ...(customer.value.customerId ? { customerId: customer.value.customerId } : {}),
      ...(promoCodes.length > 0 ? { promoCodes } : {}),
      ...(dealIds.length > 0 ? { dealIds } : {}),
      ...(manualDiscounts.length > 0 ? { manualDiscounts } : {}),
    };
  });
  /** The name the pole display greets: the first name only (others can read that screen). */
  const customerName = computed(() => customer.value.firstName.trim().split(/\s+/)[0] || null);
  /**
   * The points the sale's reward dollars cost (the quote says), while they are still on the balance
   * shown (0: none, or the balance was read again once the sale was paid).
   */
  const pointsOnSale = computed(() => {
    const points = useCustomerPointsStore();
    if (!points.shown || !customer.value.customerId || points.readAfterSale) return 0;
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
  const paymentCustomer = computed(() => {
    const fields = customer.value;
    const trimmed = {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      phone: fields.phone.trim(),
      email: fields.email.trim(),
    };
    return Object.values(trimmed).every(Boolean) ? trimmed : undefined;
  });

  /** Adds a product (a weighed one is set to its weight); false when the purchase limits refuse it. */
  function add(product: CatalogProduct, quantity = 1): boolean {
    const existing = lines.value.find((line) => line.product.productId === product.productId);
    const next = existing && !product.deli ? existing.quantity + quantity : quantity;
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
    const next = line.product.deli ? Math.round(quantity * 1000) / 1000 : Math.round(quantity);
    if (!useSaleRulesStore().allows(lines.value, { product: line.product, quantity: next })) return false;
    line.quantity = next;
    changed();
    return true;
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
    quote.value = null;
    error.value = '';
    rewardError.value = '';
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
    const held = new Map<string, number>();
    for (const item of order.items) held.set(item.productId, (held.get(item.productId) ?? 0) + item.quantity);
    // Lines of one product share what the order holds of it, in the cart's order.
    lines.value = lines.value.flatMap((line) => {
      const left = held.get(line.product.productId) ?? 0;
      const quantity = Math.min(line.quantity, left);
      held.set(line.product.productId, left - quantity);
      return quantity > 0 ? [{ ...line, quantity }] : [];
    });
    quote.value = { ...order, approvalNeeded: false, rewardPoints: orderRewardPoints(quote.value, order) };
  }

  /** Re-prices the cart (and mirrors it on the display) after any change. */
  function changed(): void {
    if (quoting.value) {
      dirty = true;
      return;
    }
    running = requote();
  }

  /** Resolves when no quote (and so no display update of the cart) is in flight. */
  async function settled(): Promise<void> {
    while (quoting.value || dirty) await running;
  }

  async function requote(): Promise<void> {
    const { api } = useSessionStore();
    if (rewardCents.value === undefined) {
      error.value = 'Reward dollars must be an amount with at most 2 decimals.';
      return;
    }
    quoting.value = true;
    dirty = false;
    try {
      if (lines.value.length === 0) {
        quote.value = null;
        error.value = rewardError.value = '';
        await mirror({ phase: 'idle' });
        return;
      }
      quote.value = await api.post<TicketQuote>(QUOTE, request.value);
      error.value = rewardError.value = '';
      const sale = quote.value;
      await mirror({
        phase: 'cart',
        lines: displayLines(sale),
        totals: saleTotals(sale),
        customerName: customerName.value,
        ...customerPoints.value,
      });
    } catch (failure) {
      refused(failure);
    } finally {
      quoting.value = false;
      if (dirty) running = requote();
    }
  }

  /**
   * The cart priced with `manualDiscounts` in place of the sale's (a discount being given): whether the
   * service takes it, and whether a manager must approve it; `approval`, the manager's PIN typed for
   * it, is checked by the service then. Throws the service's refusal.
   */
  async function priceWith(manualDiscounts: ManualDiscount[], approval?: ManagerApproval): Promise<TicketQuote> {
    const { api } = useSessionStore();
    return api.post<TicketQuote>(QUOTE, { ...request.value, manualDiscounts, ...(approval && { approval }) });
  }

  /** A refused quote: a refusal of the reward dollars goes beside their field, others below the totals. */
  function refused(failure: unknown): void {
    const reward = rewardRefusal(failure);
    rewardError.value = reward ?? '';
    error.value = reward ? '' : serviceSaid(failure, 'The totals could not be updated.');
    if (needsCustomer(failure)) useCustomerPointsStore().programmeIsOn();
  }

  async function mirror(state: DisplayState): Promise<void> {
    if (mirrorPaused.value) return;
    await setDisplay(state);
  }

  return {
    lines,
    customer,
    rewardDollars,
    quote,
    quoting,
    error,
    rewardError,
    mirrorPaused,
    isEmpty,
    request,
    customerName,
    pointsOnSale,
    customerPoints,
    allowanceLeft,
    idMissing,
    paymentCustomer,
    add,
    setQuantity,
    remove,
    clear,
    matchOrder,
    changed,
    settled,
    priceWith,
  };
});

/** The display's states in the order set (each sent once the one before was), and the last one set. */
let sending: Promise<void> = Promise.resolve();
let lastSet: DisplayState | null = null;
/** Telling the last thank-you what its sale earned, while that runs. */
let telling: Promise<void> = Promise.resolve();

function send(state: DisplayState): Promise<void> {
  const { api } = useSessionStore();
  sending = sending.then(async () => {
    try {
      await api.put(`/v2.0/dispensary/${DISPENSARY}/display/${terminal.terminalId}`, state);
    } catch {
      // The display reconnects and reads the latest state; the sale goes on without it.
    }
  });
  return sending;
}

/**
 * Sets what this terminal's pole display shows. A display that is off must not stop a sale. A
 * thank-you shows at once, and says what the sale earned ("You earned 42 points") once the
 * customer's new balance is read (customer-points), if it is still on the screen then.
 */
export async function setDisplay(state: DisplayState): Promise<void> {
  lastSet = state;
  const sent = send(state);
  if (state.phase === 'thanks') telling = tellEarned(state);
  await sent;
}

async function tellEarned(thanks: Extract<DisplayState, { phase: 'thanks' }>): Promise<void> {
  const points = await useCustomerPointsStore().earnedAfterSale();
  if (points === null || points <= 0 || lastSet !== thanks) return;
  const told = { ...thanks, pointsEarned: points };
  lastSet = told;
  await send(told);
}

/** Once every display state set so far is sent, the thank-you's points included (for tests). */
export async function displaySettled(): Promise<void> {
  await telling;
  await sending;
}
