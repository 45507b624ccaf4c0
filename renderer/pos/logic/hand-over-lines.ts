import type { ManualDiscountView } from '../../../shared/contracts/manual-discounts';
import type { TicketItem } from '../../../shared/contracts/ticket';
import { formatMoney } from '../../common/format';
import { quantityWords } from '../../common/pickup/pickup-words';
import { lineManual, manualWords } from './manual-discounts';
import { askedWords } from './order-shortfall';
import { savingWords, storeSavings } from './sale-deals';

/** One line of an online order at the counter, as the cashier reads it before handing it over. */
export interface HandOverLine {
  key: string;
  /** "2 ×" for counted items, "3.4 g" for a weighed line: it reads by its weight, never "1 ×". */
  amount: string;
  name: string;
  /** The brand, and a counted item's size ("Humboldt Hills · 3.5g"); a weighed line's weight is its amount. */
  detail: string;
  /**
   * "of 2 ordered" beside a line holding less than the customer asked for (the shelf had fewer, or the
   * picker changed it), as its pick list says it, so the counter tells the customer; null when it holds that.
   */
  asked: string | null;
  /**
   * Its discounts as the cart words them under its line: its product's promotion and each deal by
   * name with what it took off ("3 pre-rolls for $20 −$10.67"), then a manual discount with its
   * reason, then its share of one off the whole sale.
   */
  deals: string[];
  /** The ticket's line, for its amount before and after its discounts (LineMoney.vue). */
  item: TicketItem;
}

/** A line's discounts in the cart's words (CartLine.vue), from the ticket's line and its manual discounts. */
function dealWords(item: TicketItem, manual: readonly ManualDiscountView[]): string[] {
  const taken = lineManual(item, manual);
  const given = manual.find((entry) => entry.productId === item.productId);
  return [
    ...storeSavings(item).map(savingWords),
    // What it took is the ticket's (`own`), so the words never fall back on how it was given.
    ...(given ? [manualWords(taken.own, { reason: given.reason })] : []),
    ...(taken.share ? [`Manual discount −${formatMoney(taken.share)} · whole sale`] : []),
  ];
}

/** The ticket's lines in the order's line order, each by its count or its weight, with its discounts. */
export function handOverLines(
  items: readonly TicketItem[],
  manual: readonly ManualDiscountView[] = [],
): HandOverLine[] {
  return items.map((item) => ({
    key: String(item.lineIndex),
    amount: quantityWords(item),
    name: item.name,
    detail: [item.brand, item.deli ? '' : item.size].filter(Boolean).join(' · '),
    asked: askedWords(item),
    deals: dealWords(item, manual),
    item,
  }));
}
