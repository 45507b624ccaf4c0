import type { Cents } from '../money.js';
import { COMPLIANCE_CATEGORIES, type ComplianceCategory, type StateProfile, type TaxBase } from './profiles/schema.js';

/**
 * A state's rules on discounts as pricing reads them (README "Deals"; the profile's `discounts`):
 * the least a unit of cannabis may come to after deals, and whether tax is on a line's amount after
 * the store's discounts or before them. The server prices every ticket, quote and line edit (and
 * a register offline) with the rules of the profile its store enforces.
 */

/** The rules one store's sales are priced by. */
export interface DiscountRules {
  /** The least a unit may come to after deals, in cents (a weighed product's gram); 0: no floor. */
  floorCentsPerUnit: Cents;
  /** The categories the floor holds. */
  floorAppliesTo: readonly ComplianceCategory[];
  taxBase: TaxBase;
}

/** A store that enforces no state profile, or a profile without rules on discounts: no floor, tax after discounts. */
export const NO_DISCOUNT_RULES: DiscountRules = {
  floorCentsPerUnit: 0,
  floorAppliesTo: [],
  taxBase: 'after_discounts',
};

/** The rules of `profile` (null: a store that enforces none); the floor holds every cannabis category unless named. */
export function discountRulesOf(profile: StateProfile | null): DiscountRules {
  const rules = profile?.discounts;
  if (!rules) return NO_DISCOUNT_RULES;
  const cannabis = COMPLIANCE_CATEGORIES.filter((category) => !profile.nonCannabisCategories.includes(category));
  return {
    floorCentsPerUnit: rules.floorCentsPerUnit,
    floorAppliesTo: rules.floorAppliesTo ?? cannabis,
    taxBase: rules.taxBase,
  };
}

/**
 * The least a line may come to after deals: its units (a weighed line's grams) × the floor, a part
 * of a unit rounded up so a floor of 1 cent keeps any quantity from being free. A product of a type
 * the catalog does not map (`category` undefined) is held too: never free by omission.
 */
export function lineFloorCents(
  rules: DiscountRules,
  category: ComplianceCategory | undefined,
  quantityMilli: number,
): Cents {
  if (rules.floorCentsPerUnit === 0 || quantityMilli <= 0) return 0;
  if (category !== undefined && !rules.floorAppliesTo.includes(category)) return 0;
  return Math.ceil((quantityMilli * rules.floorCentsPerUnit) / 1000);
}

/** The amount a line's tax is on: after its discounts (negative cents), or before them. */
export function taxableCents(rules: DiscountRules, subTotalCents: Cents, discountCents: Cents): Cents {
  return rules.taxBase === 'before_discounts' ? subTotalCents : subTotalCents + discountCents;
}
