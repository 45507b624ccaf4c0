import type { TicketItem } from '../../../shared/contracts/ticket';
import { quantityWords } from '../../common/pickup/pickup-words';

/** One line of an online order at the counter, as the cashier reads it before handing it over. */
export interface HandOverLine {
  key: string;
  /** "2 ×" for counted items, "3.4 g" for a weighed line: it reads by its weight, never "1 ×". */
  amount: string;
  name: string;
  /** The brand, and a counted item's size ("Humboldt Hills · 3.5g"); a weighed line's weight is its amount. */
  detail: string;
  /** The ticket's line, for its amount before and after its discounts (LineMoney.vue). */
  item: TicketItem;
}

/** The ticket's lines in the order's line order, each by its count or its weight. */
export function handOverLines(items: readonly TicketItem[]): HandOverLine[] {
  return items.map((item) => ({
    key: String(item.lineIndex),
    amount: quantityWords(item),
    name: item.name,
    detail: [item.brand, item.deli ? '' : item.size].filter(Boolean).join(' · '),
    item,
  }));
}
