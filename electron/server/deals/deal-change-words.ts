import {
  dealSummary,
  groupWords,
  scheduleWords,
  scopeWords,
  type DealNames,
} from '../../../shared/deals/deal-words.js';
import { ALWAYS, EVERY_PRODUCT, type Deal } from '../../../shared/deals/deal.js';

/** The most of a change the audit trail keeps in its sentence. */
const MAX_WORDS = 500;

const limit = (uses: number | null, unit: string) => (uses === null ? 'no limit' : `${uses}${unit}`);

/** What a deal gives, on its own ("20 % off", "Buy 2 get 1 free"): its scope, times, people and limits said apart. */
const gives = (deal: Deal, names: DealNames) =>
  dealSummary(
    {
      ...deal,
      ...{ scope: EVERY_PRODUCT, schedule: ALWAYS, groups: [], trigger: 'automatic' },
      ...{ perCustomerLimit: null, totalLimit: null },
    },
    names,
  );

const COMES_IN: Record<Deal['trigger'], (deal: Deal) => string> = {
  automatic: () => 'automatically',
  cashier: () => "at the cashier's choice",
  code: (deal) => `with the code ${deal.code ?? ''}`.trim(),
};

/** Each part of a deal a manager changes, as the audit trail names it, and its value in words. */
const PARTS: readonly { name: string; words: (deal: Deal, names: DealNames) => string }[] = [
  { name: 'name', words: (deal) => deal.name },
  { name: 'gives', words: gives },
  { name: 'on', words: (deal, names) => scopeWords(deal.scope, names) },
  { name: 'when', words: (deal) => scheduleWords(deal.schedule) },
  { name: 'for', words: (deal, names) => (deal.groups.length ? groupWords(deal.groups, names) : 'everyone') },
  { name: 'comes in', words: (deal) => COMES_IN[deal.trigger](deal) },
  { name: 'stacks', words: (deal) => (deal.exclusive ? 'exclusive' : 'with other deals') },
  { name: 'priority', words: (deal) => String(deal.priority) },
  { name: 'uses per customer', words: (deal) => limit(deal.perCustomerLimit, '') },
  { name: 'uses', words: (deal) => limit(deal.totalLimit, ' in all') },
];

/**
 * "Wednesday edibles — uses: no limit → 2 in all; priority: 0 → 1": what a change of a deal
 * changed, part by part in words, for the audit trail ("paused" or "resumed" for its `active`).
 */
export function dealChangeWords(before: Deal, after: Deal, names: DealNames = {}): string {
  const parts = PARTS.flatMap(({ name, words }) => {
    const was = words(before, names);
    const is = words(after, names);
    return was === is ? [] : [`${name}: ${was} → ${is}`];
  });
  if (before.active !== after.active) parts.push(after.active ? 'resumed' : 'paused');
  const words = `${after.name} — ${parts.length ? parts.join('; ') : 'nothing changed'}`;
  return words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS - 1)}…` : words;
}
