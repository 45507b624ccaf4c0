import type { PriceBreak } from '../contracts/products.js';

/** A refusal of a product's field: the field (`priceBreaks[1].weightMg`) and the rule broken. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The rules of weight price breaks (3.5 g for $30, 7 g for $55…): only for a weighed (deli)
 * product, each weight once. Answers the breaks lightest first, or the first rule broken.
 */
export function checkPriceBreaks(
  breaks: readonly PriceBreak[],
  deli: boolean,
): { breaks: PriceBreak[]; problem?: undefined } | { breaks?: undefined; problem: FieldProblem } {
  if (breaks.length > 0 && !deli) {
    return {
      problem: {
        field: 'priceBreaks',
        message: 'must be empty for a product sold by the unit: price breaks are for weighed (deli) products',
      },
    };
  }
  const seen = new Set<number>();
  for (const [index, { weightMg }] of breaks.entries()) {
    if (seen.has(weightMg)) {
      return {
        problem: {
          field: `priceBreaks[${index}].weightMg`,
          message: `names ${weightMg / 1000} g twice: one price per weight`,
        },
      };
    }
    seen.add(weightMg);
  }
  return { breaks: [...breaks].sort((a, b) => a.weightMg - b.weightMg) };
}

/** "1 g $12.00 · 3.5 g $30.00": price breaks in words, for the command line and the audit trail. */
export function priceBreaksInWords(breaks: readonly PriceBreak[], money: (cents: number) => string): string {
  if (breaks.length === 0) return 'none';
  return breaks.map((price) => `${price.weightMg / 1000} g ${money(price.priceCents)}`).join(' · ');
}

/**
 * The price of a weighed line of exactly `quantityMilli` (thousandths of a gram: 3500 is 3.5 g,
 * which is 3500 mg) when the product has a price break for that weight; undefined otherwise, and
 * the line is priced by the gram.
 */
export function breakPriceFor(breaks: readonly PriceBreak[], quantityMilli: number): number | undefined {
  return breaks.find((price) => price.weightMg === quantityMilli)?.priceCents;
}
