import type { OrderHistoryStep } from '../../../shared/contracts/order-history';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { RefundPoints } from '../../../shared/contracts/refund-points';
import { refundPointsWords } from '../../../shared/loyalty/order-moves';
import { formatMoney, type Cents } from '../../../shared/money';
import { centsOf } from '../../common/format';
import { refundPointsPreview } from '../../common/refund-points-preview';
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
 * `refunds` are the order's latest. "Loyalty: 3 points taken back, 78 given back." ('' when none moved),
 * those that had expired already said apart, as its preview said them.
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
      expired: sum.expired + (step.points?.expired ?? 0),
    }),
    { takenBack: 0, givenBack: 0, expired: 0 },
  );
  const words = refundPointsWords(moved);
  return words ? `Loyalty: ${words}.` : '';
}

/**
 * What the return chosen will move of the customer's points, before it is sent (refund-points-preview.ts):
 * "Maria's points: this return takes back 12 earned on the sale and gives back 30 spent on it."
 * `lines`: the thousandths of each order line that come back; `amountCents`: all the return gives back.
 */
export const returnPreviewWords = (
  points: RefundPoints | null,
  amountCents: Cents,
  lines: readonly { itemId: string; milli: number }[],
): string => refundPointsPreview(points, amountCents, lines, 'return');

/** Why the return cannot be sent yet, in words; null when it can. `approval` only when one is asked. */
export function returnProblem(reason: string, approval?: { username: string; pin: string }): string | null {
  if (reason.trim() === '') return 'Say why the items come back.';
  return approval ? approvalProblem(approval.username, approval.pin, 'the return') : null;
}
