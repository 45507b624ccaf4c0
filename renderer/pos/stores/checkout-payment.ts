import { computed, type Ref, type ShallowRef } from 'vue';
import type { DisplayOutcome } from '../../../shared/contracts/display';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { PaymentPage } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { refusalWords } from '../../common/refusal';
import type { CheckoutOwner } from '../logic/checkout-owner';
import { isSettled, type CheckoutStep } from '../logic/checkout-step';
import { paidBefore, paymentFailureWords } from '../logic/order-balance';
import { changeCents, displayLines, inTakenOrder, saleTotals } from '../logic/sale-view';
import { useCartStore } from './cart';
import { setDisplay } from './pole-display';
import { DISPENSARY } from './catalog';
import { useCustomerPointsStore } from './customer-points';
import { useOrderBalanceStore } from './order-balance';
import { useSessionStore } from './session';

/** The checkout's state its payment reads and moves (the checkout store owns it). */
export interface CheckoutState {
  step: Ref<CheckoutStep>;
  ticket: ShallowRef<Ticket | null>;
  payments: ShallowRef<PaymentRecord[]>;
  /** The ids of the payments the order had before this checkout (checkout.ts `earlier`). */
  earlier: ShallowRef<ReadonlySet<string>>;
  notice: Ref<string>;
  /** The customer chose cash on the display: the counter's payment starts on cash. */
  cashAtCounter: Ref<boolean>;
  owner: ShallowRef<CheckoutOwner | null>;
}

const TICKET = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/**
 * The payment of the checkout's order, part of the checkout store: asked on the pole display (the
 * customer pays) or here (the cashier takes it) for what the order has left to pay, and settled
 * when the service says its money is in, never on the browser's word. `confirm` is the checkout's
 * one reading of the order back (it calls `settle`).
 */
