import { shallowRef } from 'vue';
import type { DisplayState } from '../../../shared/contracts/display';
import type { OrderUpdate } from '../../../shared/contracts/live';
import { counterAfter, paidAtThisRegister, type CounterPayment } from './counter-payment';

/**
 * What the display says of a payment the cashier takes at the counter, where the POS shows the order
 * as its cart: "Please pay the cashier" after the customer chose cash on the display, and what the
 * order's payments paid and left ("Paid $10.00 · $143.89 left"), heard from the live channel's
 * `order.updated` of a payment at this register and read from the order's payments.
 */
export function useCounterPayment(terminalId: string, paidOf: (orderNumber: string) => Promise<number>) {
  const counter = shallowRef<CounterPayment | null>(null);
  let shown: DisplayState | null = null;
  /** The order whose payment the customer chose to make in cash, while the display still offers it. */
  let cashFor: string | null = null;

  /** The register's display shows `next` (a new frame of the live channel). */
  function showing(next: DisplayState): void {
    const cash = shown?.phase === 'payment' && cashFor === shown.payment.orderId;
    counter.value = counterAfter(counter.value, shown, next, cash);
    shown = next;
    if (next.phase !== 'payment') cashFor = null;
  }

  /** The customer chose cash on the display: the POS takes the payment at the counter. */
  function cashChosen(orderId: string): void {
    cashFor = orderId;
  }

  /** A payment at this register of the order on the display: what is paid now (the cash is taken). */
  async function orderUpdated(update: OrderUpdate): Promise<void> {
    const at = shown;
    if (!at || !paidAtThisRegister(update, terminalId, at)) return;
    let paid: number;
    try {
      paid = await paidOf(update.orderNumber);
    } catch {
      return; // the next payment tells it again; the display never stops the sale
    }
    // Still that cart (a frame may have come meanwhile: the sale ended, or the cart was sent again).
    const now = shown;
    if (now?.phase !== 'cart' || !paidAtThisRegister(update, terminalId, now)) return;
    counter.value = { total: now.totals.total, paid, payCashier: false };
  }

  return { counter, showing, cashChosen, orderUpdated };
}
