import type { QueueLine, QueueOrder } from '../../../shared/contracts/pickup';
import { quantityWords } from '../../common/pickup/pickup-words';
import { shortfallWords } from './shortfall-words';

/**
 * What an online order holds less of than its customer asked, one sentence per item, so the counter
 * can tell them: "THCa Diamonds: 7 of 9 — only 7 were in stock", "Cold Cure Rosin: 0 of 1 — none
 * were in stock". Nothing for an order filled in full (or read from an older store server).
 */
export function orderShortWords(order: Pick<QueueOrder, 'unavailableItems'>): string[] {
  const items = order.unavailableItems ?? [];
  const lines = items.map((item) => ({
    productId: item.productId,
    name: item.name,
    unit: item.deli ? item.unitType : '',
  }));
  return shortfallWords({ unavailableItems: items }, lines);
}

type Amounts = Pick<QueueLine, 'quantity' | 'originalQuantity' | 'unitType' | 'deli'>;

const asked = (line: Amounts): number => line.originalQuantity ?? line.quantity;
const sameAmount = (a: number, b: number) => Math.round(a * 1000) === Math.round(b * 1000);

/** "of 9 ordered" beside a line holding less (or more) than the customer ordered; null when it holds that. */
export function askedWords(line: Amounts): string | null {
  if (sameAmount(asked(line), line.quantity)) return null;
  return `of ${line.deli ? `${asked(line)}\u00a0${line.unitType}` : asked(line)} ordered`;
}

/** "Ordered: 9 ×; the order holds 7 ×" (the shelf held less, or the line was changed), else "Ordered: 7 ×". */
export function orderedWords(line: Amounts): string {
  const ordered = `Ordered: ${quantityWords({ ...line, quantity: asked(line) })}`;
  return sameAmount(asked(line), line.quantity) ? ordered : `${ordered}; the order holds ${quantityWords(line)}`;
}
