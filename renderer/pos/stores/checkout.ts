import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { Ticket, TicketCreateRequest, TicketQuote } from '../../../shared/contracts/ticket';
import { ApiError } from '../../common/http';
import { refusalWords, serviceSaid } from '../../common/refusal';
import type { CheckoutOwner } from '../logic/checkout-owner';
import { cancelHeldWords } from '../logic/cancel-offer';
import { isSettled, type CheckoutStep } from '../logic/checkout-step';
import { rewardRefusal } from '../logic/customer-points';
import { paidBy } from '../logic/paid-elsewhere';
import { repricedWords } from '../logic/repriced-words';
import { approvalRefusal } from '../logic/manual-discounts';
import { shortLinesOf, shortfallNotice, shortfallWords } from '../logic/shortfall-words';
import { useCartStore } from './cart';
import { setDisplay } from './pole-display';
import { DISPENSARY } from './catalog';
import { checkoutPayment } from './checkout-payment';
import { useIdCheckStore } from './id-check';
import { useManualDiscountsStore } from './manual-discounts';
import { useOrderBalanceStore } from './order-balance';
import { useSaleRulesStore } from './sale-rules';
import { terminal, useSessionStore } from './session';

export type { CheckoutOwner, CheckoutStep };

const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;

/**
 * Checkout: the ticket is created once per cart (an Idempotency-Key makes a retry safe), then paid on
 * the pole display or here (checkout-payment.ts); the sale ends when the service says the order is
 * PAID or AUTHORIZED, never on the browser's word.
 */
