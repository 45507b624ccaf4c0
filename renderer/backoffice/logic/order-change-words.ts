import { formatMoney, type Cents } from '../../../shared/money';
import { methodLabel } from '../../../shared/labels';
import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import { itemsText } from '../../common/refund-items';

/** What the orders screen says once the open order was canceled, a payment voided or refunded. */

export const canceledWords = (orderNumber: string): string =>
  `Order ${orderNumber} is canceled; its items are back in stock.`;

/** `status`: the order's status in words, as read again after the void. */
export const voidedWords = (orderNumber: string, status: string): string =>
  `The payment is voided and the money goes back; order ${orderNumber} is now ${status}.`;

/**
 * What went back of `payment`, and the order's status as read again; a refund by `items` says how
 * many items came back, whether they are back in stock, and what each other payment of a return
 * split over them gave back (`items.rest`: "$33.14 of the Credit card payment and $10.00 of the
 * Cash payment are refunded").
 */
export function refundedWords(
  amount: Cents,
  payment: Pick<ListedPayment, 'method'>,
  orderNumber: string,
  status: string,
  items?: { count: number; restock: boolean; rest?: readonly { method: ListedPayment['method']; amount: Cents }[] },
): string {
  const parts = [{ method: payment.method, amount }, ...(items?.rest ?? [])].map(
    (part) => `${formatMoney(part.amount)} of the ${methodLabel(part.method)} payment`,
  );
  const back =
    parts.length === 1
      ? `${parts[0]} is refunded`
      : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]} are refunded`;
  return items
    ? `${itemsText(items.count)} came back: ${back}; order ${orderNumber} is ${status}.${items.restock ? ' They are back in stock.' : ''}`
    : `${back}; order ${orderNumber} is ${status}.`;
}
