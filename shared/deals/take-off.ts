/**
 * What a bundle or a buy X get Y takes off its units (`takeOff`), and what a deal priced line by
 * line takes off a line's units (`shareOut`): shared as `spreadCapped` shares, in proportion to
 * what is left of each, none below its floor. The search prices thousands of these a cart, so the
 * usual cases are computed without arrays (bench:deals; units.test.ts holds them to `spreadCapped`).
 */
import { OneLine } from './line-cents.js';
import { Numbers, Scratch } from './scratch.js';
import { spreadCappedInto } from './shares-into.js';
import { room, spreadCapped, type Units, type UnitState } from './units.js';

/** Where `takeOff` orders the units chosen, and `shareOut` keeps its shares and rooms (scratch.ts). */
const ORDERED = new Scratch((length) => new Int32Array(length));
const SHARES = new Numbers();
const ROOMS = new Numbers();
const ONE_MORE = new Scratch((length) => new Uint8Array(length));
/** `takeOff`'s lines, where each starts among the units, what is left of each, what each may lose, and its share. */
const LINES = new Scratch((length) => new Int32Array(length));
const STARTS = new Scratch((length) => new Int32Array(length));
const LEFTS = new Numbers();
const LINE_ROOMS = new Numbers();
const LINE_SHARES = new Numbers();

/** Units `from` to `to` (exclusive) of a list, as `shareOut` reads them. */
export interface UnitRange {
  list: ArrayLike<number>;
  from: number;
  to: number;
  /** Whether the units an exclusive deal took are passed over (as if not in the list). */
  free: boolean;
}

/**
 * The range of chosen units `takeOff` shares over, set for each line: one object, not one a line of
 * every bundle and reward priced (`shareOut` reads a range only while it is called).
 */
const TAKEN_RANGE: UnitRange = { list: [], from: 0, to: 0, free: false };

/**
 * Takes `amount` off the units of `range` (what is left of them adding up to `left`, what they may
 * lose to `room`), changing the state, as `spreadCapped` over them shares it (in proportion to what
 * is left of each, none past its room). Without its arrays in the two cases of most lines: the
 * amount is all of their room (each loses all of its own), or no unit's share reaches its room (by
 * largest remainder, the first of equal ones first, which is where `spreadCapped` ends). Callers
 * share only where there is room (`roomOf` above 0), so `left` is above 0 too.
 */
export function shareOut(
  units: Units,
  state: UnitState,
  range: UnitRange,
  amount: number,
  left: number,
  roomOf: number,
): void {
  const { list, from, to } = range;
  const shares = SHARES.atLeast(to);
  const rooms = ROOMS.atLeast(to);
  let rest = amount;
  for (let at = from; at < to; at += 1) {
    if (passedOver(state, range, at)) continue;
    rooms[at] = room(units, state, list[at]!);
    shares[at] = Math.floor((amount * state.left[list[at]!]!) / left);
    rest -= shares[at]!;
  }
  // All of their room: each loses its own. Else in proportion, where no share reaches its room (a
  // unit without room always does); else as `spreadCapped` shares.
  let parts: number[] | null = amount === roomOf ? rooms : null;
  if (!parts && giveRest(state, range, shares, amount, left, rest)) {
    parts = shares;
    for (let at = from; at < to && parts; at += 1) {
      if (!passedOver(state, range, at) && shares[at]! >= rooms[at]!) parts = null;
    }
  }
  if (parts) {
    for (let at = from; at < to; at += 1) {
      if (!passedOver(state, range, at)) state.left[list[at]!] = state.left[list[at]!]! - parts[at]!;
    }
    return;
  }
  shareCapped(units, state, range, amount);
}

/**
 * `shareOut` where some share would reach its unit's room: as `spreadCapped` shares, with its lists.
 * A function of its own, though rare: V8 made `shareOut`'s lists before the branch that needs them,
 * on every call (most of what it allocated).
 */
function shareCapped(units: Units, state: UnitState, range: UnitRange, amount: number): void {
  const open: number[] = [];
  for (let at = range.from; at < range.to; at += 1) if (!passedOver(state, range, at)) open.push(range.list[at]!);
  const capped = spreadCapped(
    amount,
    open.map((unit) => state.left[unit]!),
    open.map((unit) => room(units, state, unit)),
  );
  open.forEach((unit, at) => (state.left[unit] = state.left[unit]! - capped[at]!));
}

/** True when the range's `at`th unit is not shared in: one an exclusive deal took, in a range of free units. */
const passedOver = (state: UnitState, range: UnitRange, at: number) =>
  range.free && state.taken[range.list[at]!] === true;

