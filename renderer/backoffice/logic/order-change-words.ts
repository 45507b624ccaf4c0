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
 * many items came back, and whether they are back in stock.
 */
export function refundedWords(
  amount: Cents,
  payment: Pick<ListedPayment, 'method'>,
  orderNumber: string,
  status: string,
  items?: { count: number; restock: boolean },
): string {
  const back = `${formatMoney(amount)} of the ${methodLabel(payment.method)} payment is refunded`;
  return items
    ? `${itemsText(items.count)} came back: ${back}; order ${orderNumber} is ${status}.${items.restock ? ' They are back in stock.' : ''}`
    : `${back}; order ${orderNumber} is ${status}.`;
}
