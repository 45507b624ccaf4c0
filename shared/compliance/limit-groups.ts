import { checkLineAmounts, type LimitLine } from './limit-lines.js';
import type { CountRule, CustomerRules, LimitGroup } from './profiles/schema.js';

/**
 * The arithmetic of the limits, exact in integers. A group adds up "ticks": fractions of its unit
 * small enough that every conversion into it is whole. Its scale is the least common multiple of the
 * `per` of the rules that count toward it, so Colorado's flower-equivalent group (concentrate counts
 * 7/2 of its weight) adds up half-milligrams, and 4 g of concentrate + 400 mg of THC make exactly
 * the 28 g limit, no rounding on the way.
 */

/** Who is buying, for the limits. */
export type LimitCustomer =
  | { type: 'adult_use'; age?: number }
  | {
      type: 'medical';
      age?: number;
      /** A recommendation's own amounts by group id, in the group's unit (used where the profile allows). */
      recommendationLimits?: Readonly<Record<string, number>>;
    };

/** One group's totals in ticks. */
export interface GroupTotals {
  group: LimitGroup;
  /** Ticks per unit (per milligram or per item). */
  scale: number;
  /** The limit that applies to this customer, in the group's unit. */
  limit: number;
  bought: number;
  cart: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;

function scaleOf(rules: CustomerRules, groupId: string): number {
  return Object.values(rules.counting)
    .flat()
    .filter((rule) => rule.group === groupId)
    .reduce((scale, rule) => lcm(scale, rule.per ?? 1), 1);
}

/**
 * The limit of `group` for this customer: the recommendation's (never above the profile's most for a
 * recommendation, whatever was stored), the younger customers', or the group's.
 */
function limitFor(group: LimitGroup, rules: CustomerRules, customer: LimitCustomer): number {
  if (customer.type === 'medical' && rules.recommendationMayChangeLimits) {
    const own = customer.recommendationLimits?.[group.id];
    if (own !== undefined && (!Number.isSafeInteger(own) || own < 0)) {
      throw new RangeError(`A recommendation's limit for ${group.id} must be a whole number of at least 0`);
    }
    if (own !== undefined) return Math.min(own, group.recommendationMaximum ?? group.limit);
  }
  // An unknown age gets the lower limit: the register never sells more than the youngest may buy.
  if (group.younger && (customer.age === undefined || customer.age < group.younger.underAge))
    return group.younger.limit;
  return group.limit;
}

/** The counting rules of a line's category, or undefined when the profile does not know the category. */
export function rulesOf(rules: CustomerRules, line: LimitLine): readonly CountRule[] | undefined {
  return Object.hasOwn(rules.counting, line.category)
    ? rules.counting[line.category as keyof CustomerRules['counting']]
    : undefined;
}

/** How many ticks of its group one rule counts for a line. */
export function ticksOf(rule: CountRule, line: LimitLine, scale: number): number {
  const measure = { weight: line.weightMg, thc: line.thcMg, units: line.units }[rule.by];
  return measure * (rule.times ?? 1) * (scale / (rule.per ?? 1));
}

/** Each group of the rules with what was bought and what is in the cart (lines of unknown categories skipped). */
export function groupTotals(
  rules: CustomerRules,
  customer: LimitCustomer,
  bought: readonly LimitLine[],
  cart: readonly LimitLine[],
): GroupTotals[] {
  const totals = rules.groups.map((group) => ({
    group,
    scale: scaleOf(rules, group.id),
    limit: limitFor(group, rules, customer),
    bought: 0,
    cart: 0,
  }));
  const add = (line: LimitLine, into: 'bought' | 'cart') => {
    checkLineAmounts(line);
    for (const rule of rulesOf(rules, line) ?? []) {
      const total = totals.find((candidate) => candidate.group.id === rule.group)!;
      total[into] += ticksOf(rule, line, total.scale);
    }
  };
  bought.forEach((line) => add(line, 'bought'));
  cart.forEach((line) => add(line, 'cart'));
  return totals;
}
