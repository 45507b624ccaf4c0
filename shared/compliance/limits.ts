import { groupTotals, rulesOf, ticksOf, type GroupTotals, type LimitCustomer } from './limit-groups.js';
import { formatAmount, type LimitLine } from './limit-lines.js';
import { categoryLabel } from '../labels.js';
import { CUSTOMER_TYPE_LABELS, type CustomerRules, type GroupUnit, type StateProfile } from './profiles/schema.js';

/**
 * Purchase limits: how much of each equivalency group a customer may still buy, and whether a line
 * may join the cart. Pure and synchronous, so the POS calls it on every cart change to show the
 * remaining allowance live, and the server calls the same rules (`checkCart`) at ticket creation with
 * what the customer bought today at every register and online. Amounts are integers: milligrams of
 * weight or THC, or counts (see limit-groups.ts for the exact arithmetic).
 */

export type { LimitCustomer } from './limit-groups.js';

/** What the limits are computed from. */
export interface LimitInput {
  profile: StateProfile;
  customer: LimitCustomer;
  /**
   * The customer's lines bought earlier in the limit's period, at any register or online (none for a
   * per-sale limit): choose them with `purchasesCounted` or query `limitWindow` (purchase-window.ts).
   */
  alreadyBought: readonly LimitLine[];
  /** The lines in the cart (or the ticket being created). */
  cart: readonly LimitLine[];
}

/** Where a customer stands in one group; amounts in the group's unit (mg or count). */
export interface GroupAllowance {
  group: string;
  /** "non-concentrated cannabis" */
  name: string;
  unit: GroupUnit;
  limit: number;
  /** Rounded up when a conversion leaves a fraction. */
  alreadyBought: number;
  inCart: number;
  /** What may still be bought in the period; rounded down, never below 0. */
  remaining: number;
  /** Already past the limit (a limit lowered during the day, or a sale that went through offline). */
  over: boolean;
  /** "16 g of 28.5 g left today", "4 of 6 left in this sale" */
  summary: string;
}

/** Whether a line (or a whole cart) may be sold, with the allowances before it; refusals in words. */
export type LimitCheck =
  | { allowed: true; allowances: GroupAllowance[] }
  | { allowed: false; reason: string; group?: string; allowances: GroupAllowance[] };

const PERIOD_WORDS: Record<CustomerRules['period'], { limit: string; left: string }> = {
  day: { limit: 'daily limit', left: 'left today' },
  transaction: { limit: 'limit per sale', left: 'left in this sale' },
};

const ceilDiv = (ticks: number, scale: number) => Math.ceil(ticks / scale);
const leftOf = (total: GroupTotals) =>
  Math.max(0, Math.floor((total.limit * total.scale - total.bought - total.cart) / total.scale));

function allowanceOf(total: GroupTotals, period: CustomerRules['period']): GroupAllowance {
  const { group, limit, scale } = total;
  const remaining = leftOf(total);
  const amount = (value: number) => formatAmount(value, group.unit);
  return {
    group: group.id,
    name: group.name,
    unit: group.unit,
    limit,
    alreadyBought: ceilDiv(total.bought, scale),
    inCart: ceilDiv(total.cart, scale),
    remaining,
    over: total.bought + total.cart > limit * scale,
    summary: `${amount(remaining)} of ${amount(limit)} ${PERIOD_WORDS[period].left}`,
  };
}

/** Each group's limit, what was bought, what is in the cart and what is left. */
export function allowances(input: LimitInput): GroupAllowance[] {
  const rules = input.profile.customerTypes[input.customer.type];
  return groupTotals(rules, input.customer, input.alreadyBought, input.cart).map((total) =>
    allowanceOf(total, rules.period),
  );
}

function refusal(input: LimitInput, total: GroupTotals, added: number, converted: boolean, line: LimitLine): string {
  const { group, limit, scale } = total;
  const rules = input.profile.customerTypes[input.customer.type];
  if (limit === 0) {
    const who = CUSTOMER_TYPE_LABELS[input.customer.type];
    return `${group.name[0]!.toUpperCase()}${group.name.slice(1)} cannot be sold to ${who} customers in ${input.profile.stateName}.`;
  }
  const words = PERIOD_WORDS[rules.period];
  const amount = (value: number) => formatAmount(value, group.unit);
  const after = ceilDiv(total.bought + total.cart + added, scale);
  const left = leftOf(total);
  const leftText = `${left === 0 ? 'none' : amount(left)} ${words.left}`;
  const counted = converted ? ` (${line.name ?? 'this line'} counts as ${amount(ceilDiv(added, scale))})` : '';
  return group.unit === 'count'
    ? `This would bring ${group.name} to ${after}, over the ${words.limit} of ${limit}: ${leftText}${counted}.`
    : `This would bring ${group.name} to ${amount(after)} of the ${amount(limit)} ${words.limit}: ${leftText}${counted}.`;
}

/**
 * Whether `candidate` may join the cart: refused, naming the group and what is left, when it would
 * take a group past its limit. A line that adds nothing to a group already past it (an accessory)
 * is allowed.
 */
export function checkLine(input: LimitInput, candidate: LimitLine): LimitCheck {
  const rules = input.profile.customerTypes[input.customer.type];
  const totals = groupTotals(rules, input.customer, input.alreadyBought, input.cart);
  const current = totals.map((total) => allowanceOf(total, rules.period));
  const counting = rulesOf(rules, candidate);
  if (!counting) {
    const category = categoryLabel(candidate.category);
    const reason = `The ${input.profile.stateName} rules do not say how the category ${category} counts toward the purchase limits.`;
    return { allowed: false, reason, allowances: current };
  }
  for (const total of totals) {
    const applying = counting.filter((rule) => rule.group === total.group.id);
    const added = applying.reduce((sum, rule) => sum + ticksOf(rule, candidate, total.scale), 0);
    if (added > 0 && total.bought + total.cart + added > total.limit * total.scale) {
      const converted = applying.some((rule) => rule.times !== undefined);
      const reason = refusal(input, total, added, converted, candidate);
      return { allowed: false, reason, group: total.group.id, allowances: current };
    }
  }
  return { allowed: true, allowances: allowances({ ...input, cart: [...input.cart, candidate] }) };
}

/** The server's check at ticket creation: each line in order, refused at the first over a limit. */
export function checkCart(input: LimitInput): LimitCheck {
  for (const [index, line] of input.cart.entries()) {
    const check = checkLine({ ...input, cart: input.cart.slice(0, index) }, line);
    if (!check.allowed) return check;
  }
  return { allowed: true, allowances: allowances(input) };
}