export function checkoutPayment(state: CheckoutState, confirm: () => Promise<void>) {
  const { step, ticket, payments, earlier, notice, cashAtCounter, owner } = state;
  const orderBalance = useOrderBalanceStore();

  /** Cents the payment asks: the order's balance due (part may be paid already), else its total. */
  const amountDue = computed(() => {
    const sale = ticket.value;
    if (!sale) return 0;
    return orderBalance.balance?.due ?? saleTotals(sale).total;
  });

  /** The payments taken in this checkout: those the order had before it handed no change here. */
  const takenHere = computed(() => payments.value.filter((payment) => !earlier.value.has(payment.id)));
  const changeDue = computed(() => changeCents(takenHere.value));

  /**
   * Moves payment to the display (the customer pays) or here (the cashier takes it), for what the
   * order has left to pay: its payments are read first, once per attempt (part may be paid: cash,
   * then a card declined; or paid elsewhere since the order was opened).
   */
  async function payWhere(where: 'display' | 'pos'): Promise<void> {
    const sale = ticket.value;
    if (!sale) return;
    let balance;
    try {
      balance = await orderBalance.read(sale);
    } catch (failure) {
      notice.value = refusalWords(failure, `The payments of order ${sale.orderNumber} could not be read. Try again.`);
      return;
    }
    if (balance.due === 0) {
      if (balance.pending === 0) return confirm();
      notice.value = `A payment of order ${sale.orderNumber} is still going through: wait for it to end.`;
      return;
    }
    await payAt(where);
  }

  /**
   * Shows the order on the pole display as its cart (its lines with their deals, its totals), greeting
   * its customer with their points: the cart's, or those of the order taken over here (its owner's).
   * What its payments paid before (read into the order's balance) goes with it, so the customer reads
   * what is left to pay, as the cashier does, never the whole total of an order paid in part or in full.
   */
  async function showOrder(): Promise<void> {
    const sale = ticket.value;
    if (!sale) return;
    const cart = useCartStore();
    const by = owner.value;
    const greeting = by
      ? { customerName: by.greeting, ...(by.customerPoints === null ? {} : { customerPoints: by.customerPoints }) }
      : { customerName: cart.customerName, ...cart.customerPoints };
    const totals = saleTotals(sale);
    const paid = paidBefore(orderBalance.balance, totals.total);
    await setDisplay({ phase: 'cart', lines: displayLines(sale), totals, ...greeting, ...(paid > 0 ? { paid } : {}) });
  }

  /** Shows the payment where the cashier chose, for `amountDue`. */
  async function payAt(where: 'display' | 'pos'): Promise<void> {
    const sale = ticket.value;
    if (!sale) return;
    const cart = useCartStore();
    const { user } = useSessionStore();
    const lines = displayLines(sale);
    const totals = saleTotals(sale);
    step.value = where;
    if (where === 'pos') return showOrder();
    const customer = cart.paymentCustomer;
    await setDisplay({
      phase: 'payment',
      lines,
      totals,
      payment: {
        orderId: sale.orderId,
        orderNumber: sale.orderNumber,
        amount: amountDue.value,
        taxes: totals.tax,
        discount: totals.discount,
        rewardDollars: -totals.rewardDollars,
        ...(user?.employeeReferenceId ? { employeeReferenceId: user.employeeReferenceId } : {}),
        ...(customer ? { customer } : {}),
      },
    });
  }

  /** What the customer did on the display: approved waits for the order, others are shown. */
  function displayOutcome(outcome: DisplayOutcome): void {
    const sale = ticket.value;
    if (step.value !== 'display' || !sale || outcome.orderId !== sale.orderId) return;
    if (outcome.outcome === 'approved') void confirm();
    else if (outcome.outcome === 'cash') {
      notice.value = 'The customer will pay cash: take it here.';
      cashAtCounter.value = true;
      void payWhere('pos');
    } else if (outcome.outcome === 'canceled') notice.value = 'The customer canceled the payment on the display.';
    else {
      const failure = { message: outcome.message ?? 'The payment did not go through', details: outcome.details };
      const said = paymentFailureWords(failure, sale.orderNumber, orderBalance.balance);
      notice.value = `${said} The customer can try again or choose another way to pay.`;
    }
  }

  /** Reads the order and its payments back, and ends the sale once its money is in (the owner's end first). */
  async function settle(sale: Ticket): Promise<void> {
    const { api } = useSessionStore();
    let current = await api.get<Ticket>(`${TICKET}/${sale.orderId}`);
    if (!isSettled(current.paymentStatus)) {
      // At the counter the widget says what was paid and what is left, where the cashier looks (the
      // balance is still read: the cancel is offered by it); a payment on the display is said here.
      if (step.value === 'pos') await orderBalance.read(current).catch(() => undefined);
      else notice.value = await orderBalance.stillDueWords(current);
      return;
    }
    if (owner.value) {
      const finished = await owner.value.finish(current);
      if (!finished) return;
      current = finished;
    }
    const page = await api.get<PaymentPage>(
      `/v2.0/payments?dispensaryShortName=${DISPENSARY}&ticketAlphaNumId=${sale.orderNumber}`,
    );
    ticket.value = current;
    payments.value = inTakenOrder(page.payments);
    step.value = 'done';
    notice.value = '';
    const { customer } = useCartStore();
    const points = useCustomerPointsStore();
    if (!owner.value && customer.customerId)
      void points.afterSale(customer.customerId, customer.firstName, sale.orderId);
    // An order taken over here names its customer itself (the cart's is the next sale's).
    else if (owner.value && current.customerId) {
      void points.afterHandOver(current.customerId, owner.value.greeting ?? '', sale.orderId);
    }
    const totals = saleTotals(current);
    const saved = Math.abs(totals.discount);
    await setDisplay({
      phase: 'thanks',
      orderNumber: sale.orderNumber,
      total: totals.total,
      changeDue: changeDue.value,
      ...(saved > 0 ? { saved } : {}),
    });
  }

  return { amountDue, takenHere, changeDue, showOrder, payWhere, payAt, displayOutcome, settle };
}
