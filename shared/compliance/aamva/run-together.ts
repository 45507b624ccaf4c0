import { ELEMENT_ID, fitScore } from './element-rules.js';

/** One subfile's data elements by their three-letter id ("DCS" → "SMITH"). */
export interface Subfile {
  type: string;
  elements: Map<string, string>;
}

/**
 * A scanner that drops every control character runs the elements together:
 * "DLDAQD1234567DCSGODDARDDACJOHNDBB01151990…". The elements must then be split where an element id
 * of the standard stands, but a value may hold such letters too ("GODDARD" holds DDA and DAR,
 * "DAVID" holds DAV). So every way to split is weighed and the best taken:
 * - each value must fit its element (a date is 8 digits, the compliance type one letter, the country
 *   USA or CAN…), and scores for fitting a fixed shape and for being an element of that version;
 * - the subfile has as many elements as its header designator says, when the header came through:
 *   its length counts one separator per element, so elements = length - 2 - characters left. When no
 *   split gives that count (some issuers' lengths are off by a few), any count will do;
 * - between equal scores, fewer elements (longer values) win: "GODDARD" rather than "GOD" + "DAR".
 * A name that still splits wrongly is shown to the cashier, who compares it with the card; a date
 * that cannot be read refuses the scan.
 */

interface Split {
  score: number;
  elements: [string, string][];
}

const better = (a: Split | undefined, b: Split | undefined) =>
  !b || (a && (a.score > b.score || (a.score === b.score && a.elements.length < b.elements.length))) ? a : b;

function candidates(text: string): number[] {
  const found: number[] = [];
  for (let at = 0; at < text.length; at += 1) {
    ELEMENT_ID.lastIndex = at;
    if (ELEMENT_ID.test(text)) found.push(at);
  }
  return found;
}

/**
 * The best split of one subfile's run-together elements, into exactly `count` elements when given,
 * or undefined when none fits.
 */
export function splitElements(text: string, version: number, count?: number): Map<string, string> | undefined {
  const starts = candidates(text);
  if (starts[0] !== 0) return undefined;
  const ends = [...starts, text.length];
  const memo = new Map<string, Split | undefined>();
  // The best split of text[starts[index]…] into `left` elements (any number when undefined).
  const best = (index: number, left: number | undefined): Split | undefined => {
    const key = `${index}:${left}`;
    if (memo.has(key)) return memo.get(key);
    let found: Split | undefined;
    const at = ends[index]!;
    const id = text.slice(at, at + 3);
    for (let next = index + 1; next < ends.length && left !== 0; next += 1) {
      const value = text.slice(at + 3, ends[next]);
      const score = ends[next]! >= at + 3 ? fitScore(id, value, version) : undefined;
      if (score === undefined) continue;
      let rest: Split | undefined;
      if (next < ends.length - 1) rest = best(next, left === undefined ? undefined : left - 1);
      else if (left === undefined || left === 1) rest = { score: 0, elements: [] };
      if (rest) found = better({ score: score + rest.score, elements: [[id, value.trim()], ...rest.elements] }, found);
    }
    memo.set(key, found);
    return found;
  };
  const split = (count !== undefined && count > 0 ? best(0, count) : undefined) ?? best(0, undefined);
  return split && new Map(split.elements);
}

/** A subfile the header declares: its type, and its length when the header gave one. */
export interface DeclaredSubfile {
  type: string;
  length?: number;
}

/** The subfiles of a run-together body, found in the order the header declares them. */
export function splitRunTogether(body: string, declared: readonly DeclaredSubfile[], version: number): Subfile[] {
  const starts: { type: string; at: number; length?: number }[] = [];
  let from = 0;
  for (const { type, length } of declared) {
    const first = type.startsWith('Z') ? `${type}${type}` : `${type}D`;
    const at = body.indexOf(first, from);
    if (at < 0) continue;
    starts.push({ type, at, ...(length === undefined ? {} : { length }) });
    from = at + 2;
  }
  return starts.map(({ type, at, length }, index) => {
    const text = body.slice(at + 2, starts[index + 1]?.at ?? body.length);
    // Jurisdiction subfiles (Z…) hold nothing the register reads.
    if (type.startsWith('Z')) return { type, elements: new Map<string, string>() };
    const count = length === undefined ? undefined : length - 2 - text.length;
    return { type, elements: splitElements(text, version, count) ?? new Map<string, string>() };
  });
}
