import type { DisplayLine, DisplayTotals } from '../../../shared/contracts/display';
import type { TicketQuote } from '../../../shared/contracts/ticket';
import { centsOf } from '../../common/format';

/** The ticket fields the POS turns into what people see (a quote or a created ticket). */
export type PricedSale = Pick<
  TicketQuote,
  'items' | 'subTotal' | 'discount' | 'tierDiscount' | 'tax' | 'payByPoints' | 'total' | 'unavailableItems'
>;

/** The totals of a priced sale, in cents, as the display and the totals box show them. */
export function saleTotals(sale: PricedSale): DisplayTotals {
  return {
    subtotal: centsOf(sale.subTotal),
    discount: centsOf(sale.discount) + centsOf(sale.tierDiscount),
    tax: centsOf(sale.tax),
    rewardDollars: centsOf(sale.payByPoints),
    total: centsOf(sale.total),
  };
}

/** "3.5 g" for a weighed line, else the size; with the brand: "Aurora Farms · 3.5 g". */
function lineDetail(item: PricedSale['items'][number]): string {
  const amount = item.deli ? `${item.quantity} ${item.unitType}` : item.size;
  return [item.brand, amount].filter(Boolean).join(' · ');
}

/** The priced lines as the customer sees them on the pole display. */
export function displayLines(sale: PricedSale): DisplayLine[] {
  return sale.items.map((item) => ({
    key: item.productId,
    name: item.name,
    detail: lineDetail(item),
    quantity: item.deli ? 1 : item.quantity,
    lineTotal: centsOf(item.priceSell),
  }));
}
