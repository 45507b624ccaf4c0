/**
 * The exhaustive search of one group of lines (search.ts `chooseGroup`): every allowed set of its
 * exclusive deals, each with the stack of stackable deals on the units it leaves, walked as a tree
 * on states written over rather than copied (trial-states.ts).
 */
import type { Candidate, Evaluation } from './candidate.js';
import { better } from './choice-order.js';
import { applyDeal } from './kinds.js';
import { Scratch } from './scratch.js';
import { mark, stackOnCopy, type PricedStack } from './stack.js';
import { TrialStates } from './trial-states.js';
import { room, type Units, type UnitState } from './units.js';

/** One exclusive deal of a set, with what it took, and the one given before it. */
interface GivenDeal {
  candidate: Candidate;
  byLine: ReadonlyMap<number, number>;
  before: GivenDeal | null;
}

/** The set's deals in the order given (`last` the last of them), as an evaluation the stack is then added to. */
function evaluationOf(last: GivenDeal, total: number): Evaluation {
  let count = 0;
  for (let deal: GivenDeal | null = last; deal; deal = deal.before) count += 1;
  const chain = new Array<GivenDeal>(count);
  for (let deal: GivenDeal | null = last; deal; deal = deal.before) chain[--count] = deal;
  const byDeal = new Map<Candidate, ReadonlyMap<number, number>>();
  for (const deal of chain) byDeal.set(deal.candidate, deal.byLine);
  return { byDeal, total };
}

/** What every set of one group's walk reads: the cart, the units its deals read, its exclusive deals in order, its stack. */
interface Walk {
  units: Units;
  reached: readonly number[];
  exclusive: readonly Candidate[];
  priced: PricedStack;
}

/**
 * The state each set of `everySet`'s walk leaves, and the lines it read, by the set's depth (how many
 * deals it holds): a set is walked only from the one it grew from, so one of each per depth serves
 * the whole walk (trial-states.ts), the set at depth 0 (none given) the group's base.
 */
const WALK = new TrialStates();

/**
 * The best of every set of `walk.exclusive` holding the set at `depth` (its last deal `last`, what
 * its deals took `total`) and deals after `from`, walked as a tree (each set grows from the one
 * before it, so the deals it shares are applied once). A deal that takes nothing after the set
 * before it changes nothing: every set holding it answers as the same set without it, which the
 * walk reaches anyway, so it is not walked (in a busy store many exclusive deals reach the same
 * units). Nor is a set whose deals, with all that the units they leave may still lose, take less off
 * than the best found (`roomOf`): the stack never takes more than that, and a set holding more deals
 * never more (each takes at most what its units may lose). Answers as trying every set in any order
 * would: `better` orders any two different answers, and a set left out takes strictly less than the answer.
 */
function everySet(
  walk: Walk,
  depth: number,
  last: GivenDeal | null,
  total: number,
  from: number,
  best: Evaluation,
): Evaluation {
  const { units, reached, exclusive, priced } = walk;
  for (let next = from; next < exclusive.length; next += 1) {
    const candidate = exclusive[next]!;
    // Written over for each deal tried here: the state of the set at `depth` stays as it is.
    const state = WALK.copyState(depth + 1, WALK.stateAt(depth), units.line.length);
    const applied = applyDeal(candidate.deal, candidate.lines, units, state);
    if (applied.total === 0) continue;
    for (const unit of applied.used) state.taken[unit] = true;
    if (total + applied.total + roomOf(units, state, reached) < best.total) continue;
    const changed = WALK.copyLines(depth + 1, WALK.linesAt(depth), units.lines.length);
    mark(candidate, changed);
    const given: GivenDeal = { candidate, byLine: applied.byLine, before: last };
    const sum = total + applied.total;
    // Its total first: only a set that may be the best is priced again for its discounts.
    if (sum + stackOnCopy(units, state, changed, priced, null) >= best.total) {
      const trial = evaluationOf(given, sum);
      stackOnCopy(units, state, changed, priced, trial);
      if (better(trial, best)) best = trial;
    }
    best = everySet(walk, depth + 1, given, sum, next + 1, best);
  }
  return best;
}

/** Where `unitsOfGroup` marks the lines a group reads (scratch.ts). */
const READ = new Scratch((length) => new Uint8Array(length));

/** The units of every line the group's deals read. */
function unitsOfGroup(units: Units, group: readonly Candidate[]): number[] {
  const read = READ.atLeast(units.lines.length, true);
  for (const candidate of group) mark(candidate, read);
  let count = 0;
  for (let line = 0; line < units.lines.length; line += 1) if (read[line] === 1) count += units.ofLine[line]!.length;
  const found = new Array<number>(count);
  let at = 0;
  for (let line = 0; line < units.lines.length; line += 1) {
    if (read[line] === 1) for (const unit of units.ofLine[line]!) found[at++] = unit;
  }
  return found;
}

/** What the units of `reached` no exclusive deal took may still lose (the most any stack takes off them). */
function roomOf(units: Units, state: UnitState, reached: readonly number[]): number {
  let sum = 0;
  for (const unit of reached) if (!state.taken[unit]) sum += room(units, state, unit);
  return sum;
}

/**
 * The best of the stack alone (`best`, the stack priced on `base`) and every set of `exclusive`
 * (in `exclusiveOrder`) with the stack on the units it leaves.
 */
export function bestOfEverySet(
  units: Units,
  base: UnitState,
  group: readonly Candidate[],
  exclusive: readonly Candidate[],
  priced: PricedStack,
  best: Evaluation,
): Evaluation {
  // The set of none: the base, no line changed.
  WALK.copyState(0, base, units.line.length);
  WALK.copyLines(0, null, units.lines.length);
  return everySet({ units, reached: unitsOfGroup(units, group), exclusive, priced }, 0, null, 0, 0, best);
}
