/**
 * `spread` and `spreadCapped` (units.ts) written into lists used again (scratch.ts), for `takeOff`:
 * a bundle or a reward over several lines shares its saving between them on most carts of issue
 * 31's bench, and the lists those two make each time were a tenth of what an `apply` allocated.
 * The same steps on the same numbers, so the same shares to the cent (units.test.ts holds `takeOff`
 * to `spreadCapped`).
 */
import { Numbers, Scratch } from './scratch.js';

/** `spreadCappedInto`'s open entries, the weights it spreads by, and `spreadInto`'s shares and marks (amounts in plain lists: `Numbers`). */
const OPEN = new Scratch((length) => new Int32Array(length));
const WEIGHTS = new Numbers();
const PARTS = new Numbers();
const GIVEN = new Scratch((length) => new Uint8Array(length));

/** `spread(total, weights)` of the first `count` weights, into `shares` (answered). */
export function spreadInto(total: number, weights: ArrayLike<number>, count: number, shares: number[]): number[] {
  let sum = 0;
  for (let at = 0; at < count; at += 1) sum += weights[at]!;
  shares.fill(0, 0, count);
  if (total <= 0 || sum <= 0) return shares;
  let rest = total;
  for (let at = 0; at < count; at += 1) {
    shares[at] = Math.floor((total * weights[at]!) / sum);
    rest -= shares[at]!;
  }
  if (rest === 0) return shares;
  // The `rest` largest remainders get one more each (the first of equal ones first): fewer than `count`.
  const given = GIVEN.atLeast(count, true);
  for (; rest > 0; rest -= 1) {
    let best = -1;
    let bestRemainder = -Infinity;
    for (let at = 0; at < count; at += 1) {
      const remainder = (total * weights[at]!) % sum;
      if (given[at] === 0 && remainder > bestRemainder) {
        best = at;
        bestRemainder = remainder;
      }
    }
    if (best < 0) break;
    given[best] = 1;
    shares[best]! += 1;
  }
  return shares;
}

/** `spreadCapped(total, weights, caps)` of the first `count` of each, into `shares` (answered). */
export function spreadCappedInto(
  total: number,
  weights: ArrayLike<number>,
  caps: ArrayLike<number>,
  count: number,
  shares: number[],
): number[] {
  shares.fill(0, 0, count);
  if (count === 1) {
    shares[0] = caps[0]! > 0 && total > 0 ? Math.min(total, caps[0]!) : 0;
    return shares;
  }
  // The entries still open (below their caps), in order: narrowed in place at each round.
  const open = OPEN.atLeast(count);
  let openCount = 0;
  let capped = 0;
  for (let index = 0; index < count; index += 1) {
    if (caps[index]! <= 0) continue;
    open[openCount++] = index;
    capped += caps[index]!;
  }
  let rest = Math.min(total, capped);
  while (rest > 0 && openCount > 0) {
    let weighed = false;
    for (let at = 0; at < openCount && !weighed; at += 1) weighed = weights[open[at]!]! > 0;
    const by = WEIGHTS.atLeast(openCount);
    for (let at = 0; at < openCount; at += 1) by[at] = weighed ? weights[open[at]!]! : caps[open[at]!]!;
    const parts = spreadInto(rest, by, openCount, PARTS.atLeast(openCount));
    let over = 0;
    for (let at = 0; at < openCount; at += 1) if (parts[at]! >= caps[open[at]!]!) over += 1;
    if (over === 0) {
      for (let at = 0; at < openCount; at += 1) shares[open[at]!] = parts[at]!;
      break;
    }
    let under = 0;
    for (let at = 0; at < openCount; at += 1) {
      const index = open[at]!;
      if (parts[at]! < caps[index]!) open[under++] = index;
      else {
        shares[index] = caps[index]!;
        rest -= caps[index]!;
      }
    }
    openCount = under;
  }
  return shares;
}
