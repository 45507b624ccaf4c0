import type { OrderHistoryStep } from '../../../shared/contracts/order-history';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { RefundPoints } from '../../../shared/contracts/refund-points';
import { refundPointsWords, refundPreviewWords } from '../../../shared/loyalty/order-moves';
import { refundPointsMoves } from '../../../shared/loyalty/refund-points';
import { formatMoney, type Cents } from '../../../shared/money';
import { centsOf } from '../../common/format';
import { listedMoney, type ListedOrder } from '../../common/listed-order-money';
import { approvalProblem } from './manual-discounts';

/**
 * A return at the counter (README "Returns at the counter"): which of today's orders offer it, what
 * the cashier is told once the money went back, and what stops the request before it is sent.
 */

/**
 * Only what the customer took comes back by items: a sale handed over (the service's rule), paid,
 * and not refunded in full already (nothing would be left to give back).
 */
export const offersReturn = (order: ListedOrder & { paymentStatus: string }): boolean =>
  order.status === 'COMPLETED' && order.paymentStatus === 'PAID' && listedMoney(order).refunded < centsOf(order.total);

/**
 * Where the money went, for the cashier to tell the customer: "$12.34 refunded in cash: hand it to
 * the customer from the drawer." or "$12.34 refunded to the card ending 4242."
 */
export function returnedWords(amount: Cents, payment: Pick<PaymentRecord, 'method' | 'cardLast4'>): string {
  const money = formatMoney(amount);
  if (payment.method === 'Cash') return `${money} refunded in cash: hand it to the customer from the drawer.`;
  if (payment.method === 'ACH') return `${money} refunded to the customer's bank account.`;
  if (payment.cardLast4) return `${money} refunded to the card ending ${payment.cardLast4}.`;
  return `${money} refunded to the customer's card.`;
}

/**
 * What the return moved of the customer's loyalty points, as the order's history pairs each refund
 * with the points its write moved (the service's count, never the register's): the return's
 * `refunds` are the order's latest. "Loyalty: 3 points taken back, 78 given back." ('' when none moved).
 */
export function returnedPointsWords(
  steps: readonly Pick<OrderHistoryStep, 'kind' | 'points'>[],
  refunds: number,
): string {
  const mine = steps.filter((step) => step.kind === 'refund').slice(-refunds);
  const moved = mine.reduce(
    (sum, step) => ({
      takenBack: sum.takenBack + (step.points?.takenBack ?? 0),
      givenBack: sum.givenBack + (step.points?.givenBack ?? 0),
    }),
    { takenBack: 0, givenBack: 0 },
  );
  const words = refundPointsWords(moved);
  return words ? `Loyalty: ${words}.` : '';
}

/**
 * What the return chosen will move of the customer's points, before it is sent, counted as the
 * service's ledger will count them (shared/loyalty/refund-points.ts): "Maria's points: this return
 * takes back 12 earned on the sale and gives back 30 spent on it." '' while nothing is chosen, or
 * when the sale moved no points (`points.sale` null) or they are not read yet.
 * `lines`: the thousandths of each order line that come back; `amountCents`: all the return gives back.
 */
export function returnPreviewWords(
  points: RefundPoints | null,
  amountCents: Cents,
  lines: readonly { itemId: string; milli: number }[],
): string {
  const chosen = new Map(lines.filter((line) => line.milli > 0).map((line) => [line.itemId, line.milli]));
  if (!points?.sale || chosen.size === 0) return '';
  const moves = refundPointsMoves(points.sale, { amountCents, lines: chosen });
  return refundPreviewWords(moves, points.customer, 'return');
}

/** Why the return cannot be sent yet, in words; null when it can. `approval` only when one is asked. */
export function returnProblem(reason: string, approval?: { username: string; pin: string }): string | null {
  if (reason.trim() === '') return 'Say why the items come back.';
  return approval ? approvalProblem(approval.username, approval.pin, 'the return') : null;
}
