/**
 * Which of a cart's lines each deal reaches (engine.ts `apply`), read from the book's index
 * (scope-index.ts) into lists the search then reads: made with as little fresh memory as the
 * cart allows, since the engine's cost on a busy service follows the memory it touches
 * (tests/bench/README.md, twenty-fifth session).
 */
import type { DealLine } from './cart.js';
import type { DealLines } from './kinds.js';
import type { ScopeIndex } from './scope-index.js';
import { Scratch } from './scratch.js';

/** The reward lines of a deal without a reward's scope (read only). */
export const NO_LINES: readonly number[] = [];

/**
 * Each line's list of one line, and the lines of a deal reaching that line alone, shared by every
 * deal that does (most of a small cart's): never written, so an `apply` makes none of its own.
 */
const ONE_LINE: number[][] = [];
const oneLine = (line: number): number[] => (ONE_LINE[line] ??= [line]);
const ONLY_LINE: DealLines[] = [];
export const onlyLine = (line: number): DealLines => (ONLY_LINE[line] ??= { scope: oneLine(line), reward: NO_LINES });

/** The lines `linesIn` found for a deal (`reward` undefined: none), one line's shared where it can. */
export const dealLines = (scope: readonly number[], reward: readonly number[] | undefined): DealLines =>
  reward === undefined && scope.length === 1 ? onlyLine(scope[0]!) : { scope, reward: reward ?? NO_LINES };

/** Where `linesIn` orders the deals reached (scratch.ts): one for the deals' scopes, one for their rewards'. */
export const SCOPE_ORDER = new Scratch((length) => new Int32Array(length));
export const REWARD_ORDER = new Scratch((length) => new Int32Array(length));
/** `linesIn`'s count of lines each deal reaches, then of those written: zero between calls. */
const LINE_COUNTS = new Scratch((length) => new Int32Array(length));
const WRITTEN = new Scratch((length) => new Int32Array(length));

/**
 * The lines (by number) in each kept deal's scope, by the deal's number, in `found` (the book's own
 * list, every entry undefined between calls), and how many deals were reached: their numbers, in
 * order, are the first entries of `into`'s buffer. The lines are counted first, so that a deal
 * reaching several gets a list of just their number (one grown by `push` takes room for 17), and
 * one reaching one line the list shared by every such deal (`oneLine`).
 */
export function linesIn(
  index: ScopeIndex,
  lines: readonly DealLine[],
  keep: (deal: number) => boolean,
  found: (number[] | undefined)[],
  into: Scratch<Int32Array>,
): number {
  // The deals reached, in the order found, then sorted: at most every deal of the book.
  const reached = into.atLeast(found.length);
  const counts = LINE_COUNTS.atLeast(found.length);
  const written = WRITTEN.atLeast(found.length);
  let count = 0;
  for (let at = 0; at < lines.length; at += 1) {
    const deals = index.dealsOfLine(lines[at]!);
    for (let next = 0; next < deals.length; next += 1) {
      const deal = deals[next]!;
      if (!keep(deal)) continue;
      if (counts[deal] === 0) reached[count++] = deal;
      counts[deal] = counts[deal]! + 1;
    }
  }
  for (let at = 0; at < lines.length; at += 1) {
    const deals = index.dealsOfLine(lines[at]!);
    for (let next = 0; next < deals.length; next += 1) {
      const deal = deals[next]!;
      const many = counts[deal]!;
      if (many === 0) continue; // not kept
      if (many === 1) found[deal] = oneLine(at);
      else {
        (found[deal] ??= new Array<number>(many))[written[deal]!] = at;
        written[deal] = written[deal]! + 1;
      }
    }
  }
  for (let at = 0; at < count; at += 1) counts[reached[at]!] = written[reached[at]!] = 0;
  into.sortFirst(count);
  return count;
}
