import { formatMoney } from '../../common/format';

/**
 * "2 items ($34.56) come off the cart, and Maria Garcia with them": what clearing a sale takes
 * away, as Clear sale and Sign out ask it (`totalCents` null before the sale is priced).
 */
export function offTheCartWords(units: number, totalCents: number | null, customerName: string): string {
  const items = `${units} ${units === 1 ? 'item' : 'items'}`;
  const total = totalCents === null ? '' : ` (${formatMoney(totalCents)})`;
  const customer = customerName ? `, and ${customerName} with them` : '';
  return `${items}${total} ${units === 1 ? 'comes' : 'come'} off the cart${customer}`;
}
