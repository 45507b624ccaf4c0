import {
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  discountRulesOf,
  formatAmount,
  type CustomerRules,
  type LimitGroup,
  type StateProfile,
} from '../../../shared/compliance';
import { categoryLabel } from '../../../shared/labels';
import { listed } from '../../../shared/list-words';
import { formatMoney } from '../../../shared/money';

/** A state profile's rules in words, as the back office shows the state a store may choose. */

/**
 * "28.5 g of non-concentrated cannabis", "6 immature plants", "no immature plants", "8 g of concentrate
 * (2 g under 21)": a group at its limit, or at `limit` (a recommendation's most).
 */
function groupWords(group: LimitGroup, limit = group.limit): string {
  if (limit === 0) return `no ${group.name}`;
  const amount = (value: number) =>
    group.unit === 'count' ? `${value} ${group.name}` : `${formatAmount(value, group.unit)} of ${group.name}`;
  const younger = group.younger
    ? ` (${formatAmount(group.younger.limit, group.unit)} under ${group.younger.underAge})`
    : '';
  return limit === group.limit ? `${amount(limit)}${younger}` : amount(limit);
}

/** "Adult-use, 21 and older: 28.5 g of non-concentrated cannabis, 8 g of concentrate and 6 immature plants a day." */
function rulesWords(label: string, rules: CustomerRules): string {
  const period = rules.period === 'day' ? 'a day' : 'in each sale';
  const most = rules.groups.map((group) => groupWords(group, group.recommendationMaximum ?? group.limit));
  const own = rules.recommendationMayChangeLimits
    ? `; a recommendation's own amounts replace them, up to ${listed(most)} (above the state's, set by a manager)`
    : '';
  return `${label}, ${rules.minimumAge} and older: ${listed(rules.groups.map((group) => groupWords(group)))} ${period}${own}.`;
}

/**
 * "Deals never take a unit of cannabis below $0.01 (a gram, where weighed); tax is on the price after
 * discounts.": the state's rules on discounts, when the profile has them.
 */
function discountWords(profile: StateProfile): string[] {
  if (!profile.discounts) return [];
  const rules = discountRulesOf(profile);
  const cannabis = profile.discounts.floorAppliesTo === undefined;
  const what = cannabis
    ? 'cannabis'
    : listed(rules.floorAppliesTo.map((category) => categoryLabel(category).toLowerCase()));
  const floor =
    rules.floorCentsPerUnit === 0
      ? 'Deals have no least price'
      : `Deals never take a unit of ${what} below ${formatMoney(rules.floorCentsPerUnit)} (a gram, where weighed)`;
  return [`${floor}; tax is on the price ${rules.taxBase === 'after_discounts' ? 'after' : 'before'} discounts.`];
}

/** One sentence per customer type (who may buy and how much), then the state's rules on discounts. */
export function profileWords(profile: StateProfile): string[] {
  const types = CUSTOMER_TYPES.map((type) => {
    const label = CUSTOMER_TYPE_LABELS[type];
    return rulesWords(`${label.charAt(0).toUpperCase()}${label.slice(1)}`, profile.customerTypes[type]);
  });
  return [...types, ...discountWords(profile)];
}
