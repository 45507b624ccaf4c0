/**
 * Each promo code typed and each deal the cashier chose, answered in words: what it took off, or why
 * it took nothing ("SPRING10 (Spring sale) ended on Mar 31, 2027"), so the cashier or the online
 * shopper can act.
 */
import { formatMoney } from '../money.js';
import type { DealOutcome } from './cart.js';
import type { Deal } from './deal.js';
import {
  dateWords,
  dealSummary,
  groupWords,
  limitWords,
  scheduleWords,
  scopeWords,
  timesWords,
  type DealNames,
} from './deal-words.js';
import { blocker, type ReadContext } from './eligibility.js';
import { normalCode } from './promo-code.js';

/** What the engine knows of one code deal, or one chosen deal, after choosing: what it took off, or why it could not. */
export interface CodeDealFacts {
  deal: Deal;
  /** Cents it took off this cart (0: none). */
  tookOff: number;
  /** True when some line of the cart is in its scope. */
  inScope: boolean;
  /** What it would take off alone, its scope aside (0: nothing). */
  alone: number;
  /** The deal that took its place on the same lines, when another did. */
  instead: Deal | null;
}

/**
 * Why a deal took nothing off the cart, its name said as `named`. `read` is null only for a store
 * with no deals, which has no facts to say why of.
 */
function whyNot(facts: CodeDealFacts, read: ReadContext | null, names: DealNames, named: string): string {
  if (!read) throw new Error('a deal was read without its sale’s context');
  const { deal } = facts;
  const { date } = read.context;
  switch (blocker(deal, read)) {
    case 'not_triggered':
      return `${named} is unlocked by its promo code, not chosen: type the code instead`;
    case 'paused':
      return `${named} is paused`;
    case 'not_running': {
      const { startDate, endDate } = deal.schedule;
      if (startDate !== null && date < startDate) return `${named} starts on ${dateWords(startDate)}`;
      if (endDate !== null && date > endDate) return `${named} ended on ${dateWords(endDate)}`;
      return `${named} runs ${scheduleWords(deal.schedule)}, not now`;
    }
    case 'no_customer':
      return `${named} is for ${groupWords(deal.groups, names)}: add the customer to the sale first`;
    case 'not_for_customer':
      return `${named} is only for ${groupWords(deal.groups, names)}`;
    case 'limited_per_customer':
      return `${named} may be used ${timesWords(deal.perCustomerLimit!)} per customer: add the customer to the sale first`;
    case 'used_up':
      // Which limits it has: the customer's own uses, the store's in all, or both.
      return `${named} has been used as many times as it may be (${limitWords(deal)})`;
    default:
      break;
  }
  if (!facts.inScope) return `${named} is for ${scopeWords(deal.scope, names)}: none is in the cart`;
  if (facts.alone === 0) return `${named} takes nothing off this cart (${dealSummary(deal, names)})`;
  const other = facts.instead ? facts.instead.name : 'another deal';
  return `${named} saves less than ${other} on the same items, so ${other} applies`;
}

/** What a deal took off, in words ("Regulars thank-you: $1.00 off"). */
const tookOffWords = (fact: CodeDealFacts) => `${fact.deal.name}: ${formatMoney(fact.tookOff)} off`;

/** The words of each code typed, in the order typed (`byCode` empty, `read` null: a store with no deals). */
export function codeWords(
  typed: readonly string[],
  byCode: ReadonlyMap<string, CodeDealFacts[]>,
  read: ReadContext | null,
  names: DealNames = {},
): DealOutcome['codes'] {
  if (typed.length === 0) return []; // most sales: no set of codes seen
  const seen = new Set<string>();
  return typed.map((raw) => {
    const code = normalCode(raw);
    if (code === '') return { code, applied: false, words: 'The code is empty: type the code as it is written' };
    if (seen.has(code)) return { code, applied: false, words: `${code} is typed twice: once is enough` };
    seen.add(code);
    const facts = byCode.get(code) ?? [];
    if (facts.length === 0) return { code, applied: false, words: `No deal has the code ${code}: check its spelling` };
    const applied = facts.filter((fact) => fact.tookOff > 0);
    if (applied.length > 0) {
      const words = applied.map(tookOffWords).join('; ');
      return { code, applied: true, words };
    }
    const [first] = facts;
    return { code, applied: false, words: whyNot(first!, read, names, `${code} (${first!.deal.name})`) };
  });
}

/**
 * The words of each deal chosen, in the order chosen (`picked`: the store's deals among them, by id;
 * empty, `read` null: a store with no deals).
 */
export function chosenWords(
  chosen: readonly string[],
  picked: ReadonlyMap<string, CodeDealFacts>,
  read: ReadContext | null,
  names: DealNames = {},
): DealOutcome['chosen'] {
  if (chosen.length === 0) return []; // most sales: no set of deals seen
  const seen = new Set<string>();
  return chosen.map((dealId) => {
    const fact = picked.get(dealId);
    if (!fact) return { dealId, applied: false, words: 'Not a deal of this store now: it may have been archived' };
    if (seen.has(dealId)) return { dealId, applied: false, words: `${fact.deal.name} is chosen twice: once is enough` };
    seen.add(dealId);
    if (fact.tookOff > 0) return { dealId, applied: true, words: tookOffWords(fact) };
    return { dealId, applied: false, words: whyNot(fact, read, names, fact.deal.name) };
  });
}
