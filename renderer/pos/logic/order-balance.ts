import type { PaymentRecord } from '../../../shared/contracts/payment';
import { formatMoney } from '../../common/format';

/** What an order's payments already hold, in cents: approved, still in progress, and what is left to take. */
export interface OrderBalance {
  total: number;
  paid: number;
  pending: number;
  due: number;
}

/**
 * An order's balance as the service counts it (README "Payments"): its total less every approved and
 * pending payment's amount applied to it (a cashless ATM's cash back and a tip are not the order's).
 */
export function balanceOf(
  total: number,
  payments: readonly Pick<PaymentRecord, 'status' | 'originalAmount'>[],
): OrderBalance {
  const sum = (status: PaymentRecord['status']) =>
    payments
      .filter((payment) => payment.status === status)
      .reduce((cents, payment) => cents + payment.originalAmount, 0);
  const paid = sum('approved');
  const pending = sum('pending');
  return { total, paid, pending, due: Math.max(0, total - paid - pending) };
}

/** "Paid $29.07 · $0.51 due" for an order paid in part; null when nothing is paid yet (or all of it). */
export function balanceWords(balance: OrderBalance | null): string | null {
  if (!balance || balance.paid === 0 || balance.due === 0) return null;
  return `Paid ${formatMoney(balance.paid)} · ${formatMoney(balance.due)} due`;
}

/** "$0.51 left to pay." after a payment that did not go through, once part of the order is paid. */
export function leftToPayWords(balance: OrderBalance | null): string {
  return balance && balance.due > 0 && balance.due < balance.total ? `${formatMoney(balance.due)} left to pay.` : '';
}

/**
 * A payment's refusal for people: the service's "originalAmount (2958 cents) is more than the balance due
 * of order SH67B2 (51 cents)" (another register took part of it meanwhile) in dollars and words; other
 * messages as they are.
 */
export function paymentMessageWords(message: string): string {
  const over = /^\w+ \((\d+) cents\) is more than the balance due of order (\w+) \((\d+) cents\)/.exec(message);
  if (!over) return message;
  const [, asked, orderNumber, due] = over;
  return (
    `Order ${orderNumber} has ${formatMoney(Number(due))} left to pay, not ${formatMoney(Number(asked))}: ` +
    'part of it is paid already. Take the payment again.'
  );
}
