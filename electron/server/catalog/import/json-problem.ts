/** Where a JSON text stops parsing, and why, in words: line and column, never a character offset. */
export interface JsonProblem {
  /** From 1. */
  line: number;
  /** From 1, in characters of that line. */
  column: number;
  /** "expected ',' or '}' after property value", from the parser's own words. */
  what: string;
}

const AT_POSITION = /\s*(in|after) JSON at position (\d+)(?:\s*\(line \d+ column \d+\))?\s*$/;
/** V8's words for a token it did not expect: `Unexpected token '}', "[{"a": tru}" is not valid JSON` (or `..."…"...`). */
const QUOTED_SOURCE = /,\s*(?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON\s*$/s;
const ENDS_EARLY = /^Unexpected end of JSON input/;

/** Where `text` fails `JSON.parse` with `message` (the error it threw). */
export function jsonProblem(text: string, message: string): JsonProblem {
  const position = failingAt(text, message);
  const { line, column } = lineAndColumn(text, position);
  const what =
    text.trim() === ''
      ? 'it is empty (a catalog is an array of products: [ … ])'
      : ENDS_EARLY.test(message)
        ? 'it ends before every bracket and quote is closed'
        : message
            .replace(AT_POSITION, (_all, word: string) => (word === 'after' ? ' after the end' : ''))
            .replace(QUOTED_SOURCE, '');
  return { line, column, what: what.charAt(0).toLowerCase() + what.slice(1) };
}

/** The parser's position, or the end of the text when it ended early, or the shortest failing prefix's last character. */
function failingAt(text: string, message: string): number {
  const given = AT_POSITION.exec(message);
  if (given) return Number(given[2]);
  if (ENDS_EARLY.test(message)) return text.trimEnd().length;
  // Some refusals name no position ("Unexpected token"): the first prefix that fails short of its end has it.
  let good = 0;
  let bad = text.length;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (failsWithin(text.slice(0, middle))) bad = middle;
    else good = middle;
  }
  return bad - 1;
}

/** True when `prefix` fails before its end (not for ending early, nor at its last character). */
function failsWithin(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (ENDS_EARLY.test(message)) return false;
    const given = AT_POSITION.exec(message);
    return !given || Number(given[2]) < prefix.length;
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i += 1) {
    if (text.charCodeAt(i) === 10) {
      line += 1;
      start = i + 1;
    }
  }
  return { line, column: end - start + 1 };
}
