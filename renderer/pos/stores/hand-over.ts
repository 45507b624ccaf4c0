import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { HandOverCheck, QueueOrder } from '../../../shared/contracts/pickup';
import type { Ticket } from '../../../shared/contracts/ticket';
import { asSentence, refusalWords } from '../../common/refusal';
import { idNeedOf, needsPayment, type IdNeed } from '../logic/hand-over';
import { useCartStore } from './cart';
import { useCheckoutStore, type CheckoutOwner } from './checkout';
import { useCustomerPointsStore } from './customer-points';
import { handOverEnd } from './hand-over-end';
import { handOverId } from './hand-over-id';
import { TICKETS } from './hand-over-state';
import { useIdCheckStore } from './id-check';
import { useOrderBalanceStore } from './order-balance';
import { usePickupStore } from './pickup';
import { useRegisterViewStore } from './register-view';
import { useSaleRulesStore } from './sale-rules';
import { useSessionStore } from './session';

/**
 * An online order handed over at the counter (README "Online orders"): found in the Online orders
 * tab, loaded into the checkout from its ticket (the cart of a sale in progress is never touched),
 * shown on the pole display as a sale's cart (its customer greeted with their points), its
 * customer's ID checked where the store's state rules want it (the ID must be the order's
 * customer: hand-over-id.ts), paid here or on the display unless its money is in, then moved to
 * COMPLETED by the service, which checks the purchase limits again (hand-over-end.ts, with the
 * order's moves elsewhere meanwhile). Back leaves the order as it is (on a register attached to a
 * store server, it is given back to the server, which lent it to this register).
 */
