/**
 * Each kind of deal (deal.ts `DealKind`) applied to what is left of a cart's units. A deal never
 * takes a unit below its floor, and reads only units no exclusive deal has taken.
 */
import { applyRate, divideRoundHalfUp } from '../money.js';
import type { Deal } from './deal.js';
import { Scratch } from './scratch.js';
import { OneLine, totalOf, withLine } from './line-cents.js';
import { NOTHING_TAKEN, shareOut, takeOff, type UnitRange } from './take-off.js';
import { room, type Units, type UnitState } from './units.js';

/** What one deal did: what it took off each line (by line), in all, and the units it used. */
export interface Applied {
  byLine: ReadonlyMap<number, number>;
  total: number;
  used: number[];
}

/** The lines a deal reads: those in its scope, and those of its reward's scope (`buy_get`). */
export interface DealLines {
  scope: readonly number[];
  reward: readonly number[];
}

/** Where a bundle orders its pool of units and a buy X get Y its bought and rewarded ones (scratch.ts). */
const POOL = new Scratch((length) => new Int32Array(length));
const REWARDED = new Scratch((length) => new Int32Array(length));

/**
 * The units of `lines` no exclusive deal took, written first in `into`'s buffer: how many. Most
 * bundles and rewards the search prices take nothing, and the few that do list the units they used
 * in a list of their own (`usedOf`).
 */
function free(units: Units, state: UnitState, lines: readonly number[], into: Scratch<Int32Array>): number {
  let count = 0;
  for (const line of lines) for (const unit of units.ofLine[line]!) if (!state.taken[unit]) count += 1;
  const found = into.atLeast(count);
  let at = 0;
  for (const line of lines) for (const unit of units.ofLine[line]!) if (!state.taken[unit]) found[at++] = unit;
  return count;
}

/** The first `count` units of a buffer, in a list of just their number (none: the shared empty list). */
function usedOf(buffer: Int32Array, count: number): number[] {
  if (count === 0) return NO_UNITS;
  const used = new Array<number>(count);
  for (let at = 0; at < count; at += 1) used[at] = buffer[at]!;
  return used;
}
/** `buyGet`'s counts of bought units among the first rewarded ones (scratch.ts). */
const BOUGHT_IN = new Scratch((length) => new Int32Array(length));

/** The units used where they are not asked for (`applyDeal`'s `withUsed`): never written. */
const NO_UNITS: number[] = [];

/** What a deal that took nothing did: one answer for all of them (most the search prices), never written. */
const NOTHING_APPLIED: Applied = { byLine: NOTHING_TAKEN, total: 0, used: NO_UNITS };

/**
 * Applies one deal to the state (changing it) and answers what it took off; the units it used only
 * when `withUsed` (what an exclusive deal takes: the stack of stackable deals never reads them).
 */
export function applyDeal(deal: Deal, lines: DealLines, units: Units, state: UnitState, withUsed = true): Applied {
  if (deal.kind === 'bundle') return bundle(deal, lines, units, state);
  if (deal.kind === 'buy_get') return buyGet(deal, lines, units, state);
  // Most deals the search tries take nothing: their answer shares one empty map (`takeOff`'s).
  let byLine: OneLine | Map<number, number> | null = null;
  let total = 0;
  let usedCount = 0;
  for (const line of lines.scope) {
    const off = applyOnLine(deal, line, units, state);
    if (off === 0) continue;
    byLine = withLine(byLine, line, off);
    total += off;
    if (withUsed) for (const unit of units.ofLine[line]!) if (!state.taken[unit]) usedCount += 1;
  }
  if (total === 0) return NOTHING_APPLIED;
  // The free units of the lines it took from (pricing a line takes none away), counted first so
  // that they come in a list of just their number.
  const used = usedCount === 0 ? NO_UNITS : new Array<number>(usedCount);
  let at = 0;
  for (const line of usedCount === 0 ? NO_UNITS : lines.scope) {
    if (byLine!.has(line)) for (const unit of units.ofLine[line]!) if (!state.taken[unit]) used[at++] = unit;
  }
  return { byLine: byLine!, total, used };
}

/** The range of a line's free units `applyOnLine` shares over: one object, set for each line (`shareOut` reads it only while called). */
const LINE_RANGE: UnitRange = { list: NO_UNITS, from: 0, to: 0, free: true };

/**
 * Applies a deal priced line by line to one line's free units (changing the state) and answers
 * what it took off: `takeOff` for one line, without its maps (the search calls it most).
 */
