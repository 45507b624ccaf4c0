import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { OrderUpdatePayment } from '../../../shared/contracts/live';
import type { HandOverCheck, QueueOrder } from '../../../shared/contracts/pickup';
import type { Ticket } from '../../../shared/contracts/ticket';
import { asSentence, refusalWords } from '../../common/refusal';
import { idLineWords, idMatchRefusal, idNeedOf, needsPayment, stagesBefore, type IdNeed } from '../logic/hand-over';
import { keepIdCheck, loadIdChecks, recalledIdCheck } from '../logic/kept-id-check';
import { paidBy, paidElsewhereWords } from '../logic/paid-elsewhere';
import { useCartStore } from './cart';
import { setDisplay } from './pole-display';
import { DISPENSARY, useCatalogStore } from './catalog';
import { useCheckoutStore, type CheckoutOwner } from './checkout';
import { useCustomerPointsStore } from './customer-points';
import { useIdCheckStore } from './id-check';
import { useOrderBalanceStore } from './order-balance';
import { usePickupStore } from './pickup';
import { useRegisterViewStore } from './register-view';
import { useSaleRulesStore } from './sale-rules';
import { terminal, useSessionStore } from './session';

const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/**
 * An online order handed over at the counter (README "Online orders"): found in the Online orders
 * tab, loaded into the checkout from its ticket (the cart of a sale in progress is never touched),
 * shown on the pole display as a sale's cart (its customer greeted with their points), its
 * customer's ID checked where the store's state rules want it (the ID must be the order's
 * customer), paid here or on the display unless its money is in, then moved to COMPLETED by the
 * service, which checks the purchase limits again. Back leaves the order as it is (on a register
 * attached to a store server, it is given back to the server, which lent it to this register).
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
  /** The ID line of the review: "ID check needed: the order is for Ada L.", or that it passed. */
  const idWords = computed(() => {
    if (idChecked.value && idNote.value) return idNote.value;
    const words = idLineWords(idChecked.value, order.value?.customerName ?? null);
    return idNote.value ? `${words} ${idNote.value}` : words;
  });
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
      idChecked.value = need.value.kind === 'none';
      idNote.value = '';
      if (need.value.kind === 'customer') {
        // An ID checked here for it before stands, or is asked again with why (README "Handing over").
        const kept = loadIdChecks(terminal.terminalId, new Date())[chosen.orderId];
        const recalled = recalledIdCheck(kept, need.value.customerId, useCatalogStore().timeZone, new Date());
        idChecked.value = recalled.checked;
        idNote.value = recalled.note;
      }
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
      const why = asSentence(answer.reason ?? `order ${current.orderNumber} cannot be handed over now`);
      need.value = { kind: 'refused', why };
      idChecked.value = false;
      idNote.value = '';
      checkout.notice = why;
    } catch (failure) {
      checkout.notice = refusalWords(failure, `Order ${current.orderNumber} could not be checked. Try again.`);
    }
    return false;
  }

  /** Opens the ID check for the order's customer. */
  function checkId(): void {
    checkout.notice = '';
    useIdCheckStore().start('find');
  }

  /** Why the customer `customerId` (named `name`) may not take the order being handed over (null: they may). */
  function refusalFor(customerId: string, name: string): string | null {
    const current = order.value;
    if (!active.value || !current) return null;
    const refusal = idMatchRefusal(need.value, customerId, current.orderNumber, current.customerName, name);
    return refusal && need.value.kind === 'customer'
      ? `${refusal} Find the order's customer to hand it over.`
      : refusal;
  }

  /** The ID check passed for a customer: they take the order only if it names them. */
  function acceptChecked(): void {
    const idCheck = useIdCheckStore();
    const checked = idCheck.customer;
    const current = order.value;
    if (!checked || !idCheck.verification?.verified || !current) return;
    const refusal = idMatchRefusal(need.value, checked.id, current.orderNumber, current.customerName);
    idCheck.close();
    idChecked.value = refusal === null;
    idNote.value = '';
    checkout.notice = refusal ?? '';
    if (refusal !== null) return;
    const checkedBy = useSessionStore().user?.displayName ?? 'a cashier';
    const check = { customerId: checked.id, checkedBy, checkedAt: new Date().toISOString() };
    keepIdCheck(terminal.terminalId, current.orderId, check, new Date());
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

  /**
   * Hands the settled order over: an order not packed yet is picked and packed here first, then
   * COMPLETED (the stock leaves the shelf). A refusal is said in the service's words and changes
   * nothing here; the queue is read again either way.
   */
  async function complete(settled: Ticket): Promise<Ticket | null> {
    const { api } = useSessionStore();
    const path = `${TICKETS}/${settled.orderId}/status`;
    try {
      for (const status of stagesBefore(settled.fulfillmentStatus)) await api.post<Ticket>(path, { status });
      const completed = await api.post<Ticket>(path, { status: 'COMPLETED' });
      keepIdCheck(terminal.terminalId, settled.orderId, null, new Date());
      return completed;
    } catch (failure) {
      checkout.notice = refusalWords(failure, `Order ${settled.orderNumber} could not be handed over. Try again.`);
      checkout.step = 'review';
      await movedOnElsewhere(settled);
      return null;
    } finally {
      void usePickupStore().reload();
    }
  }

  /**
   * Nothing is offered here but going back, for `why` (said as the notice): no hand-over, no payment.
   * A cancel's or another register's news ends the payment here (leaving the counter's step cancels
   * its widget's; the display goes idle).
   */
  function offerNothing(why: string): void {
    checkout.notice = why;
    need.value = { kind: 'refused', why };
    idChecked.value = false;
    idNote.value = '';
  }

  /**
   * Leaves the payment being taken here (if one is) for the review: the display's payment, or the
   * order shown on it, goes at once (idle).
   */
  async function stopPaying(): Promise<void> {
    checkout.step = 'review';
    await setDisplay({ phase: 'idle' });
  }

  /** The order as the service has it now; the one shown when it cannot be read (read again when opened again). */
  const readAgain = (orderId: string) =>
    useSessionStore()
      .api.get<Ticket>(`${TICKETS}/${orderId}`)
      .catch(() => checkout.ticket);

  /**
   * A hand-over refused because the order moved on meanwhile (another register handed it over, or
   * it was canceled): the register says so and offers only going back, never Hand over again.
   */
  async function movedOnElsewhere(settled: Ticket): Promise<void> {
    const now = await readAgain(settled.orderId);
    if (now?.orderId !== settled.orderId) return;
    if (now.fulfillmentStatus !== 'COMPLETED' && now.fulfillmentStatus !== 'CANCELED') return;
    const what = now.fulfillmentStatus === 'COMPLETED' ? 'was picked up at another register' : 'was canceled';
    checkout.ticket = now;
    offerNothing(`Order ${settled.orderNumber} ${what} meanwhile: nothing is left to do here.`);
  }

  /** The order was canceled while it was paid or reviewed here: only going back is offered. */
  async function canceledElsewhere(): Promise<void> {
    const current = order.value;
    if (!current) return;
    offerNothing(
      `Order ${current.orderNumber} was canceled meanwhile: it takes no payment, and nothing is left to do here.`,
    );
    await stopPaying();
    checkout.ticket = await readAgain(current.orderId);
  }

  /**
   * Another payment settled the order while it was paid or reviewed here: the payment here stops,
   * the order is read again, and the register says who paid. Paid at another register, that
   * register hands it over: nothing is offered here but going back. Paid online, it may be handed
   * over here.
   */
  async function paidElsewhere(payment: OrderUpdatePayment): Promise<void> {
    const current = order.value;
    if (!current) return;
    const words = paidElsewhereWords(current.orderNumber, payment);
    const atRegister = paidBy(payment, terminal.terminalId) === 'register';
    if (atRegister) offerNothing(words);
    else checkout.notice = words;
    await stopPaying();
    checkout.ticket = await readAgain(current.orderId);
    // Paid online, it is still handed over here: the display shows it again, paid (its payments read first).
    if (atRegister || !checkout.ticket) return;
    await useOrderBalanceStore()
      .payments(checkout.ticket)
      .catch(() => undefined);
    await checkout.showOrder();
  }

  return {
    ...{ order, need, idChecked, idWords, problem, loading, active, paying },
    ...{ open, checkId, refusalFor, acceptChecked, proceed },
  };
});
