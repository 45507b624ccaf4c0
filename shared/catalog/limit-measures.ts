import {
  limitLine,
  type ComplianceCategory,
  type CountRule,
  type LimitLine,
  type StateProfile,
} from '../compliance/index.js';
import { categoryLabel } from '../labels.js';
import type { MilliQuantity } from '../quantity.js';
import { isProductType, type ProductType } from './product-types.js';

/**
 * From a catalog product to a line the purchase limits count (shared/compliance/limits.ts), for the
 * server's ticket creation and the POS's live cart alike.
 */

/**
 * A product's cannabis content, as the catalog stores it (integers; null when the catalog does not
 * have it). Both are per unit; a deli item's cannabis weight is the weight sold and stays null.
 */
export interface CannabisContent {
  /**
   * Cannabis weight of one unit in mg: the net weight of flower and pre-rolls; the concentrate
   * contained in a concentrate, vape or infused product (edibles, beverages, tinctures, capsules,
   * topicals), which is how California counts them.
   */
  cannabisWeightMg: number | null;
  /** THC of one unit in mg (of one gram for a deli item); Colorado counts infused products by it. */
  thcMg: number | null;
}

/** What a catalog product carries for the limits (the catalog's and the POS's product have these). */
export interface ProductMeasures extends CannabisContent {
  type: string;
  name?: string;
  /** Weighed at the counter: the quantity sold is grams, and that weight is its cannabis weight. */
  deli: boolean;
}

/**
 * How each product type counts for the limits. Today they share their names; a product type added
 * to the catalog must be given its category here before it compiles, so nothing is sold uncounted.
 */
const CATEGORY_OF: Record<ProductType, ComplianceCategory> = {
  FLOWER: 'FLOWER',
  PREROLL: 'PREROLL',
  VAPE: 'VAPE',
  EDIBLE: 'EDIBLE',
  BEVERAGE: 'BEVERAGE',
  CONCENTRATE: 'CONCENTRATE',
  TINCTURE: 'TINCTURE',
  TOPICAL: 'TOPICAL',
  CAPSULE: 'CAPSULE',
  IMMATURE_PLANT: 'IMMATURE_PLANT',
  ACCESSORY: 'ACCESSORY',
};

/** The compliance category of a product, or undefined for a type the catalog does not know. */
export function complianceCategory(product: Pick<ProductMeasures, 'type'>): ComplianceCategory | undefined {
  return isProductType(product.type) ? CATEGORY_OF[product.type] : undefined;
}

/** The measures of a category that a profile counts, for any of its customer types. */
export function measuresCounted(profile: StateProfile, category: ComplianceCategory): Set<CountRule['by']> {
  const rules = Object.values(profile.customerTypes).flatMap((customer) => customer.counting[category] ?? []);
  return new Set(rules.map((rule) => rule.by));
}

export type LimitLineOf =
  | { ok: true; line: LimitLine }
  | { ok: false; problem: 'unknown_type' | 'no_cannabis_weight' | 'no_thc'; reason: string };

/**
 * The line `quantityMilli` (thousandths of a unit; milligrams of a deli item) of `product` makes for
 * the limits of `profile`. A deli item's cannabis weight is the weight sold, so its per-unit value is
 * not read. A measure the profile counts the category by must be in the catalog: a product without
 * it cannot be counted, and is refused with the reason rather than sold as if it weighed nothing.
 * A measure the profile does not count is taken as 0. A fractional count of a counted product throws
 * (the caller checks quantities first), as `limitLine` does.
 */
export function limitLineOf(
  product: ProductMeasures,
  quantityMilli: MilliQuantity,
  profile: StateProfile,
): LimitLineOf {
  const name = product.name ?? 'This product';
  const category = complianceCategory(product);
  if (!category) {
    const reason = `${name} has the product type "${product.type}", which the purchase limits do not know.`;
    return { ok: false, problem: 'unknown_type', reason };
  }
  const counted = measuresCounted(profile, category);
  const kind = categoryLabel(product.type).toLowerCase();
  const missing = (what: string, problem: 'no_cannabis_weight' | 'no_thc'): LimitLineOf => ({
    ok: false,
    problem,
    reason:
      `${name} has no ${what} in the catalog, and ${profile.stateName} counts ${kind} by it toward the ` +
      `purchase limits: add it to the catalog before selling it.`,
  });
  if (counted.has('weight') && !product.deli && product.cannabisWeightMg === null) {
    return missing('cannabis weight', 'no_cannabis_weight');
  }
  if (counted.has('thc') && product.thcMg === null) return missing('THC content', 'no_thc');
  const measures = {
    category,
    cannabisWeightMg: product.deli ? 0 : (product.cannabisWeightMg ?? 0),
    thcMg: product.thcMg ?? 0,
    deli: product.deli,
    ...(product.name === undefined ? {} : { name: product.name }),
  };
  return { ok: true, line: limitLine(measures, quantityMilli) };
}
