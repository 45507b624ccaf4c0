import { ref, shallowRef, type Ref } from 'vue';
import type { ManagerApproval } from '../../../shared/contracts/cash';
import type { DisplayState } from '../../../shared/contracts/display';
import type { ManualDiscount } from '../../../shared/contracts/manual-discounts';
import type { TicketCreateRequest, TicketQuote } from '../../../shared/contracts/ticket';
import type { Cents } from '../../../shared/money';
import { serviceSaid } from '../../common/refusal';
import type { CartLine } from '../logic/cart';
import { needsCustomer, rewardRefusal } from '../logic/customer-points';
import { displayLines, saleTotals } from '../logic/sale-view';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { setDisplay } from './pole-display';
import { useSessionStore } from './session';

const QUOTE = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket/quote`;

/** Whom the pole display greets beside the cart's lines: the first name, and the points. */
type CartGreeting = Omit<Extract<DisplayState, { phase: 'cart' }>, 'phase' | 'lines' | 'totals'>;

/** What the cart's quote reads of the cart. */
export interface QuotedCart {
  lines: Readonly<Ref<readonly CartLine[]>>;
  /** The reward dollars in cents; undefined when they are not an amount (no quote is asked then). */
  rewardCents: Readonly<Ref<Cents | undefined>>;
  request: Readonly<Ref<TicketCreateRequest>>;
  greeting: () => CartGreeting;
}

/**
 * The cart's totals from the service (`ticket/quote`), re-asked after every change; a change made
 * while a quote is in flight is quoted right after it, so the totals and the pole display settle on
 * the latest cart without flooding the service. Part of the cart store (cart.ts).
 */
export function useCartQuote(cart: QuotedCart) {
  const quote = shallowRef<TicketQuote | null>(null);
  const quoting = ref(false);
  const error = ref('');
  /** The service's refusal of the reward dollars (a short balance), shown beside their field. */
  const rewardError = ref('');
  /** Set while the pole display is showing something else (payment, thanks): no mirroring then. */
  const mirrorPaused = ref(false);
  let dirty = false;
  let running: Promise<void> = Promise.resolve();

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
    if (cart.rewardCents.value === undefined) {
      error.value = 'Reward dollars must be an amount with at most 2 decimals.';
      return;
    }
    quoting.value = true;
    dirty = false;
    try {
      if (cart.lines.value.length === 0) {
        quote.value = null;
        error.value = rewardError.value = '';
        await mirror({ phase: 'idle' });
        return;
      }
      quote.value = await api.post<TicketQuote>(QUOTE, cart.request.value);
      error.value = rewardError.value = '';
      const sale = quote.value;
      await mirror({ phase: 'cart', lines: displayLines(sale), totals: saleTotals(sale), ...cart.greeting() });
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
    return api.post<TicketQuote>(QUOTE, { ...cart.request.value, manualDiscounts, ...(approval && { approval }) });
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

  return { quote, quoting, error, rewardError, mirrorPaused, changed, settled, priceWith };
}
