import { productTypeFrom, type ProductType } from '../catalog/product-types.js';
import type { ManifestUnit } from './manifest-types.js';

/** What a new product takes from its package's row of a manifest, when receiving creates it. */
export interface NewProductDefaults {
  name: string;
  /** The category guessed from the manifest's category, else the item's name; '' when neither says. */
  type: ProductType | '';
  /** As the name says it ("3.5g"), or ''. */
  size: string;
  /** One unit's weight in `unitType`, from the size (0 when not said). */
  weight: number;
  unitType: string;
  /** Sold by the gram: a package counted in grams. */
  deli: boolean;
}

/** Words of a category or an item name, to the type they say; the more particular first ("Pre-Roll Flower"). */
const TYPE_WORDS: readonly [RegExp, ProductType][] = [
  [/\b(pre-?rolls?|joints?|blunts?)\b/i, 'PREROLL'],
  [/\b(vapes?|cartridges?|carts?|pods?|disposables?)\b/i, 'VAPE'],
  [/\b(gumm(y|ies)|chocolates?|edibles?|cookies?|brownies?|chews?|mints?|candy|candies)\b/i, 'EDIBLE'],
  [/\b(beverages?|drinks?|sodas?|seltzers?|teas?)\b/i, 'BEVERAGE'],
  [/\b(concentrates?|extracts?|wax|shatter|rosin|resin|badder|budder|diamonds|hash|kief)\b/i, 'CONCENTRATE'],
  [/\b(tinctures?)\b/i, 'TINCTURE'],
  [/\b(topicals?|balms?|lotions?|salves?|creams?)\b/i, 'TOPICAL'],
  [/\b(capsules?|softgels?|tablets?)\b/i, 'CAPSULE'],
  [/\b(clones?|seedlings?|immature)\b/i, 'IMMATURE_PLANT'],
  [/\b(flower|buds?|shake|trim|smalls|popcorn)\b/i, 'FLOWER'],
];

/** The type a category or a name says, or ''. */
function typeOf(...texts: (string | null | undefined)[]): ProductType | '' {
  for (const text of texts) {
    if (!text) continue;
    const whole = productTypeFrom(text);
    if (whole) return whole;
    const found = TYPE_WORDS.find(([words]) => words.test(text));
    if (found) return found[1];
  }
  return '';
}

/** The last size the name says ("Blue Dream 3.5g", "Live Resin 1 g"), as the label writes it. */
function sizeOf(name: string): { size: string; weight: number; unitType: string } | undefined {
  const sizes = [...name.matchAll(/(\d+(?:\.\d+)?)\s?(mg|g|oz|ml)\b/gi)];
  const last = sizes[sizes.length - 1];
  if (!last) return undefined;
  const weight = Number(last[1]);
  return weight > 0 ? { size: last[0], weight, unitType: last[2]!.toLowerCase() } : undefined;
}

/**
 * A new product's fields from a manifest's package (issue 30: a package matched to a product
 * created with the delivery): its name is the item's, a package counted in grams is a deli item
 * (sold by the gram), and a unit's size and weight come from a size in the name ("3.5g").
 * The back office prefills its form with it, the service fills what a decision leaves out.
 */
export function newProductFrom(pkg: {
  itemName: string;
  unit: ManifestUnit;
  category?: string | null;
}): NewProductDefaults {
  const name = pkg.itemName.trim().slice(0, 200);
  const type = typeOf(pkg.category, name);
  if (pkg.unit === 'grams') return { name, type, size: '', weight: 0, unitType: 'g', deli: true };
  const size = sizeOf(name);
  // "10 x 10mg" gummies are not a 10 mg unit: a milligram size is the content, not the weight.
  if (!size || size.unitType === 'mg') return { name, type, size: '', weight: 0, unitType: 'each', deli: false };
  return { name, type, ...size, deli: false };
}
