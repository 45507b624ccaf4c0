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
import { TrialStates } from './trial-states.js';
import type { Units, UnitState } from './units.js';

/**
 * The stack priced on the base: each step's discounts by line, and the units before each bundle or
 * buy X get Y (kept until the next stack is priced: its trials come first).
 */
export interface PricedStack {
  stack: readonly Candidate[];
  byLine: ReadonlyMap<number, number>[];
  before: (readonly number[] | null)[];
  evaluation: Evaluation;
}

/** The state and changed lines one pricing of the stack works on (one at a time: trial-states.ts). */
const TRIAL = new TrialStates();

/**
 * The units before each step of the stack last priced, by step (`PricedStack.before`): read by the
 * trials of that stack only, so written over by the next (one group is chosen at a time).
 */
const BEFORE: number[][] = [];

/** `left`'s first `count` entries, in the list kept for `step`. */
function keptBefore(step: number, left: readonly number[], count: number): readonly number[] {
  const kept = (BEFORE[step] ??= []);
  for (let unit = 0; unit < count; unit += 1) kept[unit] = left[unit]!;
  return kept;
}

/** Prices the stack on the base, keeping what the trials read (`trials`: some will be tried). */
export function priceStack(units: Units, base: UnitState, stack: readonly Candidate[], trials = true): PricedStack {
  const count = units.line.length;
  const state = TRIAL.copyState(0, base, count);
  const priced: PricedStack = {
    stack,
    byLine: new Array<ReadonlyMap<number, number>>(stack.length),
    before: new Array<readonly number[] | null>(stack.length),
    evaluation: { byDeal: new Map(), total: 0 },
  };
  for (let step = 0; step < stack.length; step += 1) {
    const candidate = stack[step]!;
    priced.before[step] = trials && pricesTogether(candidate.deal) ? keptBefore(step, state.left, count) : null;
    const applied = applyDeal(candidate.deal, candidate.lines, units, state, false);
    priced.byLine[step] = applied.byLine;
    if (applied.total === 0) continue;
    priced.evaluation.byDeal.set(candidate, applied.byLine);
    priced.evaluation.total += applied.total;
  }
  return priced;
}

/** True when one of `lines` is changed (a loop: `some` makes a closure a call, for every step of every trial). */
function anyChanged(lines: readonly number[], changed: Uint8Array): boolean {
  for (const line of lines) if (changed[line] === 1) return true;
  return false;
}

const reads = (candidate: Candidate, changed: Uint8Array) =>
  anyChanged(candidate.lines.scope, changed) || anyChanged(candidate.lines.reward, changed);

/** Marks the lines a deal reads as changed. */
export function mark(candidate: Candidate, changed: Uint8Array): void {
  for (const line of candidate.lines.scope) changed[line] = 1;
  for (const line of candidate.lines.reward) changed[line] = 1;
}

/** Brings the units of `lines` not changed back to where the first pricing had them (`before`). */
function bringBack(
  units: Units,
  state: UnitState,
  lines: readonly number[],
  changed: Uint8Array,
  before: readonly number[],
) {
  for (const line of lines) {
    if (changed[line] === 1) continue;
    for (const unit of units.ofLine[line]!) state.left[unit] = before[unit]!;
  }
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
    bringBack(units, state, candidate.lines.scope, changed, before);
    bringBack(units, state, candidate.lines.reward, changed, before);
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
  const state = TRIAL.copyState(0, base, units.line.length);
  const result: Evaluation = { byDeal: new Map(), total: 0 };
  const changed = TRIAL.copyLines(0, null, units.lines.length);
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
 * `stackOn` on a copy of `state` and `changed` (both left as they are): the search prices the stack
 * on many sets of exclusive deals, each grown from a state it goes on reading.
 */
export function stackOnCopy(
  units: Units,
  state: UnitState,
  changed: Uint8Array,
  priced: PricedStack,
  result: Evaluation | null,
): number {
  const trial = TRIAL.copyState(0, state, units.line.length);
  return stackOn(units, trial, TRIAL.copyLines(0, changed, units.lines.length), priced, result);
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
