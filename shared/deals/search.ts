/**
 * Which deals a cart gets: the best result for the customer (the largest total discount) allowed
 * by the stacking rules. Stackable deals apply in priority order, each on what the ones before
 * left; an exclusive deal's units take no other deal. So the choice is which exclusive deals to
 * give (each on the units the ones before it left; one priced line by line comes as one candidate
 * per line, so it is weighed against the others line by line), the stack of stackable deals then
 * applying to every other unit. Deals that share no line cannot affect each other: the cart is cut into groups
 * of lines that deals connect, and each group is chosen alone.
 */
import type { Deal } from './deal.js';
import type { Candidate, Evaluation } from './candidate.js';
import { applyDeal, pricesTogether, type Applied } from './kinds.js';
import { copyState, evaluateWith, mark, priceStack, stackOn, type PricedStack } from './stack.js';
import { Scratch } from './scratch.js';
import { sortFew } from './sort-few.js';
import { room, type Units, type UnitState } from './units.js';

export type { Candidate, Evaluation } from './candidate.js';

/**
 * Past this many deal applications for one group of lines, the search is greedy instead of
 * exhaustive: every set of k exclusive deals is 2^k stacks priced, fine for a few exclusive deals
 * competing for the same lines, not for dozens. The greedy choice takes the exclusive deals by
 * what each saves alone (most first), keeping each that makes the result better; one that saves
 * alone no more than the current choice takes off the units it would use is not tried. It may
 * miss the best set where exclusive deals only pay together; the usual store (a few exclusive
 * deals per product) stays exhaustive, and a large cart stays within `apply`'s time (bench).
 */
const EXHAUSTIVE_BUDGET = 1024;

/** Higher priority first, then by id: the order stackable deals apply in, and the tie-break. */
export function byPriority(a: Deal, b: Deal): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A choice's discounts as (line, cents) pairs, in its order: read by `takenFrom` for many candidates. */
interface Discounts {
  line: number[];
  cents: number[];
}

function discountsOf(chosen: Evaluation): Discounts {
  const discounts: Discounts = { line: [], cents: [] };
  chosen.byDeal.forEach((lines) =>
    lines.forEach((cents, line) => {
      discounts.line.push(line);
      discounts.cents.push(cents);
    }),
  );
  return discounts;
}

/** Where `takenFrom` counts units by line (scratch.ts). */
const COUNTS = new Scratch((length) => new Uint32Array(length));

/** What a choice takes off some units: each line's discount, in the share of its units among them. */
function takenFrom(units: Units, chosen: Discounts, used: readonly number[]): number {
  const count = COUNTS.atLeast(units.lines.length, true);
  for (const unit of used) count[units.line[unit]!]! += 1;
  let taken = 0;
  for (let at = 0; at < chosen.line.length; at += 1) {
    const line = chosen.line[at]!;
    if (count[line] !== 0) taken += (chosen.cents[at]! * count[line]!) / units.ofLine[line]!.length;
  }
  return taken;
}

/** What a candidate does alone on the base (the base as it was after: kinds change only amounts left). */
function applyAlone(units: Units, base: UnitState, candidate: Candidate, before: number[]): Applied {
  const applied = applyDeal(candidate.deal, candidate.lines, units, base);
  const { scope, reward } = candidate.lines;
  for (const line of scope) for (const unit of units.ofLine[line]!) base.left[unit] = before[unit]!;
  for (const line of reward) for (const unit of units.ofLine[line]!) base.left[unit] = before[unit]!;
  return applied;
}

/** Deals by priority, a deal weighed line by line by its line: the order candidates are tried in. */
function byOrder(a: Candidate, b: Candidate): number {
  const deals = a.rank !== undefined && b.rank !== undefined ? a.rank - b.rank : byPriority(a.deal, b.deal);
  return deals || (a.lines.scope[0] ?? 0) - (b.lines.scope[0] ?? 0);
}

/**
 * The order exclusive deals take their units in: bundles and buy X get Y first (they need
 * particular units), then the deals priced line by line, on the units they leave; each by priority.
 * So a set holding a bundle and a percent on the same line gives the bundle its units and the
 * percent the rest, and the set of the percent alone still gives it the whole line.
 */
function exclusiveOrder(a: Candidate, b: Candidate): number {
  return Number(!pricesTogether(a.deal)) - Number(!pricesTogether(b.deal)) || byOrder(a, b);
}

/**
 * True when `a` is better for the customer than `b`: a larger total; on a tie, the one holding the
 * deal of highest priority (then the lowest id) that the other lacks.
 */
function better(a: Evaluation, b: Evaluation): boolean {
  if (a.total !== b.total) return a.total > b.total;
  const inA = [...a.byDeal.keys()];
  const inB = [...b.byDeal.keys()];
  const differ = sortFew([...inA.filter((c) => !inB.includes(c)), ...inB.filter((c) => !inA.includes(c))], byOrder);
  return differ.length > 0 && inA.includes(differ[0]!);
}

/** One exclusive deal of a set, with what it took, and the one given before it. */
interface GivenDeal {
  candidate: Candidate;
  byLine: ReadonlyMap<number, number>;
  before: GivenDeal | null;
}

/**
 * A set of exclusive deals given, in order: the state they leave, the lines they read, the last
 * deal given (the others through it: a set shares the deals of the one it grew from) and what
 * they took in all.
 */
interface Given {
  state: UnitState;
  changed: Uint8Array;
  last: GivenDeal | null;
  total: number;
}

/** The set's deals in the order given, as an evaluation the stack is then added to. */
function evaluationOf(given: Given): Evaluation {
  const chain: GivenDeal[] = [];
  for (let deal = given.last; deal; deal = deal.before) chain.push(deal);
  const byDeal = new Map<Candidate, ReadonlyMap<number, number>>();
  for (let at = chain.length - 1; at >= 0; at -= 1) byDeal.set(chain[at]!.candidate, chain[at]!.byLine);
  return { byDeal, total: given.total };
}

