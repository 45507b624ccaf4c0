/**
 * The deals engine (issue 31, README "Deals"): prices a cart with the store's deals, the same to
 * the cent on the service, the POS and a register offline. Pure and deterministic: the result
 * depends on the lines, the context and the deals, never on the order of either.
 *
 * `compileDeals` indexes the store's deals once (by product, brand, category and tag); `apply` then
 * reads only the deals a cart's lines reach, keeps those that run now for this customer as
 * triggered with uses left, and picks the best allowed combination (search.ts).
 */
import type { DealContext, DealLine, DealOutcome } from './cart.js';
import { chosenWords, codeWords, type CodeDealFacts } from './code-words.js';
import type { Deal } from './deal.js';
import type { DealNames } from './deal-words.js';
import { blocker, readContext, type ReadContext } from './eligibility.js';
import { normalCode } from './promo-code.js';
import { pricesTogether } from './kinds.js';
import { ScopeIndex } from './scope-index.js';
import { byPriority } from './choice-order.js';
import { choose, type Candidate, type Evaluation } from './search.js';
import { DAY_MINUTES } from './schedule.js';
import { sortFew } from './sort-few.js';
import { TrialStates } from './trial-states.js';
import { unitsOf } from './units.js';
import { linesAtStart, yielding } from './yielding.js';
import { dealLines, linesIn, onlyLine, REWARD_ORDER, SCOPE_ORDER } from './lines-in.js';
import { codeFacts, outcomeLines, tookByDeal } from './outcome.js';
import { contextCopy, sameContext } from './same-context.js';

export type { DealContext, DealCustomer, DealLine, DealOutcome, LineDiscount } from './cart.js';
export { dealTotals } from './cart.js';

/** The state of a cart's units before any deal, the search's base: written over for each cart (trial-states.ts). */
const BASE = new TrialStates();

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
  const status = new Int8Array(ranked.length); // 0 not read yet, 1 may apply, 2 may not: for `read`'s context
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

  // The sale being priced as `mayApply` reads it: a copy of the context the statuses were read for,
  // read once for every sale of the same context (`sameContext`: what `blocker` and the words read).
  let read: ReadContext | null = null;
  let inDay = false;
  let limits = false;
  /** Whether the deal at `place` may apply to the sale being priced (read once per context). */
  const mayApply = (place: number): boolean => {
    if (status[place] === 0) {
      const free = always[place]! && inDay;
      const left = free && limits ? read!.context.usesLeft.get(ranked[place]!.id) : undefined;
      const stopped = free ? left !== undefined && left <= 0 : blocker(ranked[place]!, read!) !== null;
      status[place] = stopped ? 2 : 1;
    }
    return status[place] === 1;
  };
  // A deal's candidate on one line (one priced line by line, or one reaching that line alone), by its
  // place then the line: the same on every cart, so made once (at most one a deal for each line of
  // the longest cart priced).
  const onLines: Candidate[][] = [];
  const onLine = (place: number, line: number): Candidate =>
    ((onLines[place] ??= [])[line] ??= { deal: ranked[place]!, lines: onlyLine(line), rank: place });

  /** Each code typed and each deal chosen, in words: from what each did to the cart, or would alone. */
  function wordsOf(context: DealContext, canonical: readonly DealLine[], chosen: Evaluation) {
    const perDeal = tookByDeal(chosen);
    const facts = new Map<string, CodeDealFacts[]>();
    for (const code of new Set(context.codes.map(normalCode))) {
      const list = (byCode.get(code) ?? []).map((deal) => codeFacts(deal, canonical, chosen, perDeal));
      facts.set(code, list);
    }
    const picked = new Map<string, CodeDealFacts>();
    for (const id of context.chosen) {
      const deal = byId.get(id);
      if (deal && !picked.has(id)) picked.set(id, codeFacts(deal, canonical, chosen, perDeal));
    }
    return {
      codes: codeWords(context.codes, facts, read, names),
      chosen: chosenWords(context.chosen, picked, read, names),
    };
  }

  return {
    apply(lines, context) {
      const order = new Array<number>(lines.length);
      for (let index = 0; index < lines.length; index += 1) order[index] = index;
      sortFew(order, (a, b) => compareLines(lines[a]!, lines[b]!));
      const canonical = new Array<DealLine>(lines.length);
      for (let line = 0; line < lines.length; line += 1) canonical[line] = lines[order[line]!]!;
      const units = unitsOf(canonical);
      // What each deal's status reads of the context: the same (a store's sales of one minute, by
      // customers of one kind), the statuses read so far still hold.
      if (!read || !sameContext(read.context, context)) {
        status.fill(0);
        read = readContext(contextCopy(context));
        inDay = context.minute >= 0 && context.minute < DAY_MINUTES;
        limits = context.usesLeft.size > 0;
      }
      const scoped = linesIn(scopes, canonical, mayApply, scopeLines, SCOPE_ORDER);
      const rewarded = linesIn(rewards, canonical, mayApply, rewardLines, REWARD_ORDER);
      const inScope = SCOPE_ORDER.atLeast(scoped);
      const inReward = REWARD_ORDER.atLeast(rewarded);
      // In the search's order (`choose`): by priority, a deal weighed line by line by its line. In a
      // list as long as they may be, cut after the last (not grown candidate by candidate).
      let most = 0;
      for (let at = 0; at < scoped; at += 1) {
        const deal = ranked[inScope[at]!]!;
        most += deal.exclusive && !pricesTogether(deal) ? scopeLines[inScope[at]!]!.length : 1;
      }
      const candidates = new Array<Candidate>(most);
      let count = 0;
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
          for (const line of lines.scope) candidates[count++] = onLine(place, line);
        } else if (lines.scope.length === 1 && lines === onlyLine(lines.scope[0]!)) {
          candidates[count++] = onLine(place, lines.scope[0]!);
        } else candidates[count++] = { deal, lines, rank: place };
      }
      candidates.length = count;
      for (let at = 0; at < scoped; at += 1) scopeLines[inScope[at]!] = undefined;
      for (let at = 0; at < rewarded; at += 1) rewardLines[inReward[at]!] = undefined;
      const chosen = choose(units, BASE.freshState(0, units), candidates);
      const priced = outcomeLines(lines, order, chosen);
      // Only a sale with codes typed or deals chosen has words to say of them.
      const words = context.codes.length > 0 || context.chosen.length > 0 ? wordsOf(context, canonical, chosen) : null;
      return {
        lines: priced.lines,
        deals: priced.deals,
        discountCents: chosen.total,
        codes: words ? words.codes : [],
        chosen: words ? words.chosen : [],
      };
    },
  };
}
