import { loyaltyWords } from '../../common/canceled-points';
import { formatMoney, type Cents } from '../../../shared/money';

/**
 * How the register's own unpaid sale is canceled: `cart`, by "Cancel order, back to cart" (its
 * lines go back to the cart to change, the reward dollars typed with them); `order`, canceled for good
 * (the sale left being paid when the register closed, offered on the empty cart or taken again).
 */
export type SaleCancelKind = 'cart' | 'order';

/** What the cancel's confirm says it does, before the points it gives back (said apart, under it). */
export function cancelAskWords(kind: SaleCancelKind, orderNumber: string): string {
  return kind === 'cart'
    ? `Order ${orderNumber} is canceled and its lines go back to the cart, to change them and pay again.`
    : `Order ${orderNumber} is canceled and its items go back in stock. This cannot be undone.`;
}

/**
 * " The cart keeps its $2.00 in reward dollars: paying the sale spends those points again." — said
 * when the sale goes back to the cart with reward dollars typed on it; '' otherwise.
 */
export function rewardKeptWords(kind: SaleCancelKind, rewardCents: Cents): string {
  if (kind !== 'cart' || rewardCents <= 0) return '';
  return ` The cart keeps its ${formatMoney(rewardCents)} in reward dollars: paying the sale spends those points again.`;
}

/**
 * What the register says once the sale is canceled, with what the cancel moved of the customer's
 * points as the order's history says it (`points`, canceled-points.ts): "Order AB23CD is canceled;
 * its items are back in stock. Loyalty: 200 points given back to Maria Garcia."
 */
export function saleCanceledWords(
  kind: SaleCancelKind,
  orderNumber: string,
  points: string,
  rewardCents: Cents,
): string {
  const done =
    kind === 'cart'
      ? `Order ${orderNumber} is canceled; its lines are back in the cart.`
      : `Order ${orderNumber} is canceled; its items are back in stock.`;
  return `${done}${loyaltyWords(points)}${points ? rewardKeptWords(kind, rewardCents) : ''}`;
}
