/**
 * What the deals engine reads (a cart's lines, the customer, the moment and what was typed or
 * chosen) and what it answers (each line's discounts by deal, and each code typed, in words).
 */
import type { Cents } from '../money.js';

/** One line of the cart as the engine prices it. */
export interface DealLine {
  /** The line's identity, unique in the cart (the caller's line index). */
  key: string;
  productId: string;
  brand: string;
  category: string;
  tags: readonly string[];
  /** One unit's price (one gram's for a weighed product). */
  unitPriceCents: Cents;
  /** Thousandths of the unit: 2 units = 2000; 3.5 g = 3500. */
  quantityMilli: number;
  weighed: boolean;
  /** The line's amount before deals (a product's own price break applied). */
  amountCents: Cents;
  /** The least the line may come to after deals (the state's floor × units; 0: none). */
  floorCents: Cents;
}

/** The customer on the sale, as the deals' groups read them. */
export interface DealCustomer {
  type: 'adult_use' | 'medical';
  age: number;
  veteran: boolean;
  firstVisit: boolean;
  tierId: string | null;
}

/** Everything but the lines that decides which deals apply. */
export interface DealContext {
  /** Now in the store's time: `YYYY-MM-DD`, 0 Sunday … 6 Saturday, minutes after midnight. */
  date: string;
  weekday: number;
  minute: number;
  customer: DealCustomer | null;
  /** Promo codes typed, any case. */
  codes: readonly string[];
  /** Ids of `cashier` deals the cashier chose. */
  chosen: readonly string[];
  /** Deals with a limit: uses left now for this customer and in all (absent: no limit). */
  usesLeft: ReadonlyMap<string, number>;
}

/** What one deal takes off one line (positive). */
export interface LineDiscount {
  dealId: string;
  name: string;
  amountCents: Cents;
}

/** A cart priced by the deals: explained line by line and deal by deal. */
export interface DealOutcome {
  /** In the input's order. */
  lines: { key: string; discounts: LineDiscount[]; discountCents: Cents }[];
  /** The deals applied, biggest first, then by id. */
  deals: { dealId: string; name: string; amountCents: Cents }[];
  discountCents: Cents;
  /** Each code typed: applied, or why not, in words. */
  codes: { code: string; applied: boolean; words: string }[];
  /** Each deal the cashier chose (the context's `chosen`): applied, or why not, in words. */
  chosen: { dealId: string; applied: boolean; words: string }[];
}

/** What each deal took off a set of lines, added up by deal: biggest first, then by deal id. */
export function dealTotals(discounts: readonly LineDiscount[]): { dealId: string; name: string; amountCents: Cents }[] {
  const byDeal = new Map<string, { dealId: string; name: string; amountCents: Cents }>();
  for (const { dealId, name, amountCents } of discounts) {
    const sum = byDeal.get(dealId);
    if (sum) sum.amountCents += amountCents;
    else byDeal.set(dealId, { dealId, name, amountCents });
  }
  return [...byDeal.values()].sort(
    (a, b) => b.amountCents - a.amountCents || (a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0),
  );
}