/**
 * The best of every set of `exclusive` holding `at`'s set and deals after `from`, walked as a tree
 * (each set grows from the one before it, so the deals it shares are applied once). A deal that
 * takes nothing after the set before it changes nothing: every set holding it answers as the same
 * set without it, which the walk reaches anyway, so it is not walked (in a busy store many
 * exclusive deals reach the same units). Nor is a set whose deals, with all that the units they
 * leave may still lose, take less off than the best found (`roomOf`): the stack never takes more than
 * that, and a set holding more deals never more (each takes at most what its units may lose). Answers
 * as trying every set in any order would: `better` orders any two different answers, and a set left
 * out takes strictly less than the answer.
 */
function everySet(
  units: Units,
  reached: readonly number[],
  exclusive: readonly Candidate[],
  priced: PricedStack,
  at: Given,
  from: number,
  best: Evaluation,
): Evaluation {
  for (let next = from; next < exclusive.length; next += 1) {
    const candidate = exclusive[next]!;
    const state = copyState(at.state);
    const applied = applyDeal(candidate.deal, candidate.lines, units, state);
    if (applied.total === 0) continue;
    for (const unit of applied.used) state.taken[unit] = true;
    if (at.total + applied.total + roomOf(units, state, reached) < best.total) continue;
    const changed = at.changed.slice();
    mark(candidate, changed);
    const last = { candidate, byLine: applied.byLine, before: at.last };
    const given: Given = { state, changed, last, total: at.total + applied.total };
    // Its total first: only a set that may be the best is priced again for its discounts.
    if (given.total + stackOn(units, copyState(state), changed.slice(), priced, null) >= best.total) {
      const trial = evaluationOf(given);
      stackOn(units, copyState(state), changed.slice(), priced, trial);
      if (better(trial, best)) best = trial;
    }
    best = everySet(units, reached, exclusive, priced, given, next + 1, best);
  }
  return best;
}

/** The units of every line the group's deals read. */
function unitsOfGroup(units: Units, group: readonly Candidate[]): number[] {
  const read = new Uint8Array(units.lines.length);
  for (const candidate of group) mark(candidate, read);
  const found: number[] = [];
  read.forEach((on, line) => {
    if (on === 1) for (const unit of units.ofLine[line]!) found.push(unit);
  });
  return found;
}

/** What the units of `reached` no exclusive deal took may still lose (the most any stack takes off them). */
function roomOf(units: Units, state: UnitState, reached: readonly number[]): number {
  let sum = 0;
  for (const unit of reached) if (!state.taken[unit]) sum += room(units, state, unit);
  return sum;
}

function chooseGroup(units: Units, base: UnitState, group: Candidate[]): Evaluation {
  const exclusive = sortFew(
    group.filter((c) => c.deal.exclusive),
    exclusiveOrder,
  );
  // In `byOrder` already (`choose`'s candidates are).
  const stack = group.filter((c) => !c.deal.exclusive);
  const priced = priceStack(units, base, stack, exclusive.length > 0);
  let best = priced.evaluation;
  const k = exclusive.length;
  if (k <= 12 && 2 ** k * (k + stack.length) <= EXHAUSTIVE_BUDGET) {
    const none: Given = { state: base, changed: new Uint8Array(units.lines.length), last: null, total: 0 };
    return everySet(units, unitsOfGroup(units, group), exclusive, priced, none, 0, best);
  }
  // Greedy: each exclusive deal, most saving alone first, is tried (the stack priced again where it reads)
  // only where it saves more alone than the current choice takes off the units it would use.
  const before = base.left.slice();
  const alone = exclusive.map((candidate) => ({ candidate, ...applyAlone(units, base, candidate, before) }));
  sortFew(alone, (a, b) => b.total - a.total || byOrder(a.candidate, b.candidate));
  let given: Candidate[] = [];
  let discounts: Discounts | null = null;
  for (const { candidate, total, used } of alone) {
    if (total === 0 || total <= takenFrom(units, (discounts ??= discountsOf(best)), used)) continue;
    const more = sortFew([...given, candidate], exclusiveOrder);
    const trial = evaluateWith(units, base, more, priced);
    if (better(trial, best)) [best, given, discounts] = [trial, more, null];
  }
  return best;
}

/** The best allowed combination of the candidates for the cart, given in `byOrder` (the engine's order). */
export function choose(units: Units, base: UnitState, candidates: readonly Candidate[]): Evaluation {
  const root = units.lines.map((_, index) => index);
  const find = (line: number): number => (root[line] === line ? line : (root[line] = find(root[line]!)));
  const firstLine = (c: Candidate) => c.lines.scope[0] ?? c.lines.reward[0]!;
  for (const candidate of candidates) {
    const first = firstLine(candidate);
    for (const line of candidate.lines.scope) root[find(line)] = find(first);
    for (const line of candidate.lines.reward) root[find(line)] = find(first);
  }
  const groups = new Map<number, Candidate[]>();
  for (const candidate of candidates) {
    const key = find(firstLine(candidate));
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  // One group (a small cart's lines joined by a store-wide deal): its choice is the cart's.
  if (groups.size === 1) return chooseGroup(units, base, [...groups.values()][0]!);
  const result: Evaluation = { byDeal: new Map(), total: 0 };
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const chosen = chooseGroup(units, base, groups.get(key)!);
    chosen.byDeal.forEach((byLine, candidate) => result.byDeal.set(candidate, byLine));
    result.total += chosen.total;
  }
  return result;
}
