/**
 * Whether a deal may apply now, to this customer, as it was triggered, with uses left: the first
 * thing that stops it, or null. Its scope is read against the cart's lines elsewhere (the index).
 */
import type { DealContext, DealCustomer } from './cart.js';
import type { CustomerGroup, Deal } from './deal.js';
import { normalCode } from './promo-code.js';
import { runsAt } from './schedule.js';

/** What stops a deal from applying, in the order it is checked. */
export type Blocker =
  'paused' | 'not_triggered' | 'not_running' | 'no_customer' | 'not_for_customer' | 'limited_per_customer' | 'used_up';

/** True when the customer belongs to the group. */
export function inGroup(group: CustomerGroup, customer: DealCustomer): boolean {
  switch (group.kind) {
    case 'medical':
    case 'adult_use':
      return customer.type === group.kind;
    case 'veteran':
      return customer.veteran;
    case 'first_visit':
      return customer.firstVisit;
    case 'age':
      return customer.age >= group.minAge;
    case 'tier':
      // A tier is named by its name in the store's loyalty programme, in any case.
      return customer.tierId !== null && customer.tierId.toLowerCase() === group.tierId.trim().toLowerCase();
  }
}

/** The context read once per `apply`: codes typed and deals chosen, as sets. */
export interface ReadContext {
  context: DealContext;
  codes: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
}

/** Reads the context once for a whole `apply`. */
export function readContext(context: DealContext): ReadContext {
  return { context, codes: new Set(context.codes.map(normalCode)), chosen: new Set(context.chosen) };
}

/** What stops the deal from applying now (its scope aside), or null when nothing does. */
export function blocker(deal: Deal, read: ReadContext): Blocker | null {
  const { context } = read;
  if (!deal.active) return 'paused';
  if (deal.trigger === 'cashier' && !read.chosen.has(deal.id)) return 'not_triggered';
  if (deal.trigger === 'code' && (deal.code === null || !read.codes.has(normalCode(deal.code)))) {
    return 'not_triggered';
  }
  if (!runsAt(deal.schedule, context.date, context.weekday, context.minute)) return 'not_running';
  if (deal.groups.length > 0) {
    const customer = context.customer;
    if (!customer) return 'no_customer';
    if (!deal.groups.some((group) => inGroup(group, customer))) return 'not_for_customer';
  }
  // Uses counted per customer need the customer: a sale naming nobody would use it without end.
  if (deal.perCustomerLimit !== null && !context.customer) return 'limited_per_customer';
  const left = context.usesLeft.get(deal.id);
  if (left !== undefined && left <= 0) return 'used_up';
  return null;
}
