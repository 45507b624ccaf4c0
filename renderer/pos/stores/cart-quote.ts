import { computed, ref, shallowRef, type Ref } from 'vue';
import type { ManagerApproval } from '../../../shared/contracts/cash';
import type { DisplayState } from '../../../shared/contracts/display';
import type { ManualDiscount } from '../../../shared/contracts/manual-discounts';
import type { TicketCreateRequest, TicketQuote } from '../../../shared/contracts/ticket';
import type { Cents } from '../../../shared/money';
import { asSentence, serviceSaid } from '../../common/refusal';
import type { CartLine } from '../logic/cart';
import { needsCustomer, rewardRefusal } from '../logic/customer-points';
import { displayLines, saleTotals } from '../logic/sale-view';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { setDisplay } from './pole-display';
import { useSessionStore } from './session';

const QUOTE = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket/quote`;

/** Said after the service's refusal of reward dollars: the totals shown, and charged, are without them. */
const REWARD_NOT_TAKEN = 'The total is without them.';
/** Said after any other refusal: the service priced nothing newer than the totals on screen. */
const TOTALS_NOT_CURRENT = 'The totals shown are from before this change.';

/** Whom the pole display greets beside the cart's lines: the first name, and the points. */
type CartGreeting = Omit<Extract<DisplayState, { phase: 'cart' }>, 'phase' | 'lines' | 'totals'>;

/** What the cart's quote reads of the cart. */
export interface QuotedCart {
  lines: Readonly<Ref<readonly CartLine[]>>;
  /** The reward dollars in cents; undefined when they are not an amount (no quote is asked then). */
  rewardCents: Readonly<Ref<Cents | undefined>>;
  /** The sale as the cashier asked for it, its reward dollars as typed. */
  asked: Readonly<Ref<TicketCreateRequest>>;
  greeting: () => CartGreeting;
}

/** The sale without its reward dollars. */
function withoutReward(sale: TicketCreateRequest): TicketCreateRequest {
  const { rewardDollars: _refused, ...rest } = sale;
  return rest;
}

/**
 * The cart's totals from the service (`ticket/quote`), re-asked after every change; a change made
 * while a quote is in flight is quoted right after it, so the totals and the pole display settle on
 * the latest cart without flooding the service. Part of the cart store (cart.ts).
 *
 * Both screens show only totals that will be charged: reward dollars the service refuses are said
 * beside their field and the sale is priced, and its ticket made, without them; any other refusal
 * leaves the last totals on the register, said to be from before the change, and takes the cart off
 * the pole display (its welcome shows) rather than leave another sale's figures or customer there.
 */
export function useCartQuote(cart: QuotedCart) {
  const quote = shallowRef<TicketQuote | null>(null);
  const quoting = ref(false);
  const error = ref('');
  /** The service's refusal of the reward dollars (a short balance), shown beside their field. */
  const rewardError = ref('');
  /** The reward dollars (cents) the last quote refused: the sale is priced and charged without them. */
  const rewardRefused = ref<Cents | null>(null);
  /** Set while the pole display is showing something else (payment, thanks): no mirroring then. */
  const mirrorPaused = ref(false);
  let dirty = false;
  let running: Promise<void> = Promise.resolve();

  /** The sale as it is priced and its ticket made: as asked, less reward dollars the service refused. */
  const request = computed(() => {
    const refused = rewardRefused.value !== null && rewardRefused.value === cart.rewardCents.value;
    return refused ? withoutReward(cart.asked.value) : cart.asked.value;
  });

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
    if (cart.rewardCents.value === undefined) {
      error.value = 'Reward dollars must be an amount with at most 2 decimals.';
      return;
    }
    quoting.value = true;
    dirty = false;
    try {
      if (cart.lines.value.length === 0) {
        forget();
        await mirror({ phase: 'idle' });
        return;
      }
      const sale = await priceAsked();
      await useCustomerPointsStore().rewardAsked(cart.rewardCents.value ?? 0);
      quote.value = sale;
      error.value = '';
      await mirror({ phase: 'cart', lines: displayLines(sale), totals: saleTotals(sale), ...cart.greeting() });
    } catch (failure) {
      error.value = `${asSentence(serviceSaid(failure, 'The totals could not be updated'))} ${TOTALS_NOT_CURRENT}`;
      await mirror({ phase: 'idle' });
    } finally {
      quoting.value = false;
      if (dirty) running = requote();
    }
  }

  /**
   * The sale priced as asked; when the service refuses its reward dollars (a short balance, nobody
   * named), why is said beside their field and the sale is priced without them (a smaller sale may
   * take them: they are asked again at the next change). Throws any other refusal.
   */
  async function priceAsked(): Promise<TicketQuote> {
    const { api } = useSessionStore();
    const asked = cart.asked.value;
    const cents = cart.rewardCents.value ?? 0;
    try {
      const sale = await api.post<TicketQuote>(QUOTE, asked);
      rewardError.value = '';
      rewardRefused.value = null;
      return sale;
    } catch (failure) {
      const reward = rewardRefusal(failure);
      if (!reward) {
        // Refused for something else: nothing is known of the reward dollars.
        rewardError.value = '';
        rewardRefused.value = null;
        throw failure;
      }
      if (needsCustomer(failure)) useCustomerPointsStore().programmeIsOn();
      rewardRefused.value = cents;
      rewardError.value = `${reward} ${REWARD_NOT_TAKEN}`;
      return api.post<TicketQuote>(QUOTE, withoutReward(asked));
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

  /** The sale is gone (emptied or cleared): nothing priced, nothing refused. */
  function forget(): void {
    quote.value = null;
    error.value = rewardError.value = '';
    rewardRefused.value = null;
  }

  async function mirror(state: DisplayState): Promise<void> {
    if (mirrorPaused.value) return;
    await setDisplay(state);
  }

  return { quote, quoting, error, rewardError, request, mirrorPaused, changed, settled, priceWith, forget };
}
