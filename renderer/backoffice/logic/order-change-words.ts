import { formatMoney, type Cents } from '../../../shared/money';
import { methodLabel } from '../../../shared/labels';
import { listed } from '../../../shared/list-words';
import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import { loyaltyWords } from '../../common/canceled-points';
import { itemsText } from '../../common/refund-items';

/** What the orders screen says once the open order was canceled, a payment voided or refunded. */

/**
 * "Order AB12CD is canceled; its items are back in stock." and, when it moved the customer's points,
 * what it moved as its history step says it (`points`, common/canceled-points.ts):
 * " Loyalty: 120 points given back to Maria Garcia."
 */
export const canceledWords = (orderNumber: string, points = ''): string =>
  `Order ${orderNumber} is canceled; its items are back in stock.${loyaltyWords(points)}`;

/** A payment about to be voided: what the card gets back, and the cash back (cashless ATM) the customer hands back. */
type Voided = Pick<ListedPayment, 'originalAmount' | 'chargedAmount' | 'cashbackAmount'>;

/** " Take the $5.21 cash back from the customer and put it back in the drawer." for a cashless ATM payment; else ''. */
const cashBackWords = (payment: Voided): string =>
  payment.cashbackAmount > 0
    ? ` Take the ${formatMoney(payment.cashbackAmount)} cash back from the customer and put it back in the drawer.`
    : '';

/** What the void's confirmation says: all the card was charged goes back, with the cash back to take back. */
export function voidAskWords(payment: Voided, orderNumber: string): string {
  const back =
    payment.cashbackAmount > 0
      ? `${formatMoney(payment.chargedAmount)} goes back to the card, with the ${formatMoney(payment.cashbackAmount)} cash back the customer took`
      : `${formatMoney(payment.originalAmount)} goes back to the customer`;
  return `${back}, and order ${orderNumber} awaits payment again.${cashBackWords(payment)} This cannot be undone.`;
}

/** `status`: the order's status in words, as read again after the void. */
export const voidedWords = (orderNumber: string, status: string, payment?: Voided): string =>
  `The payment is voided and the money goes back; order ${orderNumber} is now ${status}.${payment ? cashBackWords(payment) : ''}`;

/**
 * The order once a refund was made: its number, its status in words as read again after it, whether
 * the refund changed that status (a whole refund of an order not handed over reopens it), and what its
 * payments gave back in all, this refund included.
 */
export interface RefundedOrder {
  orderNumber: string;
  status: string;
  changed: boolean;
  refundedInAll: Cents;
}

/**
 * What went back of `payment`, and what it did to the order: its new status when the refund changed
 * it ("Order AB23CD is now awaiting payment."), else, after earlier refunds, what is refunded in all
 * ("In all, $15.00 of order AB23CD is refunded."): a sale still sold is not said "sold" just after its
 * money went back. A refund by `items` says how many items came back, whether they are back in stock,
 * and what each other payment of a return split over them gave back (`items.rest`: "$33.14 of the
 * Credit card payment and $10.00 of the Cash payment are refunded").
 */
export function refundedWords(
  amount: Cents,
  payment: Pick<ListedPayment, 'method'>,
  order: RefundedOrder,
  items?: { count: number; restock: boolean; rest?: readonly { method: ListedPayment['method']; amount: Cents }[] },
): string {
  const given = [{ method: payment.method, amount }, ...(items?.rest ?? [])];
  const parts = given.map((part) => `${formatMoney(part.amount)} of the ${methodLabel(part.method)} payment`);
  const back = `${listed(parts)} ${parts.length === 1 ? 'is' : 'are'} refunded.`;
  const what = items
    ? `${itemsText(items.count)} came back: ${back}${items.restock ? ' They are back in stock.' : ''}`
    : back;
  const now = given.reduce((sum, part) => sum + part.amount, 0);
  if (order.changed) return `${what} Order ${order.orderNumber} is now ${order.status}.`;
  if (order.refundedInAll > now) {
    return `${what} In all, ${formatMoney(order.refundedInAll)} of order ${order.orderNumber} is refunded.`;
  }
  return what;
}
