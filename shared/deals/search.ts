/**
 * Which deals a cart gets: the best result for the customer (the largest total discount) allowed
 * by the stacking rules. Stackable deals apply in priority order, each on what the ones before
 * left; an exclusive deal's units take no other deal. So the choice is which exclusive deals to
 * give (each on the units the ones before it left; one priced line by line comes as one candidate
 * per line, so it is weighed against the others line by line), the stack of stackable deals then
 * applying to every other unit. Deals that share no line cannot affect each other: the cart is cut into groups
 * of lines that deals connect, and each group is chosen alone.
 */
import type { Candidate, Evaluation } from './candidate.js';
import { better, byOrder, exclusiveOrder } from './choice-order.js';
import { bestOfEverySet } from './every-set.js';
import { applyDeal, type Applied } from './kinds.js';
import { evaluateWith, priceStack, type PricedStack } from './stack.js';
import { Scratch } from './scratch.js';
import { sortFew } from './sort-few.js';
import type { Units, UnitState } from './units.js';

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

function chooseGroup(units: Units, base: UnitState, group: readonly Candidate[]): Evaluation {
  let k = 0;
  for (const candidate of group) if (candidate.deal.exclusive) k += 1;
  // The stack in `byOrder` already (`choose`'s candidates are).
  const exclusive = new Array<Candidate>(k);
  const stack = new Array<Candidate>(group.length - k);
  let given = 0;
  let stacked = 0;
  for (const candidate of group) {
    if (candidate.deal.exclusive) exclusive[given++] = candidate;
    else stack[stacked++] = candidate;
  }
  sortFew(exclusive, exclusiveOrder);
  const priced = priceStack(units, base, stack, k > 0);
  const best = priced.evaluation;
  if (k === 0) return best;
  if (k <= 12 && 2 ** k * (k + stack.length) <= EXHAUSTIVE_BUDGET) {
    return bestOfEverySet(units, base, group, exclusive, priced, best);
  }
  return greedy(units, base, exclusive, priced, best);
}

/**
 * Greedy: each exclusive deal, most saving alone first, is tried (the stack priced again where it
 * reads) only where it saves more alone than the current choice takes off the units it would use.
 */
function greedy(
  units: Units,
  base: UnitState,
  exclusive: readonly Candidate[],
  priced: PricedStack,
  stackAlone: Evaluation,
): Evaluation {
  let best = stackAlone;
  const before = base.left.slice();
  const alone = exclusive.map((candidate) => {
    const { total, used } = applyAlone(units, base, candidate, before);
    return { candidate, total, used };
  });
  sortFew(alone, (a, b) => b.total - a.total || byOrder(a.candidate, b.candidate));
  let chosen: Candidate[] = [];
  let discounts: Discounts | null = null;
  for (const { candidate, total, used } of alone) {
    if (total === 0 || total <= takenFrom(units, (discounts ??= discountsOf(best)), used)) continue;
    const more = sortFew([...chosen, candidate], exclusiveOrder);
    const trial = evaluateWith(units, base, more, priced);
    if (better(trial, best)) [best, chosen, discounts] = [trial, more, null];
  }
  return best;
}

/** Where `choose` joins the lines deals connect: each line's root (scratch.ts). */
const ROOTS = new Scratch((length) => new Int32Array(length));

/** The root of `line`'s group, each line on the way pointed at it. */
function rootOf(root: Int32Array, line: number): number {
  return root[line] === line ? line : (root[line] = rootOf(root, root[line]!));
}

/** The first line a candidate reads, by which its group is found. */
const firstLine = (c: Candidate) => c.lines.scope[0] ?? c.lines.reward[0]!;

/** The best allowed combination of the candidates for the cart, given in `byOrder` (the engine's order). */
export function choose(units: Units, base: UnitState, candidates: readonly Candidate[]): Evaluation {
  const root = ROOTS.atLeast(units.lines.length);
  for (let line = 0; line < units.lines.length; line += 1) root[line] = line;
  for (const candidate of candidates) {
    const first = firstLine(candidate);
    for (const line of candidate.lines.scope) root[rootOf(root, line)] = rootOf(root, first);
    for (const line of candidate.lines.reward) root[rootOf(root, line)] = rootOf(root, first);
  }
  // One group (a small cart's lines joined by a store-wide deal): its choice is the cart's, its
  // candidates all of them in their order.
  let oneGroup = candidates.length > 0;
  const one = oneGroup ? rootOf(root, firstLine(candidates[0]!)) : -1;
  for (let at = 1; at < candidates.length && oneGroup; at += 1)
    oneGroup = rootOf(root, firstLine(candidates[at]!)) === one;
  if (oneGroup) return chooseGroup(units, base, candidates);
  const groups = new Map<number, Candidate[]>();
  for (const candidate of candidates) {
    const key = rootOf(root, firstLine(candidate));
    const group = groups.get(key);
    if (group) group.push(candidate);
    else groups.set(key, [candidate]);
  }
  const result: Evaluation = { byDeal: new Map(), total: 0 };
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const chosen = chooseGroup(units, base, groups.get(key)!);
    chosen.byDeal.forEach((byLine, candidate) => result.byDeal.set(candidate, byLine));
    result.total += chosen.total;
  }
  return result;
}
