import { readFile } from 'node:fs/promises';
import type { SourceItem } from './import-types.js';
import type { CatalogText } from './read-csv.js';
import { jsonProblem } from './json-problem.js';

/**
 * Reads a JSON catalog file: an array of product objects. Each product is reported with its index
 * and the line its object starts on. JSON cannot be validated before it is whole, so the file is
 * read at once (100 000 products are about 40 MB).
 */
export async function* readJson(file: CatalogText): AsyncGenerator<SourceItem> {
  const text = typeof file === 'string' ? await readFile(file, 'utf8') : file.text;
  let value: unknown;
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const { line, column, what } = jsonProblem(json, (error as Error).message);
    const message = `is not valid JSON at line ${line}, column ${column}: ${what}`;
    yield { kind: 'error', error: { line, field: 'file', message } };
    return;
  }
  if (!Array.isArray(value)) {
    yield { kind: 'error', error: { line: 1, field: 'file', message: 'must be a JSON array of products' } };
    return;
  }
  const lines = elementLines(text);
  for (const [index, element] of value.entries()) {
    const line = lines[index] ?? 0;
    if (element === null || typeof element !== 'object' || Array.isArray(element)) {
      yield { kind: 'error', error: { line, index, field: 'row', message: 'must be an object' } };
    } else {
      yield { kind: 'record', record: { line, index, fields: element as Record<string, unknown> } };
    }
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN = new Set([91, 123]); // [ {
const CLOSE = new Set([93, 125]); // ] }
const SPACE = new Set([32, 9, 10, 13]);

/** The line on which each element of the top-level array starts (the text is valid JSON). */
export function elementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (char === 10) line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === BACKSLASH) escaped = true;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (SPACE.has(char)) continue;
    if (expectElement && !CLOSE.has(char)) lines.push(line);
    expectElement = false;
    if (char === QUOTE) inString = true;
    else if (OPEN.has(char)) {
      depth += 1;
      if (depth === 1) expectElement = true;
    } else if (CLOSE.has(char)) depth -= 1;
    else if (char === COMMA && depth === 1) expectElement = true;
  }
  return lines;
}
