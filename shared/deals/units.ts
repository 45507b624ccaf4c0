/**
 * The cart as deals see it while they apply: each line cut into its units (a weighed line, or a
 * line of part of a unit, is one), each unit with what is left of its amount and its floor, so
 * that an exclusive deal can take some units of a line and leave the others to other deals.
 * A line's amount and floor are shared out over its units by largest remainder (1000 over 3 units:
 * 334, 333, 333), so the units always add up to the line.
 */
import type { DealLine } from './cart.js';
import { spreadInto } from './shares-into.js';

/** The units of a cart (lines in the engine's canonical order), fixed for one `apply`. */
export interface Units {
  lines: readonly DealLine[];
  /** Per unit: its line, its thousandths of the unit (1000, or a weighed line's quantity), its floor. */
  line: number[];
  milli: number[];
  floor: number[];
  /** Per unit, its amount before deals. */
  start: number[];
  /** Per line, its units. */
  ofLine: number[][];
}

/** What is left of each unit's amount, and the units an exclusive deal took. */
export interface UnitState {
  left: number[];
  taken: boolean[];
}

/**
 * `total` shared out in proportion to `weights` by largest remainder (ties to the first), in a list
 * of its own (shares-into.ts `spreadInto`, whose steps these are).
 */
export function spread(total: number, weights: readonly number[]): number[] {
  return spreadInto(total, weights, weights.length, new Array<number>(weights.length));
}

/**
 * `total` shared out in proportion to `weights`, none past its `cap`: a share that would pass its
 * cap stops there and the rest goes to the others, again in proportion (at most the caps' sum).
 */
export function spreadCapped(total: number, weights: readonly number[], caps: readonly number[]): number[] {
  if (weights.length === 1) return [caps[0]! > 0 && total > 0 ? Math.min(total, caps[0]!) : 0];
  const shares = weights.map(() => 0);
  let open: number[] = [];
  let capped = 0;
  for (let index = 0; index < caps.length; index += 1) {
    if (caps[index]! <= 0) continue;
    open.push(index);
    capped += caps[index]!;
  }
  let rest = Math.min(total, capped);
  while (rest > 0 && open.length > 0) {
    const weighed = open.some((index) => weights[index]! > 0);
    const parts = spread(
      rest,
      open.map((index) => (weighed ? weights[index]! : caps[index]!)),
    );
    let over = 0;
    for (let at = 0; at < open.length; at += 1) if (parts[at]! >= caps[open[at]!]!) over += 1;
    if (over === 0) {
      open.forEach((index, at) => (shares[index] = parts[at]!));
      break;
    }
    const under: number[] = [];
    open.forEach((index, at) => {
      if (parts[at]! < caps[index]!) under.push(index);
      else {
        shares[index] = caps[index]!;
        rest -= caps[index]!;
      }
    });
    open = under;
  }
  return shares;
}

/** True when a line is a whole number of units, each cut apart (a weighed line, or a part of a unit, is one). */
const wholeUnits = (line: DealLine) => !line.weighed && line.quantityMilli > 0 && line.quantityMilli % 1000 === 0;

/** How many units a line is cut into. */
const unitCount = (line: DealLine) => (wholeUnits(line) ? line.quantityMilli / 1000 : 1);

/**
 * Cuts the lines into their units: in lists of just their length (one grown by `push` takes room
 * for 17 at once; every `apply` cuts its cart).
 */
export function unitsOf(lines: readonly DealLine[]): Units {
  let total = 0;
  for (const line of lines) total += unitCount(line);
  const units: Units = {
    lines,
    line: new Array<number>(total),
    milli: new Array<number>(total),
    floor: new Array<number>(total),
    start: new Array<number>(total),
    ofLine: new Array<number[]>(lines.length),
  };
  let next = 0;
  lines.forEach((line, index) => {
    const whole = wholeUnits(line);
    const count = whole ? line.quantityMilli / 1000 : 1;
    // `spread` over equal weights: the same share each, the first ones one more for what is left.
    const amount = Math.max(line.amountCents, 0);
    const floor = Math.max(line.floorCents, 0);
    const amountEach = Math.floor(amount / count);
    const floorEach = Math.floor(floor / count);
    const amountRest = amount - amountEach * count;
    const floorRest = floor - floorEach * count;
    const mine = new Array<number>(count);
    for (let unit = 0; unit < count; unit += 1, next += 1) {
      mine[unit] = next;
      units.line[next] = index;
      units.milli[next] = whole ? 1000 : line.quantityMilli;
      units.floor[next] = floorEach + (unit < floorRest ? 1 : 0);
      units.start[next] = amountEach + (unit < amountRest ? 1 : 0);
    }
    units.ofLine[index] = mine;
  });
  return units;
}

/** The state before any deal. */
export function freshState(units: Units): UnitState {
  return { left: units.start.slice(), taken: new Array<boolean>(units.start.length).fill(false) };
}

/** What a unit may still lose before it reaches its floor. */
export function room(units: Units, state: UnitState, unit: number): number {
  return Math.max(0, state.left[unit]! - units.floor[unit]!);
}
