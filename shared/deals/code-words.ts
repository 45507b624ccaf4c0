/**
 * Each promo code typed, answered in words: what it took off, or why it took nothing
 * ("SPRING10 (Spring sale) ended on Mar 31, 2027"), so the cashier or the online shopper can act.
 */
import { formatMoney } from '../money.js';
import type { DealOutcome } from './cart.js';
import type { Deal } from './deal.js';
import { dateWords, dealSummary, groupWords, scheduleWords, scopeWords, type DealNames } from './deal-words.js';
import { blocker, normalCode, type ReadContext } from './eligibility.js';

/** What the engine knows of one code deal after choosing: what it took off, or why it could not. */
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

function whyNot(facts: CodeDealFacts, read: ReadContext, names: DealNames): string {
  const { deal } = facts;
  const named = `${normalCode(deal.code ?? '')} (${deal.name})`;
  const { date } = read.context;
  switch (blocker(deal, read)) {
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
    case 'used_up':
      return `${named} has been used as many times as it may be`;
    default:
      break;
  }
  if (!facts.inScope) return `${named} is for ${scopeWords(deal.scope, names)}: none is in the cart`;
  if (facts.alone === 0) return `${named} takes nothing off this cart (${dealSummary(deal, names)})`;
  const other = facts.instead ? facts.instead.name : 'another deal';
  return `${named} saves less than ${other} on the same items, so ${other} applies`;
}

/** The words of each code typed, in the order typed. */
export function codeWords(
  typed: readonly string[],
  byCode: ReadonlyMap<string, CodeDealFacts[]>,
  read: ReadContext,
  names: DealNames = {},
): DealOutcome['codes'] {
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
      const words = applied.map((fact) => `${fact.deal.name}: ${formatMoney(fact.tookOff)} off`).join('; ');
      return { code, applied: true, words };
    }
    return { code, applied: false, words: whyNot(facts[0]!, read, names) };
  });
}
