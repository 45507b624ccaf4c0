/**
 * The words of two exclusive deals that meet on a product (overlap.ts): which applies is the
 * engine's to say (search.ts: the one that saves the customer more; priority only breaks a tie), so
 * the words say that, and which of them a unit of the product gets at its price today.
 */
import type { DealLine } from './cart.js';
import { ALWAYS, type Deal } from './deal.js';
import { dealSummary, type DealNames } from './deal-words.js';
import { compileDeals } from './engine.js';

/** A product both deals take: its name, and (when stocked) one unit's shelf price and whether it is weighed. */
export interface SharedProduct extends Pick<DealLine, 'productId' | 'brand' | 'category' | 'tags'> {
  name: string;
  /** One unit's price (a gram's, weighed), its dearest package's; null or absent when it has none. */
  priceCents?: number | null;
  weighed?: boolean;
}

/** Kinds whose saving on one unit is what they save on the product (a bundle or buy X get Y needs more units). */
const ONE_UNIT_KINDS: ReadonlySet<Deal['kind']> = new Set(['percent', 'amount', 'fixed_price']);

/** The deal as the engine weighs it against the other on one unit: running, for anyone, untriggered. */
const anywhere = (deal: Deal): Deal => ({
  ...deal,
  active: true,
  schedule: ALWAYS,
  groups: [],
  trigger: 'automatic',
  code: null,
  perCustomerLimit: null,
  totalLimit: null,
});

/** What the engine takes off one unit of `product` with `deals`, and which deal took it. */
function priced(deals: readonly Deal[], product: SharedProduct, priceCents: number) {
  const line: DealLine = {
    key: 'unit',
    productId: product.productId,
    brand: product.brand,
    category: product.category,
    tags: product.tags,
    unitPriceCents: priceCents,
    quantityMilli: 1000,
    weighed: product.weighed ?? false,
    amountCents: priceCents,
    floorCents: 0,
  };
  const context = { date: '2026-01-07', weekday: 3, minute: 720, customer: null, codes: [], chosen: [] };
  const outcome = compileDeals(deals.map(anywhere)).apply([line], { ...context, usesLeft: new Map() });
  return { cents: outcome.discountCents, dealId: outcome.deals[0]?.dealId ?? null };
}

/**
 * "(Sweet Leaf 25 excl, at its price today)": which of the two a unit of the product gets at its
 * price now, as the engine chooses; '' when one unit cannot say (no price, a bundle) or neither saves.
 */
function todayWords(a: Deal, b: Deal, product: SharedProduct): string {
  const price = product.priceCents ?? null;
  if (price === null || price <= 0 || !ONE_UNIT_KINDS.has(a.kind) || !ONE_UNIT_KINDS.has(b.kind)) return '';
  const both = priced([a, b], product, price);
  const winner = both.dealId === a.id ? a : both.dealId === b.id ? b : null;
  if (winner === null) return '';
  const loser = winner === a ? b : a;
  if (priced([winner], product, price).cents !== priced([loser], product, price).cents) {
    return ` (${winner.name}, at its price today)`;
  }
  const why = winner.priority > loser.priority ? 'its priority is higher' : 'at the same priority, it was made first';
  return ` (they save the same at its price today: ${winner.name} applies, as ${why})`;
}

/**
 * "Edibles 15 excl and Sweet Leaf 25 excl are both exclusive and both take Dark Chocolate Sea Salt
 * Bar: the one that saves the customer more applies (Sweet Leaf 25 excl, at its price today);
 * priority decides only a tie". Without a product known to be in both, the other's summary says
 * what it takes.
 */
export function overlapWords(deal: Deal, rival: Deal, product: SharedProduct | undefined, names: DealNames): string {
  const rule = 'the one that saves the customer more applies';
  if (!product) {
    return (
      `${deal.name} and ${rival.name} (${dealSummary(rival, names)}) are both exclusive and may take the same ` +
      `products: ${rule}; priority decides only a tie`
    );
  }
  return (
    `${deal.name} and ${rival.name} are both exclusive and both take ${product.name}: ` +
    `${rule}${todayWords(deal, rival, product)}; priority decides only a tie`
  );
}
