/**
 * The words of a product's or a manifest item's name, for matching one to the other: any case,
 * accents and punctuation ignored, and sizes written alike ("3.5g", "3.5 grams", "1/8 oz" and "an
 * eighth" are all `3500mg`; "2-pack" and "2 pk" are `2pk`).
 */

/**
 * Cannabis is sold by the "eighth" of 3.5 g: an ounce is counted as 28 g in product names (not
 * 28.35), so "1/8 oz" and "3.5g" are one size.
 */
export const NAME_GRAMS_PER_OUNCE = 28;

const OUNCE_FRACTIONS: Record<string, number> = { '1/8': 1 / 8, '1/4': 1 / 4, '1/2': 1 / 2, '1': 1 };
const OUNCE_WORDS: Record<string, number> = { eighth: 1 / 8, quarter: 1 / 4, half: 1 / 2 };

const milligrams = (grams: number) => ` ${Math.round(grams * 1000)}mg `;

const STOP_WORDS = new Set(['the', 'and', 'of', 'a', 'an', 'by', 'with', 'in', 'x']);

/** "Blue Dream 1/8 oz." → `blue dream 3500mg`, as an ordered list of words. */
export function nameTokens(text: string): string[] {
  const sized = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(
      /(^|[^\d/.])(1\/8|1\/4|1\/2|1)\s*(?:th)?\s*(?:oz|ounces?)\b\.?/g,
      (_, before: string, fraction: string) =>
        `${before}${milligrams(OUNCE_FRACTIONS[fraction]! * NAME_GRAMS_PER_OUNCE)}`,
    )
    .replace(/\b1\/8(?:th)?\b/g, milligrams(3.5))
    // "Half Baked" is a name, not a size: a half or a quarter is an ounce's only when it says so.
    .replace(/\b(?:eighth(?:\s*(?:oz|ounce))?|(quarter|half)\s*(?:oz|ounce))\b/g, (_, word?: string) =>
      milligrams(OUNCE_WORDS[word ?? 'eighth']! * NAME_GRAMS_PER_OUNCE),
    )
    .replace(
      /(\d+(?:\.\d+)?|\.\d+)\s*(mg|milligrams?|g|grams?|gm|kg|ml|milliliters?|millilitres?)\b/g,
      (_, n: string, unit: string) => {
        const value = Number(n);
        if (unit.startsWith('ml') || unit.startsWith('millil')) return ` ${value}ml `;
        if (unit === 'mg' || unit.startsWith('milligram')) return milligrams(value / 1000);
        return milligrams(unit === 'kg' ? value * 1000 : value);
      },
    )
    .replace(/(\d+)\s*-?\s*(?:pk|packs?|ct|count)\b/g, ' $1pk ');
  return sized.split(/[^a-z0-9]+/).filter((token) => token !== '' && !STOP_WORDS.has(token));
}

/** True for a size word (`3500mg`, `1ml`): two sizes that differ say two products differ. */
export function isSizeToken(token: string): boolean {
  return /^\d+(\.\d+)?(mg|ml)$/.test(token);
}
