import type { Ticket } from '../../../shared/contracts/ticket';

/** A line of the cart a ticket could fill only in part: its product's name and unit (weighed lines). */
export interface ShortLine {
  productId: string;
  name: string;
  /** "g" for a weighed line, "" for a counted one. */
  unit: string;
}

/** The cart's lines as the shortfall names them: each product's name, and its unit when weighed. */
export function shortLinesOf(
  lines: readonly { product: { productId: string; name: string; deli: boolean; unitType: string } }[],
): ShortLine[] {
  return lines.map(({ product }) => ({
    productId: product.productId,
    name: product.name,
    unit: product.deli ? product.unitType : '',
  }));
}

const amount = (quantity: number, unit: string): string => (unit ? `${quantity} ${unit}` : String(quantity));

/**
 * What the order holds less than the cart asked, one sentence per line: "Trial Kush: 15 of 20 — only
 * 15 were in stock", "Gummies: 0 of 2 — none were in stock", "Old Tin: 0 of 1 — no longer sold".
 */
export function shortfallWords(sale: Pick<Ticket, 'unavailableItems'>, lines: readonly ShortLine[]): string[] {
  return sale.unavailableItems.map((item) => {
    const line = lines.find((entry) => entry.productId === item.productId);
    const unit = line?.unit ?? '';
    const name = line?.name ?? 'An item';
    const held = `${amount(item.availableQuantity, unit)} of ${amount(item.requestedQuantity, unit)}`;
    let why: string;
    if (item.reason === 'DISCONTINUED') why = 'no longer sold';
    else if (item.availableQuantity === 0) why = 'none were in stock';
    else
      why = `only ${amount(item.availableQuantity, unit)} ${item.availableQuantity === 1 && !unit ? 'was' : 'were'} in stock`;
    return `${name}: ${held} — ${why}`;
  });
}

/** The checkout's notice after a ticket filled in part: what each short line holds, and that the total is the order's. */
export function shortfallNotice(words: readonly string[]): string {
  if (words.length === 0) return '';
  return `${words.join('. ')}. The order holds what was in stock; the cart and total now show it.`;
}
