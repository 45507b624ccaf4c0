/**
 * The deals engine (issue 31, README "Deals"): prices a cart with the store's deals, the same to
 * the cent on the service, the POS and a register offline. Pure and deterministic: the result
 * depends on the lines, the context and the deals, never on the order of either.
 *
 * `compileDeals` indexes the store's deals once (by product, brand, category and tag); `apply` then
 * reads only the deals a cart's lines reach, keeps those that run now for this customer as
 * triggered with uses left, and picks the best allowed combination (search.ts).
 */
import type { DealContext, DealLine, DealOutcome, LineDiscount } from './cart.js';
import { chosenWords, codeWords, type CodeDealFacts } from './code-words.js';
import type { Deal } from './deal.js';
import type { DealNames } from './deal-words.js';
import { blocker, readContext } from './eligibility.js';
import { normalCode } from './promo-code.js';
import { applyDeal, pricesTogether, type DealLines } from './kinds.js';
import { ScopeIndex, inScope, scopeKeys } from './scope-index.js';
import { byPriority, choose, type Candidate, type Evaluation } from './search.js';
import { DAY_MINUTES } from './schedule.js';
import { totalOf } from './line-cents.js';
import { sortFew } from './sort-few.js';
import { freshState, unitsOf } from './units.js';
import { linesAtStart, yielding } from './yielding.js';
import { dealLines, linesIn, onlyLine, REWARD_ORDER, SCOPE_ORDER } from './lines-in.js';

export type { DealContext, DealCustomer, DealLine, DealOutcome, LineDiscount } from './cart.js';
export { dealTotals } from './cart.js';

/** The store's deals, indexed once, ready to price carts. */
export interface DealBook {
  apply(lines: readonly DealLine[], context: DealContext): DealOutcome;
}

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A total order of lines by what they are (their key last), so the input's order never counts. */
function compareLines(a: DealLine, b: DealLine): number {
  return (
    text(a.productId, b.productId) ||
    text(a.brand, b.brand) ||
    text(a.category, b.category) ||
    text(a.tags.join('\u0000'), b.tags.join('\u0000')) ||
    Number(a.weighed) - Number(b.weighed) ||
    a.unitPriceCents - b.unitPriceCents ||
    a.quantityMilli - b.quantityMilli ||
    a.amountCents - b.amountCents ||
    a.floorCents - b.floorCents ||
    text(a.key, b.key)
  );
}

/** True when the schedule runs every minute of every day (no dates, weekdays or hours). */
function runsAlways({ schedule, groups, perCustomerLimit }: Deal): boolean {
  const { startDate, endDate, weekdays, startMinute, endMinute } = schedule;
  const open = startDate === null && endDate === null && weekdays.length === 0;
  // Uses counted per customer need one named (`blocker`): not for everyone.
  const forAnyone = groups.length === 0 && perCustomerLimit === null;
  return open && startMinute === null && endMinute === null && forAnyone;
}

/** Everything of the context a deal's status reads (`blocker`), as one string. */
function contextKey({ date, weekday, minute, customer, codes, chosen, usesLeft }: DealContext): string {
  const who = customer && [customer.type, customer.age, customer.veteran, customer.firstVisit, customer.tierId];
  return JSON.stringify([date, weekday, minute, who, codes, chosen, usesLeft.size === 0 ? null : [...usesLeft]]);
}

/**
 * Indexes the store's deals once. `names` (products' and tiers' names) only words the codes'
 * answers ("…is for Blue Dream 3.5g"); without them products are counted, never shown by id.
 */
