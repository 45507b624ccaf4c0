import type { DisplayState } from '../../../shared/contracts/display';
import type { OrderUpdate } from '../../../shared/contracts/live';
import { parseDecimal } from '../../../shared/money';
import { formatMoney } from '../../common/format';

/**
 * The order's payment taken at the counter, while the display shows the order as its cart (the POS
 * sets `cart` when the cashier takes the payment: README "Pole display and the live channel").
 */
export interface CounterPayment {
  /** The cart's total, in cents: a cart with another total is another sale. */
  total: number;
  /** What the order's payments have paid of it, in cents. */
  paid: number;
  /** The customer chose cash on the display: asked to pay the cashier until the cashier takes a payment. */
  payCashier: boolean;
}

/**
 * What the display knows of the counter's payment once `next` is shown after `before`: kept while the
 * same cart stays; a payment handed back to the counter (the customer chose cash, or the cashier took
 * it back) carries what was paid before it, and whether the customer chose cash; an order the POS
 * shows with what its payments paid before (`paid`: online, in part or in full) starts from that.
 * Anything else (another cart, the display's own payment, thanks, idle) ends it.
 */
export function counterAfter(
  kept: CounterPayment | null,
  before: DisplayState | null,
  next: DisplayState,
  cashChosen: boolean,
): CounterPayment | null {
  if (next.phase !== 'cart') return null;
  const total = next.totals.total;
  let counter: CounterPayment | null = kept?.total === total ? kept : null;
  if (before?.phase === 'payment' && before.totals.total === total) {
    counter = { total, paid: Math.max(0, total - before.payment.amount), payCashier: cashChosen };
  }
  // The POS read the order's payments as it showed it: the larger of the two is the newer.
  const told = Math.min(next.paid ?? 0, total);
  if (told > (counter?.paid ?? 0)) counter = { total, paid: told, payCashier: counter?.payCashier ?? false };
  return counter;
}

/**
 * An `order.updated` told by a payment at this register, of an order as large as the cart on the
 * display: the counter's payment of that cart (a register has one sale at a time).
 */
export function paidAtThisRegister(update: OrderUpdate, terminalId: string, shown: DisplayState): boolean {
  return (
    shown.phase === 'cart' &&
    update.payment?.terminalId === terminalId &&
    update.status !== 'CANCELED' &&
    parseDecimal(update.total) === shown.totals.total
  );
}

/** What is paid and left of the total, in cents, once part of it is paid (null before, and once all is). */
export function partPaid(counter: CounterPayment | null): { paid: number; left: number } | null {
  if (!counter || counter.paid <= 0 || counter.paid >= counter.total) return null;
  return { paid: counter.paid, left: counter.total - counter.paid };
}

/** What was paid of an order its payments cover in full (null until they do): nothing is left to pay. */
export function paidInFull(counter: CounterPayment | null): number | null {
  return counter && counter.total > 0 && counter.paid >= counter.total ? counter.total : null;
}

/** "Paid $10.00" and "$143.89 left to pay" once part of the total is paid, "Nothing left to pay" once all is (null before). */
export function counterPaidWords(counter: CounterPayment | null): { paid: string; left: string } | null {
  const full = paidInFull(counter);
  if (full !== null) return { paid: `Paid ${formatMoney(full)}`, left: 'Nothing left to pay' };
  const part = partPaid(counter);
  return part && { paid: `Paid ${formatMoney(part.paid)}`, left: `${formatMoney(part.left)} left to pay` };
}
