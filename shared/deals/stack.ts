/**
 * The stack of stackable deals priced once with no exclusive deal, then re-priced for each set of
 * exclusive deals the search tries only where that set changes something (issue 31's bench: the
 * search priced the whole stack again for every set). A line no exclusive deal of the set reads
 * is "clean": its units are as in the first pricing at every step, so each deal's discount on it
 * is read from there. A bundle or a buy X get Y (pricing units of several lines together) that
 * reads a line the set changed is priced again, its clean lines first brought to where the first
 * pricing had them; its lines are changed from then on. Same results, to the cent and the order.
 */
import type { Candidate, Evaluation } from './candidate.js';
import { applyDeal, applyOnLine, pricesTogether } from './kinds.js';
import { OneLine, totalOf, withLine } from './line-cents.js';
import { NOTHING_TAKEN } from './take-off.js';
import type { Units, UnitState } from './units.js';

/** The stack priced on the base: each step's discounts by line, and the units before each bundle or buy X get Y. */
export interface PricedStack {
  stack: readonly Candidate[];
  byLine: ReadonlyMap<number, number>[];
  before: (readonly number[] | null)[];
  evaluation: Evaluation;
}

/** A copy of a state, for one trial. */
export const copyState = (state: UnitState): UnitState => ({ left: state.left.slice(), taken: state.taken.slice() });

/** Prices the stack on the base, keeping what the trials read (`trials`: some will be tried). */
export function priceStack(units: Units, base: UnitState, stack: readonly Candidate[], trials = true): PricedStack {
  const state = copyState(base);
  const priced: PricedStack = { stack, byLine: [], before: [], evaluation: { byDeal: new Map(), total: 0 } };
  for (const candidate of stack) {
    priced.before.push(trials && pricesTogether(candidate.deal) ? state.left.slice() : null);
    const applied = applyDeal(candidate.deal, candidate.lines, units, state, false);
    priced.byLine.push(applied.byLine);
    if (applied.total === 0) continue;
    priced.evaluation.byDeal.set(candidate, applied.byLine);
    priced.evaluation.total += applied.total;
  }
  return priced;
}

const reads = (candidate: Candidate, changed: Uint8Array) =>
  candidate.lines.scope.some((line) => changed[line] === 1) ||
  candidate.lines.reward.some((line) => changed[line] === 1);

/** Marks the lines a deal reads as changed. */
export function mark(candidate: Candidate, changed: Uint8Array): void {
  for (const line of candidate.lines.scope) changed[line] = 1;
  for (const line of candidate.lines.reward) changed[line] = 1;
}

/** What the stack's deal at `step` takes off each line in this trial (changing the state where it reads). */
function stepOf(
  units: Units,
  state: UnitState,
  priced: PricedStack,
  step: number,
  changed: Uint8Array,
): ReadonlyMap<number, number> {
  const candidate = priced.stack[step]!;
  const first = priced.byLine[step]!;
  if (!reads(candidate, changed)) return first;
  const before = priced.before[step];
  if (before) {
    for (const lines of [candidate.lines.scope, candidate.lines.reward]) {
      for (const line of lines) {
        if (changed[line] === 1) continue;
        for (const unit of units.ofLine[line]!) state.left[unit] = before[unit]!;
      }
    }
    mark(candidate, changed);
    return applyDeal(candidate.deal, candidate.lines, units, state, false).byLine;
  }
  let byLine: OneLine | Map<number, number> | null = null;
  for (const line of candidate.lines.scope) {
    const off = changed[line] === 1 ? applyOnLine(candidate.deal, line, units, state) : (first.get(line) ?? 0);
    if (off !== 0) byLine = withLine(byLine, line, off);
  }
  return byLine ?? NOTHING_TAKEN;
}

/** The exclusive deals given (in order, each taking its units), then the stack on the rest. */
export function evaluateWith(
  units: Units,
  base: UnitState,
  exclusive: readonly Candidate[],
  priced: PricedStack,
): Evaluation {
  const state = copyState(base);
  const result: Evaluation = { byDeal: new Map(), total: 0 };
  const changed = new Uint8Array(units.lines.length);
  for (const candidate of exclusive) {
    const applied = applyDeal(candidate.deal, candidate.lines, units, state);
    mark(candidate, changed);
    if (applied.total === 0) continue;
    result.byDeal.set(candidate, applied.byLine);
    result.total += applied.total;
    for (const unit of applied.used) state.taken[unit] = true;
  }
  stackOn(units, state, changed, priced, result);
  return result;
}

/**
 * The stack on what exclusive deals left (`state`, their lines marked in `changed`; both changed
 * here): answers what it takes off, its deals added to `result` when one is given (the search
 * first reads only the total of a set, most of which are not the best).
 */
export function stackOn(
  units: Units,
  state: UnitState,
  changed: Uint8Array,
  priced: PricedStack,
  result: Evaluation | null,
): number {
  let sum = 0;
  for (let step = 0; step < priced.stack.length; step += 1) {
    const byLine = stepOf(units, state, priced, step, changed);
    const total = totalOf(byLine);
    if (total === 0) continue;
    sum += total;
    if (!result) continue;
    result.byDeal.set(priced.stack[step]!, byLine);
    result.total += total;
  }
  return sum;
}