export function compileDeals(deals: readonly Deal[], names: DealNames = {}): DealBook {
  const book = [...deals].sort((a, b) => text(a.id, b.id));
  // The deals by priority (`byPriority`): the index numbers each by its place here (Candidate `rank`),
  // so the candidates of a cart come in the search's order without sorting them.
  const ranked = [...book].sort(byPriority);
  // Deals that run always, for everyone, untriggered: only their uses left can stop them (`blocker`).
  const always = ranked.map((deal) => deal.active && deal.trigger === 'automatic' && runsAlways(deal));
  const status = new Int8Array(ranked.length); // 0 not read yet, 1 may apply, 2 may not: for `statusKey`
  let statusKey = '';
  // Per apply, emptied after each: the lines in each deal's scope and reward's scope (`linesIn`).
  const scopeLines = new Array<number[] | undefined>(ranked.length).fill(undefined);
  const rewardLines = new Array<number[] | undefined>(ranked.length).fill(undefined);
  const scopes = new ScopeIndex();
  const rewards = new ScopeIndex();
  const byCode = new Map<string, Deal[]>();
  const byId = new Map(book.map((deal) => [deal.id, deal]));
  ranked.forEach((deal, place) => {
    // A paused deal is never priced; it stays known by its code, to say it is paused.
    if (deal.active) scopes.add(deal.scope, place);
    if (deal.active && deal.kind === 'buy_get' && deal.getScope) rewards.add(deal.getScope, place);
  });
  book.forEach((deal) => {
    if (deal.trigger === 'code' && deal.code) {
      const code = normalCode(deal.code);
      byCode.set(code, [...(byCode.get(code) ?? []), deal]);
    }
  });

  return {
    apply(lines, context) {
      const order = sortFew(
        lines.map((_, index) => index),
        (a, b) => compareLines(lines[a]!, lines[b]!),
      );
      const canonical = order.map((index) => lines[index]!);
      const units = unitsOf(canonical);
      const read = readContext(context);
      const inDay = context.minute >= 0 && context.minute < DAY_MINUTES;
      // What each deal's status reads of the context: the same (a store's sales of one minute, by
      // customers of one kind), the statuses read so far still hold.
      const key = contextKey(context);
      if (key !== statusKey) {
        status.fill(0);
        statusKey = key;
      }
      const limits = context.usesLeft.size > 0;
      const mayApply = (place: number) => {
        if (status[place] === 0) {
          const free = always[place]! && inDay;
          const left = free && limits ? context.usesLeft.get(ranked[place]!.id) : undefined;
          const stopped = free ? left !== undefined && left <= 0 : blocker(ranked[place]!, read) !== null;
          status[place] = stopped ? 2 : 1;
        }
        return status[place] === 1;
      };
      const keys = canonical.map(scopeKeys);
      const scoped = linesIn(scopes, keys, mayApply, scopeLines, SCOPE_ORDER);
      const rewarded = linesIn(rewards, keys, mayApply, rewardLines, REWARD_ORDER);
      const inScope = SCOPE_ORDER.atLeast(scoped);
      const inReward = REWARD_ORDER.atLeast(rewarded);
      // In the search's order (`choose`): by priority, a deal weighed line by line by its line.
      const candidates: Candidate[] = [];
      const start = linesAtStart(units);
      for (let at = 0; at < scoped; at += 1) {
        const place = inScope[at]!;
        const deal = ranked[place]!;
        // Only the deals (and lines) that can take something off this cart are weighed (yielding.ts).
        const lines = yielding(deal, dealLines(scopeLines[place]!, rewardLines[place]), units, start);
        if (!lines) continue;
        // An exclusive deal priced line by line is weighed against the others line by line: a
        // veteran's 10 % may take the one pre-roll a bundle leaves, not the edibles 20 % off.
        if (deal.exclusive && !pricesTogether(deal)) {
          for (const line of lines.scope) {
            candidates.push({ deal, lines: onlyLine(line), rank: place });
          }
        } else candidates.push({ deal, lines, rank: place });
      }
      for (let at = 0; at < scoped; at += 1) scopeLines[inScope[at]!] = undefined;
      for (let at = 0; at < rewarded; at += 1) rewardLines[inReward[at]!] = undefined;
      const chosen = choose(units, freshState(units), candidates);

      const perLine = canonical.map((): LineDiscount[] => []);
      const perDeal = new Map<Deal, number>();
      chosen.byDeal.forEach((byLine, candidate) => {
        const { id: dealId, name } = candidate.deal;
        byLine.forEach((amountCents, line) => perLine[line]!.push({ dealId, name, amountCents }));
        perDeal.set(candidate.deal, (perDeal.get(candidate.deal) ?? 0) + totalOf(byLine));
      });
      const biggestFirst = (a: { amountCents: number; dealId: string }, b: typeof a) =>
        b.amountCents - a.amountCents || text(a.dealId, b.dealId);
      const outcomeLines: DealOutcome['lines'] = new Array(lines.length);
      order.forEach((input, line) => {
        const discounts = sortFew(perLine[line]!, biggestFirst);
        const discountCents = discounts.reduce((sum, discount) => sum + discount.amountCents, 0);
        outcomeLines[input] = { key: canonical[line]!.key, discounts, discountCents };
      });
      const applied: DealOutcome['deals'] = [];
      perDeal.forEach((amountCents, deal) => applied.push({ dealId: deal.id, name: deal.name, amountCents }));

      const facts = new Map<string, CodeDealFacts[]>();
      for (const code of context.codes.length === 0 ? [] : new Set(context.codes.map(normalCode))) {
        const list = (byCode.get(code) ?? []).map((deal) => codeFacts(deal, canonical, chosen, perDeal));
        facts.set(code, list);
      }
      const picked = new Map<string, CodeDealFacts>();
      for (const id of context.chosen) {
        const deal = byId.get(id);
        if (deal && !picked.has(id)) picked.set(id, codeFacts(deal, canonical, chosen, perDeal));
      }
      return {
        lines: outcomeLines,
        deals: sortFew(applied, biggestFirst),
        discountCents: chosen.total,
        codes: codeWords(context.codes, facts, read, names),
        chosen: chosenWords(context.chosen, picked, read, names),
      };
    },
  };
}

/** What a code deal did to this cart, or what it would have done alone, for its words. */
function codeFacts(
  deal: Deal,
  canonical: readonly DealLine[],
  chosen: Evaluation,
  perDeal: ReadonlyMap<Deal, number>,
): CodeDealFacts {
  const lines: DealLines = {
    scope: canonical.flatMap((line, index) => (inScope(deal.scope, line) ? [index] : [])),
    reward: canonical.flatMap((line, index) => (deal.getScope && inScope(deal.getScope, line) ? [index] : [])),
  };
  const units = unitsOf(canonical);
  const alone = lines.scope.length > 0 ? applyDeal(deal, lines, units, freshState(units)).total : 0;
  const shared = new Set([...lines.scope, ...lines.reward]);
  let instead: Deal | null = null;
  for (const [candidate, byLine] of chosen.byDeal) {
    if (![...byLine.keys()].some((line) => shared.has(line))) continue;
    if (!instead || perDeal.get(candidate.deal)! > perDeal.get(instead)!) instead = candidate.deal;
  }
  return { deal, tookOff: perDeal.get(deal) ?? 0, inScope: lines.scope.length > 0, alone, instead };
}
