import { ServicePayError } from '../../../shared/errors.js';
import { listed } from '../../../shared/list-words.js';
import { centsWords } from './cents-words.js';
import { ruleWords, type AjvError } from './rule-words.js';

export type { AjvError };

/** `/items/0/quantity` → `["items", "0", "quantity"]` */
const segmentsOf = (instancePath: string): string[] =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

/** `["items", "0", "quantity"]` → `items[0].quantity` */
const pathOf = (segments: readonly string[]): string =>
  segments.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');

/** The line an item of a request names by its `lineIndex` (a whole number from 1), if it names one. */
function lineNamed(item: unknown): number | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const lineIndex = (item as { lineIndex?: unknown }).lineIndex;
  return typeof lineIndex === 'number' && Number.isInteger(lineIndex) && lineIndex >= 1 ? lineIndex : undefined;
}

/**
 * Where the violation is, in words: the field's path (`items[0].quantity`), except inside an item that
 * names an order's line by its `lineIndex` (an edit of an order's lines), which a person knows by its
 * line: `line 2: ` and the field within it (`quantity`), not `changes[0].quantity`.
 */
function placeOf(instancePath: string, data: unknown): { field: string; line: string; inItem: string } {
  const segments = segmentsOf(instancePath);
  const field = pathOf(segments);
  let value = data;
  let named: { line: number; depth: number } | undefined;
  segments.forEach((part, depth) => {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    const line = /^\d+$/.test(part) ? lineNamed(value) : undefined;
    if (line !== undefined) named = { line, depth };
  });
  if (!named) return { field, line: '', inItem: field };
  return { field, line: `line ${named.line}: `, inItem: pathOf(segments.slice(named.depth + 1)) };
}

/**
 * The violation to tell: the first, except in a union (`anyOf`: a string, a number or null) whose
 * first choice is of another type than the value. There, the choice of the value's own type says
 * what is wrong ("must be at most 9,007,199,254,740,991"), not the first choice ("must be a string").
 */
function telling(errors: readonly AjvError[]): AjvError | undefined {
  const union = errors.find((error) => error.keyword === 'anyOf');
  const ofOtherType = (error: AjvError) => error.keyword === 'type' && error.instancePath === union?.instancePath;
  return (union && errors.find((error) => error !== union && !ofOtherType(error))) ?? errors[0];
}

/**
 * The part of the request a value was in, in words, by Fastify's validation context: a path parameter
 * is in the address (`orderNumber in the address`), a query parameter in the query (`status in the
 * query`), a header is a header (`idempotency-key header`); a body field is named alone. `whole` names
 * the part itself, for a rule about all of it.
 */
const PART_WORDS: Readonly<Record<string, { after: string; whole: string }>> = {
  body: { after: '', whole: 'the body' },
  params: { after: ' in the address', whole: 'the address' },
  querystring: { after: ' in the query', whole: 'the query' },
  headers: { after: ' header', whole: 'the headers' },
};

const partWords = (context: string) => PART_WORDS[context] ?? { after: ` in the ${context}`, whole: `the ${context}` };

/** A name as sent, at most 100 characters of it: a refusal does not echo a whole megabyte back. */
const shortened = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name);

/**
 * The rule an unknown field or query parameter breaks, in words that name those allowed where it was
 * (its object's own, from the schema): "is not an allowed parameter; the parameters allowed here are
 * status, from, to, limit and cursor". A typo is then corrected from the answer alone.
 */
function unknownWords(error: AjvError, context: string): string {
  const noun = context === 'querystring' ? 'parameter' : 'field';
  const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
  const names = Object.keys(properties ?? {});
  if (names.length === 0) {
    return `is not an allowed ${noun}; ${noun === 'parameter' ? 'this route takes no query parameters' : 'no field is allowed here'}`;
  }
  return `is not an allowed ${noun}; the ${noun}s allowed here are ${listed(names)}`;
}

/**
 * Turns the telling schema violation into an INVALID_INPUT that names the field and the rule, in words;
 * `data` is the part of the request that was checked (its body, query string…), which says the line an
 * item names. The refusal keeps the field's path (`field`) for programs.
 */
export function fromValidation(errors: readonly AjvError[], context: string, data?: unknown): ServicePayError {
  const first = telling(errors);
  const part = partWords(context);
  if (!first) return new ServicePayError('INVALID_INPUT', `${part.whole} is invalid`);
  const { field: base, line, inItem } = placeOf(first.instancePath, data);
  const join = (path: string, name: string) => (path ? `${path}.${name}` : name);
  const refused = (field: string, words: string, rule: string) =>
    new ServicePayError('INVALID_INPUT', `${line}${words}${part.after} ${rule}`, { field });
  /** The value itself when the violation is about a whole part (no field): `the query must be …`. */
  const whole = (rule: string) =>
    new ServicePayError('INVALID_INPUT', `${line}${line ? 'it' : part.whole} ${rule}`, { field: base || context });
  // `?limit=1&limit=2` reaches a one-value field's schema as a list (of the wrong type, or not one of
  // its values): say so, not that "1,2" is not a whole number.
  const oneValue = ['type', 'enum', 'const'].includes(first.keyword);
  const query = context === 'querystring' && oneValue && typeof data === 'object' && data !== null ? data : {};
  const repeated = base ? (query as Record<string, unknown>)[base] : undefined;
  if (Array.isArray(repeated)) return refused(base, inItem, `is given ${repeated.length} times; give it once`);
  switch (first.keyword) {
    case 'required': {
      const name = String(first.params.missingProperty);
      return refused(join(base, name), join(inItem, name), 'is required');
    }
    case 'additionalProperties': {
      const name = String(first.params.additionalProperty);
      return refused(join(base, shortened(name)), join(inItem, shortened(name)), unknownWords(first, context));
    }
    case 'const':
    case 'enum': {
      const allowed =
        first.keyword === 'const' ? [first.params.allowedValue] : (first.params.allowedValues as unknown[]);
      const list = allowed.map((value) => JSON.stringify(value)).join(', ');
      const rule = allowed.length === 1 ? `must be ${list}` : `must be one of ${list}`;
      return inItem ? refused(base, inItem, rule) : whole(rule);
    }
    default: {
      // An amount in cents says its unit and an example, whatever its rule (cents-words.ts).
      const rule = centsWords(first) ?? ruleWords(first);
      return inItem ? refused(base, inItem, rule) : whole(rule);
    }
  }
}
