import type { Cents } from '../money.js';

// Every discount of one line, named with what it took off: the product's own promotion ("10% off
// edibles"), then the deals, then the discounts given by hand. What the cart, the pole display and
// the receipt list under a line, so what they show adds up to what the line came to.

/** The `dealId` of a line's discount given by hand, among the deals' (`discounts` of a ticket's line). */
export const MANUAL_DEAL_ID = 'manual';

/** The name of a promotion its product gives no words for (the catalog's default is "<percent>% off"). */
export const PROMOTION_FALLBACK_NAME = 'Promotion';

/** The three sources of a line's discounts, in the order a line lists them. */
export type LineDiscountKind = 'promotion' | 'deal' | 'manual';

/** One discount of a line: where it came from, its name and what it took off (positive cents). */
export interface NamedDiscount {
  kind: LineDiscountKind;
  name: string;
  amountCents: Cents;
}

/** A line as priced: its amounts, its `discountDescription` and what each deal (and manual discount) took. */
export interface DiscountedLine {
  /** The line's amount before any discount (the ticket's `originalPrice`). */
  beforeCents: Cents;
  /** The line's amount after all of them (the ticket's `priceSell`). */
  afterCents: Cents;
  /** The promotion's words followed by each deal's name, joined by "; " (the ticket's `discountDescription`). */
  description: string;
  /** What each deal and each manual discount took off, positive cents (the ticket's `discounts`). */
  discounts: readonly { dealId: string; name: string; amountCents: Cents }[];
}

const SEPARATOR = '; ';

/**
 * The promotion's own words in a line's description: what is left once the deals' names, which the
 * service appends after it, are taken off its end (or, for words written some other way, out of it).
 */
export function promotionWords(description: string, dealNames: readonly string[]): string {
  if (dealNames.length === 0) return description.trim();
  const tail = dealNames.join(SEPARATOR);
  if (description === tail) return '';
  if (description.endsWith(SEPARATOR + tail)) return description.slice(0, -(SEPARATOR.length + tail.length)).trim();
  const parts = description.split(SEPARATOR);
  for (const name of dealNames) {
    const at = parts.lastIndexOf(name);
    if (at !== -1) parts.splice(at, 1);
  }
  return parts.join(SEPARATOR).trim();
}

/**
 * Every discount of a line, each named with what it took off: its product's promotion first (what
 * the line's discount holds beyond its deals; named by its description, "Promotion" when it has no
 * words), then the deals in the service's order, then the manual discounts. Their amounts add up to
 * `beforeCents − afterCents`.
 */
export function lineDiscounts(line: DiscountedLine): NamedDiscount[] {
  const deals = line.discounts.filter((entry) => entry.dealId !== MANUAL_DEAL_ID);
  const manual = line.discounts.filter((entry) => entry.dealId === MANUAL_DEAL_ID);
  const listed = line.discounts.reduce((sum, entry) => sum + entry.amountCents, 0);
  const promotionCents = line.beforeCents - line.afterCents - listed;
  const promotion: NamedDiscount[] =
    promotionCents > 0
      ? [
          {
            kind: 'promotion',
            name:
              promotionWords(
                line.description,
                line.discounts.map((entry) => entry.name),
              ) || PROMOTION_FALLBACK_NAME,
            amountCents: promotionCents,
          },
        ]
      : [];
  return [
    ...promotion,
    ...deals.map(({ name, amountCents }) => ({ kind: 'deal' as const, name, amountCents })),
    ...manual.map(({ name, amountCents }) => ({ kind: 'manual' as const, name, amountCents })),
  ];
}