/** `spread`'s last step on `shares`: one more to each of the `rest` largest remainders; false if it runs out. */
function giveRest(
  state: UnitState,
  range: UnitRange,
  shares: number[],
  amount: number,
  left: number,
  rest: number,
): boolean {
  const { list, from, to } = range;
  const more = ONE_MORE.atLeast(to, true);
  for (; rest > 0; rest -= 1) {
    let best = -1;
    let bestRemainder = -Infinity;
    for (let at = from; at < to; at += 1) {
      if (passedOver(state, range, at) || more[at] === 1) continue;
      const remainder = (amount * state.left[list[at]!]!) % left;
      if (remainder > bestRemainder) {
        best = at;
        bestRemainder = remainder;
      }
    }
    if (best < 0) return false;
    more[best] = 1;
    shares[best]! += 1;
  }
  return true;
}

/**
 * `takeOff` where every chosen unit (the first `count` of `ordered`) is of `line`, as a bundle's or a
 * reward's usually are: the line takes all it can of `amount` (what the sharing between lines would
 * give it alone), without the lists that sharing reads.
 */
function offOneLine(
  units: Units,
  state: UnitState,
  ordered: Int32Array,
  count: number,
  line: number,
  amount: number,
): ReadonlyMap<number, number> {
  let left = 0;
  let roomLeft = 0;
  for (let at = 0; at < count; at += 1) {
    left += state.left[ordered[at]!]!;
    roomLeft += room(units, state, ordered[at]!);
  }
  const share = roomLeft > 0 ? Math.min(amount, roomLeft) : 0;
  if (share === 0) return NOTHING_TAKEN;
  TAKEN_RANGE.list = ordered;
  TAKEN_RANGE.from = 0;
  TAKEN_RANGE.to = count;
  shareOut(units, state, TAKEN_RANGE, share, left, roomLeft);
  return new OneLine(line, share);
}

/** What a deal that took nothing took, by line: one map for all of them, never changed. */
export const NOTHING_TAKEN: ReadonlyMap<number, number> = new Map();

/**
 * Takes `amount` off `chosen` units (at most what they have above their floors): shared over their
 * lines in proportion to what is left of those lines' amounts, then over each line's units the
 * same way, none below its floor (what a floor holds back goes to the others). Answers what each
 * line lost, by line (read only).
 */
export function takeOff(
  units: Units,
  state: UnitState,
  chosen: readonly number[],
  amount: number,
): ReadonlyMap<number, number> {
  if (amount <= 0 || chosen.length === 0) return NOTHING_TAKEN;
  // The chosen units in their order (each as often as chosen): units are numbered line by line, so
  // each line's units come together, from `starts[i]` to the next line's start.
  const ordered = ORDERED.atLeast(chosen.length);
  ordered.set(chosen);
  ORDERED.sortFirst(chosen.length);
  const first = units.line[ordered[0]!]!;
  if (units.line[ordered[chosen.length - 1]!] === first) {
    return offOneLine(units, state, ordered, chosen.length, first, amount);
  }
  const taken = new Map<number, number>();
  // The lines, where each starts, what is left of each and what each may lose.
  let count = 1;
  for (let at = 1; at < chosen.length; at += 1)
    if (units.line[ordered[at]!] !== units.line[ordered[at - 1]!]) count += 1;
  const lines = LINES.atLeast(count);
  const starts = STARTS.atLeast(count);
  const lefts = LEFTS.atLeast(count, true);
  const rooms = LINE_ROOMS.atLeast(count, true);
  for (let at = 0, index = -1; at < chosen.length; at += 1) {
    const unit = ordered[at]!;
    const line = units.line[unit]!;
    if (index < 0 || lines[index] !== line) {
      index += 1;
      lines[index] = line;
      starts[index] = at;
    }
    lefts[index]! += state.left[unit]!;
    rooms[index]! += room(units, state, unit);
  }
  const shares = spreadCappedInto(amount, lefts, rooms, count, LINE_SHARES.atLeast(count));
  for (let index = 0; index < count; index += 1) {
    const share = shares[index]!;
    if (share === 0) continue;
    TAKEN_RANGE.list = ordered;
    TAKEN_RANGE.from = starts[index]!;
    TAKEN_RANGE.to = index + 1 < count ? starts[index + 1]! : chosen.length;
    shareOut(units, state, TAKEN_RANGE, share, lefts[index]!, rooms[index]!);
    taken.set(lines[index]!, share);
  }
  return taken;
}