export const useCheckoutStore = defineStore('checkout', () => {
  const step = ref<CheckoutStep>('cart');
  const ticket = shallowRef<Ticket | null>(null);
  const payments = shallowRef<PaymentRecord[]>([]);
  /**
   * The payments an order handed over here had when the checkout took it (taken online, or at
   * another register): listed when it is done, but no change is handed and no drawer opens for them.
   */
  const earlier = shallowRef<ReadonlySet<string>>(new Set());
  const notice = ref('');
  /** The customer chose cash on the display: the counter's payment starts on cash. */
  const cashAtCounter = ref(false);
  const busy = ref(false);
  const owner = shallowRef<CheckoutOwner | null>(null);
  let idempotencyKey = '';
  let keyedBody = '';
  let confirming = false;

  const orderBalance = useOrderBalanceStore();
  const { amountDue, takenHere, changeDue, showOrder, payWhere, payAt, displayOutcome, settle } = checkoutPayment(
    { step, ticket, payments, earlier, notice, cashAtCounter, owner },
    confirm,
  );

  /** Creates the ticket (once) and starts payment where the cashier chose. */
  async function start(where: 'display' | 'pos'): Promise<void> {
    const cart = useCartStore();
    if (busy.value || cart.isEmpty) return;
    notice.value = '';
    if (!ticket.value && idRequired()) return;
    busy.value = true;
    try {
      if (!ticket.value) {
        step.value = 'creating';
        // The cart's last quote (and its display update) lands before the sale leaves the cart.
        await cart.settled();
        const request = ticketRequest(where);
        if (!request) return;
        // One key per cart: a retry of the same cart replays the first answer, a changed cart is new.
        const body = JSON.stringify(request);
        if (body !== keyedBody) idempotencyKey = crypto.randomUUID();
        keyedBody = body;
        const { api } = useSessionStore();
        const made = await api.post<Ticket>(`${TICKETS}/ticket`, request, { 'idempotency-key': idempotencyKey });
        ticket.value = made;
        cart.mirrorPaused = true;
        orderBalance.fresh(made);
        if (made.unavailableItems.length > 0) heldInPart(made);
        else repriced(made, cart.quote);
        // A sale that owes nothing (reward dollars or deals cover it all) is paid as it is made: it ends here.
        if (isSettled(made.paymentStatus)) return await confirm();
        return await payAt(where);
      }
      if (isSettled(ticket.value.paymentStatus)) return await confirm();
      await payWhere(where);
    } catch (failure) {
      step.value = ticket.value ? step.value : 'cart';
      // Reward dollars the balance no longer covers (spent elsewhere meanwhile): said beside their field too.
      const reward = rewardRefusal(failure);
      if (reward) {
        // Priced again: the cart's quote leaves them out of the totals shown, and charged (cart-quote.ts).
        useCartStore().rewardError = reward;
        useCartStore().changed();
      }
      notice.value = reward ?? refusalWords(failure, 'The order could not be created');
      // A missing or wrong manager's PIN: said beside the PIN, asked again.
      const approval = approvalRefusal(failure);
      if (approval) {
        notice.value = '';
        useManualDiscountsStore().ask(where, approval);
      }
      if (failure instanceof ApiError) refused(failure);
    } finally {
      busy.value = false;
    }
  }

  /**
   * Stock ran short between the quote and the ticket: the cart takes what the order holds (its
   * lines and total), and the notice names each short line ("Trial Kush: 15 of 20 — only 15 were in stock").
   */
  function heldInPart(made: Ticket): void {
    const cart = useCartStore();
    notice.value = shortfallNotice(shortfallWords(made, shortLinesOf(cart.lines)));
    cart.matchOrder(made);
  }

  /**
   * The ticket came to another total than the cart's last quote (the store's deals or prices changed
   * since it was priced): the cart takes the order's figures, and the notice says what changed.
   */
  function repriced(made: Ticket, quoted: TicketQuote | null): void {
    const words = quoted && repricedWords(quoted, made);
    if (!words) return;
    notice.value = words;
    useCartStore().matchOrder(made);
  }

  /**
   * The cart's ticket, with the manager's approval of its manual discounts when one was given; null
   * (and the PIN asked first) when the last quote says the store's policy needs one and none was, or
   * more reward dollars by hand were typed since.
   */
  function ticketRequest(where: 'display' | 'pos'): TicketCreateRequest | null {
    const cart = useCartStore();
    const manual = useManualDiscountsStore();
    if (cart.quote?.approvalNeeded && (!manual.approval || cart.rewardByHand > manual.rewardApproved)) {
      step.value = 'cart';
      manual.ask(where);
      return null;
    }
    return { ...cart.request, ...(manual.approval ? { approval: manual.approval } : {}) };
  }

  /** A sale with cannabis and no checked customer where the store enforces a state's rules: says so, opens the ID check. */
  function idRequired(): boolean {
    const rules = useSaleRulesStore();
    if (!useCartStore().idMissing) return false;
    notice.value = `${rules.rules?.stateName ?? 'The state'} requires a customer with a checked ID for cannabis: find the customer, or scan or type their ID.`;
    useIdCheckStore().start('find');
    return true;
  }

  /**
   * The service's state rules refused the ticket: without a checked customer the ID check opens;
   * over a limit (they bought elsewhere meanwhile), the customer's allowance is read again.
   */
  function refused(failure: ApiError): void {
    const customerId = useCartStore().customer.customerId;
    if (failure.code === 'ID_NOT_VERIFIED') useIdCheckStore().start('find');
    if (failure.code === 'PURCHASE_LIMIT' && customerId) void useSaleRulesStore().follow(customerId);
  }

  /** Sells to the customer the ID check passed: they go on the sale, and the notice asking for them goes. */
  function sellToChecked(): void {
    if (useIdCheckStore().useForSale()) notice.value = '';
  }

  /**
   * The order changed on the service: a settled order ends the sale being paid (never one still under
   * review). An online order at the counter is handed over here only when this register's payment
   * paid it (the update names the register that took it); paid at another register or online, its
   * owner says so and nothing is handed over here. An update naming no payment (a move) ends nothing:
   * the register's own payment result does.
   */
  function orderUpdated(update: OrderUpdate): void {
    const paying = step.value === 'display' || step.value === 'pos';
    // Canceled meanwhile (the back office, its shop): the checkout stops taking its money at once.
    if (update.orderId === ticket.value?.orderId && update.status === 'CANCELED' && owner.value) {
      if (paying || step.value === 'review') void owner.value.canceledElsewhere();
      return;
    }
    // A payment of it moved (taken, or voided in the back office): the cancel follows what it holds.
    if (paying && update.payment && update.orderId === ticket.value?.orderId) followBalance(ticket.value);
    if (update.orderId !== ticket.value?.orderId || !isSettled(update.paymentStatus)) return;
    const adopted = owner.value;
    if (!adopted) {
      if (paying) void confirm();
      return;
    }
    if (!update.payment || confirming || !(paying || step.value === 'review')) return;
    if (paidBy(update.payment, terminal.terminalId) !== 'here') void adopted.paidElsewhere(update.payment);
    else if (paying) void confirm();
  }

  /** Reads the order and its payments back from the service, and finishes when it is settled. */
  async function confirm(): Promise<void> {
    const sale = ticket.value;
    // The live order update and the payment result both call this; one reading is enough.
    if (!sale || step.value === 'done' || confirming) return;
    confirming = true;
    try {
      await settle(sale);
    } catch (failure) {
      notice.value = serviceSaid(failure, 'The order could not be read back.');
    } finally {
      confirming = false;
    }
  }

  /**
   * An order made elsewhere (an online order handed over) checked out here: it shows at `step`,
   * its payment and its end are the owner's; the cart stays as it is.
   */
  function adopt(order: Ticket, by: CheckoutOwner, at: CheckoutStep): void {
    reset();
    ticket.value = order;
    owner.value = by;
    useCartStore().mirrorPaused = true;
    step.value = at;
  }

  /** Reads what the order's payments hold again (the cancel is offered by it); a failed read changes nothing. */
  function followBalance(sale: Ticket): void {
    orderBalance.read(sale).catch(() => undefined);
  }

  /**
   * Cancels the sale: the ticket is canceled (its stock freed) unless it already holds money, which
   * the checkout says in the cancel's place (cancel-offer.ts). An adopted order is left as it is.
   * True once the sale's order is canceled.
   */
  async function cancelSale(): Promise<boolean> {
    const sale = ticket.value;
    const adopted = owner.value;
    if (adopted) {
      reset();
      // Its tab at once, before the display is told: a panel opened meanwhile (the drawer) stays open.
      adopted.leave();
      await setDisplay({ phase: 'idle' });
      return false;
    }
    if (cancelHeldWords(orderBalance.balance)) return false;
    busy.value = true;
    try {
      if (sale) {
        const { api } = useSessionStore();
        await api.post(`${TICKETS}/ticket/${sale.orderId}/cancel`, {
          reason: 'Canceled at checkout to go back to the cart (Cancel order, back to cart)',
        });
      }
      reset();
      const cart = useCartStore();
      cart.changed();
      return sale !== null;
    } catch (failure) {
      notice.value = refusalWords(failure, 'The sale could not be canceled. Try again.');
      // Refused for money taken meanwhile (another register, the display): the cancel gives way to why.
      if (sale && failure instanceof ApiError && failure.status === 409) followBalance(sale);
      return false;
    } finally {
      busy.value = false;
    }
  }

  function reset(): void {
    step.value = 'cart';
    ticket.value = null;
    payments.value = [];
    earlier.value = new Set();
    notice.value = '';
    cashAtCounter.value = false;
    owner.value = null;
    orderBalance.forget();
    keyedBody = '';
    useCartStore().mirrorPaused = false;
  }

  /** Starts the next sale clean: empty cart, idle display. */
  async function newSale(): Promise<void> {
    reset();
    useCartStore().clear();
    await setDisplay({ phase: 'idle' });
  }

  return {
    step,
    ticket,
    payments,
    earlier,
    takenHere,
    notice,
    busy,
    cashAtCounter,
    owner,
    changeDue,
    amountDue,
    start,
    sellToChecked,
    showOrder,
    payWhere,
    displayOutcome,
    orderUpdated,
    confirm,
    adopt,
    cancelSale,
    newSale,
  };
});