export function applyOnLine(deal: Deal, line: number, units: Units, state: UnitState): number {
  const mine = units.ofLine[line]!;
  let free = 0;
  let left = 0;
  let milli = 0;
  let roomLeft = 0;
  for (const unit of mine) {
    if (state.taken[unit]) continue;
    free += 1;
    left += state.left[unit]!;
    milli += units.milli[unit]!;
    roomLeft += room(units, state, unit);
  }
  if (free === 0 || roomLeft <= 0) return 0;
  const off = Math.min(perLine(deal, left, milli, units.lines[line]!.weighed), roomLeft);
  if (!(off > 0)) return 0;
  if (free === 1) {
    for (const unit of mine) if (!state.taken[unit]) state.left[unit] = state.left[unit]! - off;
    return off;
  }
  LINE_RANGE.list = mine;
  LINE_RANGE.to = mine.length;
  shareOut(units, state, LINE_RANGE, off, left, roomLeft);
  return off;
}

/** What a per-line kind would take off a line with `left` cents for `milli` thousandths (floors aside). */
export function perLine(deal: Deal, left: number, milli: number, weighed: boolean): number {
  switch (deal.kind) {
    case 'percent':
      return applyRate(left, deal.percentPpm ?? 0);
    case 'amount':
      return divideRoundHalfUp(Math.max(deal.amountCents ?? 0, 0) * milli, 1000);
    case 'fixed_price':
      return left - divideRoundHalfUp(Math.max(deal.priceCents ?? 0, 0) * milli, 1000);
    case 'weight_break': {
      // The heaviest break the line reaches (the last of equal ones), at that break's price per gram.
      if (!weighed) return 0;
      let step: Deal['breaks'][number] | undefined;
      for (const each of deal.breaks) {
        if (each.weightMg > 0 && each.weightMg <= milli && (!step || each.weightMg >= step.weightMg)) step = each;
      }
      return step ? left - divideRoundHalfUp(step.priceCents * milli, step.weightMg) : 0;
    }
    default:
      return 0;
  }
}

/** Where `byLeft` sorts, and `buyGet` marks the units it read (scratch.ts). */
const KEYS = new Scratch((length) => new Float64Array(length));
const BOUGHT = new Scratch((length) => new Uint8Array(length));
const REWARDING = new Scratch((length) => new Uint8Array(length));

/** Units numbered below this, with amounts left below KEYED_CENTS, sort by one number each. */
const KEYED_UNITS = 65_536;
const KEYED_CENTS = 2 ** 36;

/**
 * Sorts units by what is left of them, cheapest (`sign` 1) or dearest (-1) first, the lower unit
 * first among equal ones. As one number per unit (its amount and number), sorted without a
 * comparator; a comparator where a number would not be exact.
 */
function byLeft(unitList: Int32Array, count: number, state: UnitState, sign: 1 | -1): Int32Array {
  const keys = KEYS.atLeast(count);
  for (let at = 0; at < count; at += 1) {
    const unit = unitList[at]!;
    const left = state.left[unit]!;
    if (unit >= KEYED_UNITS || !(Math.abs(left) < KEYED_CENTS)) {
      unitList.subarray(0, count).sort((a, b) => sign * (state.left[a]! - state.left[b]!) || a - b);
      return unitList;
    }
    keys[at] = sign * left * KEYED_UNITS + unit;
  }
  KEYS.sortFirst(count);
  for (let at = 0; at < count; at += 1) {
    const unit = keys[at]! % KEYED_UNITS;
    unitList[at] = unit < 0 ? unit + KEYED_UNITS : unit;
  }
  return unitList;
}

/** Any `bundleQuantity` units for `bundlePriceCents`: dearest units first, while a bundle saves. */
function bundle(deal: Deal, lines: DealLines, units: Units, state: UnitState): Applied {
  const size = deal.bundleQuantity ?? 0;
  const price = deal.bundlePriceCents ?? 0;
  const count = free(units, state, lines.scope, POOL);
  if (size < 1 || count < size) return spreadOver(units, state, NO_UNITS, 0);
  const pool = byLeft(POOL.atLeast(count), count, state, -1);
  // The bundles are the pool's first units, dearest first: the units used end after the last.
  let end = 0;
  let saving = 0;
  for (let at = 0; size >= 1 && at + size <= count; at += size) {
    let worth = 0;
    let roomLeft = 0;
    for (let unit = at; unit < at + size; unit += 1) {
      worth += state.left[pool[unit]!]!;
      roomLeft += room(units, state, pool[unit]!);
    }
    if (worth <= price) break; // never a bundle dearer than its units: the later ones are cheaper still
    saving += Math.min(worth - price, roomLeft);
    end = at + size;
  }
  return spreadOver(units, state, usedOf(pool, end), saving);
}