export const useHandOverStore = defineStore('hand-over', () => {
  const order = shallowRef<QueueOrder | null>(null);
  const need = shallowRef<IdNeed>({ kind: 'none' });
  /** The ID check passed for this order (or none is needed). */
  const idChecked = ref(false);
  /**
   * What the ID line adds to its words for an order opened again: who checked the ID and when (the
   * check stands), or why it is asked again; '' for a check made now, or none.
   */
  const idNote = ref('');
  /** The loyalty points of the order's customer, as the pole display greets them (null: none shown). */
  const points = ref<number | null>(null);
  /** Why an order could not be loaded, said in the tab. */
  const problem = ref('');
  const loading = ref(false);
  const checkout = useCheckoutStore();
  /** The hand-over is what the checkout shows. */
  const active = computed(() => checkout.owner !== null && order.value !== null);
  /** The order takes a payment at the counter (its money is not in). */
  const paying = computed(() => checkout.ticket !== null && needsPayment(checkout.ticket.paymentStatus));
  const state = { order, need, idChecked, idNote, active };
  const { idWords, recall, checkId, refusalFor, acceptChecked } = handOverId(state);
  const { complete, offerNothing, canceledElsewhere, paidElsewhere } = handOverEnd(state);

  const owner: CheckoutOwner = {
    kind: 'online',
    finish: complete,
    paidElsewhere,
    canceledElsewhere,
    leave: () => {
      const left = order.value;
      order.value = null;
      if (left) giveBack(left);
      useRegisterViewStore().show('pickup');
      void usePickupStore().reload();
    },
    get greeting() {
      return order.value?.customerName?.split(/\s+/)[0] ?? null;
    },
    get customerPoints() {
      return points.value;
    },
  };

  /**
   * Gives back an order taken over here whose money was not taken (the service keeps one paid
   * here lent until it is handed over). Nothing waits on it: a loan not given back ends by itself.
   */
  function giveBack(left: QueueOrder): void {
    const { api } = useSessionStore();
    api.post(`${TICKETS}/${left.orderId}/give-back`, {}).catch(() => undefined);
  }

  /**
   * Loads `chosen` into the checkout; refuses in words while a sale is in progress or the order
   * moved on. On a register attached to a store server, the server first lends the order to this
   * register alone (another register may be handing it over: said in its words); elsewhere the
   * service has nothing to lend and says so.
   */
  async function open(chosen: QueueOrder): Promise<boolean> {
    problem.value = '';
    // An attached register whose server does not answer cannot take the order over.
    const blocked = usePickupStore().handOverBlocked;
    if (blocked) {
      problem.value = `Order ${chosen.orderNumber} is not handed over here. ${blocked}`;
      return false;
    }
    if (!useCartStore().isEmpty || checkout.step !== 'cart') {
      problem.value = `Finish or clear the current sale first, then hand over order ${chosen.orderNumber}.`;
      return false;
    }
    const { api } = useSessionStore();
    loading.value = true;
    let lent = false;
    try {
      lent = (await api.post<{ lent: boolean }>(`${TICKETS}/${chosen.orderId}/lend`, {})).lent;
      const ticket = await api.get<Ticket>(`${TICKETS}/${chosen.orderId}`);
      if (ticket.fulfillmentStatus === 'COMPLETED' || ticket.fulfillmentStatus === 'CANCELED') {
        problem.value = `Order ${chosen.orderNumber} was ${ticket.fulfillmentStatus === 'COMPLETED' ? 'picked up' : 'canceled'} meanwhile.`;
        void usePickupStore().reload();
        return false;
      }
      order.value = chosen;
      points.value = null;
      need.value = idNeedOf(useSaleRulesStore().profile, ticket);
      // An ID checked here for it before stands, or is asked again with why (README "Handing over").
      recall(chosen);
      checkout.adopt(ticket, owner, 'review');
      // Part or all of it may be paid already (online, or cash then a card declined): the review says
      // what is left, and no change is handed here for what was paid before. Its customer's points
      // are read meanwhile, for the display.
      const [before, balance] = await Promise.all([
        useOrderBalanceStore().payments(ticket),
        ticket.customerId ? useCustomerPointsStore().balanceOf(ticket.customerId) : null,
      ]);
      checkout.earlier = new Set(before.map((payment) => payment.id));
      points.value = balance;
      // The customer follows the order on the display while the cashier reads it out, as a sale's cart.
      await checkout.showOrder();
      if (need.value.kind === 'refused') checkout.notice = need.value.why;
      else if (needsPayment(ticket.paymentStatus)) await mayHandOver(chosen);
      return true;
    } catch (failure) {
      problem.value = refusalWords(failure, `Order ${chosen.orderNumber} could not be read. Try again.`);
      if (lent) giveBack(chosen);
      return false;
    } finally {
      loading.value = false;
    }
  }

  /**
   * Asks the service whether the order may go to its customer now, before its money is taken (the
   * purchase limits with what they bought since ordering, the ID on file); a refusal is said and
   * stops the hand-over here. The move to COMPLETED checks the same again.
   */
  async function mayHandOver(current: QueueOrder): Promise<boolean> {
    const { api } = useSessionStore();
    try {
      const answer = await api.get<HandOverCheck>(`${TICKETS}/${current.orderId}/hand-over-check`);
      if (answer.allowed) return true;
      offerNothing(asSentence(answer.reason ?? `order ${current.orderNumber} cannot be handed over now`));
    } catch (failure) {
      checkout.notice = refusalWords(failure, `Order ${current.orderNumber} could not be checked. Try again.`);
    }
    return false;
  }

  /** The next step once the ID is checked: pay (`where`), or hand over an order whose money is in. */
  async function proceed(where: 'display' | 'pos'): Promise<void> {
    if (!idChecked.value) {
      if (need.value.kind === 'refused') return;
      checkout.notice = `Check the customer's ID before handing over order ${order.value?.orderNumber ?? ''}.`;
      return useIdCheckStore().start('find');
    }
    if (paying.value) {
      // Asked again just before the money is taken: the customer may have bought elsewhere meanwhile.
      if (order.value && !(await mayHandOver(order.value))) return;
      return checkout.payWhere(where);
    }
    checkout.busy = true;
    try {
      await checkout.confirm();
    } finally {
      checkout.busy = false;
    }
  }

  return {
    ...{ order, need, idChecked, idWords, problem, loading, active, paying },
    ...{ open, checkId, refusalFor, acceptChecked, proceed },
  };
});
