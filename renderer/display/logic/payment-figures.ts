import type { DisplayPayment, DisplayTotals } from '../../../shared/contracts/display';
import { formatMoney } from '../../common/format';

/** A cashless ATM charges the card the amount rounded up to the next $10 (README "Payments"). */
const ATM_STEP_CENTS = 1000;

/**
 * "$104.11 left of $154.11" and "$50.00 paid" above the widget, for an order part of which is paid
 * already (online, or at the counter before): the widget asks only what is left. Null when the
 * whole total is to pay.
 */
export function leftToPay(
  payment: Pick<DisplayPayment, 'amount'>,
  totals: Pick<DisplayTotals, 'total'>,
): { left: string; paid: string } | null {
  const paid = totals.total - payment.amount;
  if (paid <= 0) return null;
  return {
    left: `${formatMoney(payment.amount)} left of ${formatMoney(totals.total)}`,
    paid: `${formatMoney(paid)} paid`,
  };
}

/**
 * What a cashless ATM does with `amount`, in the customer's words: the card is charged the next
 * round $10 and the difference comes back in cash ("Cashless ATM: your card is charged $110.00,
 * rounded up to the next $10. You get $5.89 back in cash."). An amount already round is charged as it is.
 */
export function cashlessAtmWords(amount: number): string {
  const charged = Math.ceil(amount / ATM_STEP_CENTS) * ATM_STEP_CENTS;
  const back = charged - amount;
  if (back === 0) return `Cashless ATM: your card is charged ${formatMoney(charged)}.`;
  return `Cashless ATM: your card is charged ${formatMoney(charged)}, rounded up to the next $10. You get ${formatMoney(back)} back in cash.`;
}