/**
 * For every `buyQuantity` units in scope, `getQuantity` units of the reward's scope get the rate
 * off, cheapest first; as many rewards as the cart makes (the last may be short of `getQuantity`
 * when the reward's scope runs out). The bought units are the dearest of the rest.
 */
function buyGet(deal: Deal, lines: DealLines, units: Units, state: UnitState): Applied {
  const buy = deal.buyQuantity ?? 0;
  const get = deal.getQuantity ?? 0;
  if (buy < 1 || get < 1) return spreadOver(units, state, NO_UNITS, 0);
  const boughtCount = free(units, state, lines.scope, POOL);
  if (boughtCount < buy) return spreadOver(units, state, NO_UNITS, 0);
  if (!deal.getScope && !fitsOwnScope(boughtCount, buy, get)) return spreadOver(units, state, NO_UNITS, 0);
  const rewardedCount = free(units, state, deal.getScope ? lines.reward : lines.scope, REWARDED);
  const rewarded = byLeft(REWARDED.atLeast(rewardedCount), rewardedCount, state, 1);
  const bought = POOL.atLeast(boughtCount);
  // How many of the first rewarded units are also bought ones: a number of times is tried without
  // building its sets (a cart of many units tries many before one fits).
  const isBought = BOUGHT.atLeast(units.line.length, true);
  for (let at = 0; at < boughtCount; at += 1) isBought[bought[at]!] = 1;
  const boughtIn = BOUGHT_IN.atLeast(rewardedCount + 1);
  boughtIn[0] = 0;
  for (let at = 0; at < rewardedCount; at += 1) boughtIn[at + 1] = boughtIn[at]! + isBought[rewarded[at]!]!;
  for (let times = Math.floor(boughtCount / buy); times >= 1; times -= 1) {
    const end = Math.min(Math.trunc(times * get), rewardedCount);
    const paying = Math.min(boughtCount - boughtIn[end]!, Math.trunc(times * buy));
    if (paying < times * buy || end === 0) continue;
    // Sorted once a number of times fits (the counts above do not need the order).
    byLeft(bought, boughtCount, state, -1);
    const rewarding = REWARDING.atLeast(units.line.length, true);
    let worth = 0;
    for (let at = 0; at < end; at += 1) {
      rewarding[rewarded[at]!] = 1;
      worth += state.left[rewarded[at]!]!;
    }
    // The paid units (the dearest bought ones not rewarded), then the rewards: `times * buy` of the
    // first (a whole number: `paying` is one and reaches it) and `end` of the others.
    const used = new Array<number>(times * buy + end);
    let count = 0;
    for (let at = 0; at < boughtCount && count < times * buy; at += 1) {
      if (rewarding[bought[at]!] === 0) used[count++] = bought[at]!;
    }
    for (let at = 0; at < end; at += 1) used[count++] = rewarded[at]!;
    return spreadOver(units, state, used, applyRate(worth, deal.percentPpm ?? 0));
  }
  return spreadOver(units, state, NO_UNITS, 0);
}

/**
 * Whether any number of times fits `count` units when the rewards come from the bought units' own
 * scope (every rewarded unit is a bought one): `buyGet`'s test without sorting the units first.
 */
export function fitsOwnScope(count: number, buy: number, get: number): boolean {
  for (let times = Math.floor(count / buy); times >= 1; times -= 1) {
    const end = Math.min(Math.trunc(times * get), count);
    const paying = Math.min(count - end, Math.trunc(times * buy));
    if (paying >= times * buy && end !== 0) return true;
  }
  return false;
}

/** A bundle's or a reward's saving shared over the lines it used, in proportion to their amounts. */
function spreadOver(units: Units, state: UnitState, used: number[], saving: number): Applied {
  const byLine = takeOff(units, state, used, saving);
  const total = totalOf(byLine);
  return total > 0 ? { byLine, total, used } : NOTHING_APPLIED;
}

/** True for the kinds that price units of several lines together (the others price line by line). */
export const pricesTogether = (deal: Deal): boolean => deal.kind === 'bundle' || deal.kind === 'buy_get';
