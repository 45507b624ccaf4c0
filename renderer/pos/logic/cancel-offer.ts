import { formatMoney } from '../../common/format';
import type { OrderBalance } from '../../common/order-balance';

/**
 * Why the checkout offers no "Cancel order, back to cart", in words; null when it does. The service
 * cancels no order holding money (cancel-guard.ts), and the register cannot give a payment of an
 * order not handed over back: a manager voids it in the back office. So once part of the order is
 * paid, the checkout says so and what to do in the cancel's place, rather than a cancel it refuses.
 */
export function cancelHeldWords(balance: Pick<OrderBalance, 'paid'> | null): string | null {
  if (!balance || balance.paid <= 0) return null;
  return `${formatMoney(balance.paid)} is paid, so it cannot be canceled until a manager voids that payment in the back office.`;
}
