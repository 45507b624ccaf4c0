import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty';
import { refusalWords } from '../../common/refusal';
import { earnedOn, earnedWords } from '../logic/customer-points';
import { DISPENSARY, useCatalogStore } from './catalog';
import { useSessionStore } from './session';

const CUSTOMERS = () => `/v2.0/dispensary/${DISPENSARY}/customers`;

/**
 * The loyalty points of the customer on the sale (README "Loyalty"): read when they join it, again
 * whenever the reward dollars asked change (points given or spent elsewhere meanwhile: the balance
 * shown, and the display's, are the service's), and once the sale is paid to say what it earned. Whether the store runs a programme is what the
 * service last said (a customer's points, or a refusal of reward dollars with nobody named), else
 * what the store's information said when the register opened (`GET /v2.0/dispensary/<short>`).
 */
export const useCustomerPointsStore = defineStore('customer-points', () => {
  /** What the service last said of the programme: on (true), off (false), or nothing yet (null). */
  const said = ref<boolean | null>(null);
  /** The store's programme is on (true), off (false), or not known yet (null). */
  const programmeOn = computed(() => said.value ?? useCatalogStore().loyaltyOn);
  const loyalty = shallowRef<CustomerLoyalty | null>(null);
  const problem = ref('');
  /** "Maria earned 92 points · balance 1,512", once the sale is paid; '' before. */
  const earned = ref('');
  /**
   * The balance shown was read once the sale was paid: its reward dollars are off it already, so
   * the points they cost are no longer taken off what is shown.
   */
  const readAfterSale = ref(false);
  /** The points the paid sale earned, once read (null before, or for a sale without a programme's customer). */
  const earnedPoints = ref<number | null>(null);
  /** The read of the balance once the sale is paid, while it runs. */
  let reading: Promise<void> | null = null;
  let following = '';
  /** The reward dollars (cents) the balance shown was read with: read again when they change. */
  let readWith = 0;

  /** The points shown: only while the programme is on. */
  const shown = computed(() => (loyalty.value?.enabled ? loyalty.value : null));

  async function read(customerId: string, limit: number): Promise<CustomerLoyalty> {
    const { api } = useSessionStore();
    const answer = await api.get<{ loyalty: CustomerLoyalty }>(`${CUSTOMERS()}/${customerId}/loyalty?limit=${limit}`);
    said.value = answer.loyalty.enabled;
    return answer.loyalty;
  }

  /** Reads the points of the customer who joined the sale; answers whether they are shown. */
  async function follow(customerId: string): Promise<boolean> {
    following = customerId;
    reset();
    try {
      const current = await read(customerId, 1);
      if (following !== customerId) return false;
      loyalty.value = current;
      return current.enabled;
    } catch (failure) {
      if (following === customerId) problem.value = refusalWords(failure, "The customer's points could not be read");
      return false;
    }
  }

  /**
   * The sale's reward dollars are now `rewardCents` (the quote answered): the balance is read again
   * when they changed, so what they leave is said from what the service holds, not from the balance
   * read when the customer joined (a manager may have given points since). A read that fails keeps
   * the balance shown; the ticket is checked against the real one either way.
   */
  async function rewardAsked(rewardCents: number): Promise<void> {
    const customerId = following;
    if (rewardCents === readWith || !loyalty.value?.enabled || readAfterSale.value) return;
    readWith = rewardCents;
    try {
      const current = await read(customerId, 1);
      if (following === customerId && !readAfterSale.value) loyalty.value = current;
    } catch {
      // See above: the balance shown stays.
    }
  }

  /** After the sale `orderId` is paid: what it earned and the new balance, in words. */
  function afterSale(customerId: string, firstName: string, orderId: string): Promise<void> {
    if (!shown.value) return Promise.resolve();
    const run = readSold(customerId, firstName, orderId);
    reading = run;
    return run;
  }

  async function readSold(customerId: string, firstName: string, orderId: string): Promise<void> {
    try {
      const current = await read(customerId, 20);
      if (following !== customerId) return;
      loyalty.value = current;
      readAfterSale.value = true;
      earned.value = current.enabled ? earnedWords(firstName, current, orderId) : '';
      earnedPoints.value = current.enabled ? earnedOn(current, orderId) : null;
    } catch (failure) {
      problem.value = refusalWords(failure, "The customer's new balance could not be read");
    }
  }

  /**
   * An order handed over here (an online order, whose customer is not the cart's): what it earned,
   * said on the done screen and the display as after a sale. The cart's customer panel shows no one.
   */
  function afterHandOver(customerId: string, firstName: string, orderId: string): Promise<void> {
    reset();
    const mine = `hand-over:${orderId}`;
    following = mine;
    const run = (async () => {
      try {
        const current = await read(customerId, 20);
        // The next sale began meanwhile (New sale forgets it): nothing is said of this one.
        if (following !== mine || !current.enabled) return;
        earned.value = earnedWords(firstName, current, orderId);
        earnedPoints.value = earnedOn(current, orderId);
      } catch {
        // The order is handed over either way; its points are in the customer's history.
      }
    })();
    reading = run;
    return run;
  }

  /**
   * The balance of `customerId`, whom an order taken over here names (not the cart's customer: the
   * cart's panel shows no one), for the pole display's greeting; null while the store runs no
   * programme, or when it cannot be read (the display then greets without points).
   */
  async function balanceOf(customerId: string): Promise<number | null> {
    try {
      const current = await read(customerId, 1);
      return current.enabled ? current.points : null;
    } catch {
      return null;
    }
  }

  /** The points the paid sale earned, once the read of the new balance (`afterSale`) answers; null: none known. */
  async function earnedAfterSale(): Promise<number | null> {
    if (reading) await reading;
    return earnedPoints.value;
  }

  /** The service refused reward dollars with nobody named: the store runs a programme. */
  function programmeIsOn(): void {
    said.value = true;
  }

  /** The sale ended or lost its customer (what the store runs stays known). */
  function forget(): void {
    following = '';
    reset();
  }

  function reset(): void {
    loyalty.value = null;
    problem.value = '';
    earned.value = '';
    readAfterSale.value = false;
    earnedPoints.value = null;
    reading = null;
    readWith = 0;
  }

  return {
    programmeOn,
    loyalty,
    problem,
    earned,
    readAfterSale,
    earnedPoints,
    shown,
    follow,
    rewardAsked,
    afterSale,
    earnedAfterSale,
    balanceOf,
    afterHandOver,
    programmeIsOn,
    forget,
  };
});
