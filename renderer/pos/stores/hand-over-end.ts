import type { OrderUpdatePayment } from '../../../shared/contracts/live';
import type { Ticket } from '../../../shared/contracts/ticket';
import { refusalWords } from '../../common/refusal';
import { stagesBefore } from '../logic/hand-over';
import { keepIdCheck } from '../logic/kept-id-check';
import { paidBy, paidElsewhereWords } from '../logic/paid-elsewhere';
import { setDisplay } from './pole-display';
import { useCheckoutStore } from './checkout';
import { TICKETS, type HandOverState } from './hand-over-state';
import { useOrderBalanceStore } from './order-balance';
import { usePickupStore } from './pickup';
import { terminal, useSessionStore } from './session';

/**
 * How the hand-over ends, part of the hand-over store: the settled order handed over (COMPLETED), or
 * the order moved on elsewhere meanwhile (canceled, paid or handed over at another register), which
 * the register says, offering only going back where nothing is left to do here.
 */
export function handOverEnd(state: HandOverState) {
  const { order, need, idChecked, idNote } = state;
  const checkout = useCheckoutStore();

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

  return { complete, offerNothing, canceledElsewhere, paidElsewhere };
}
