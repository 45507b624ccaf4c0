/**
 * The loader's validation: each field has a rule (a test and the words that finish "<field> must
 * be …"), so every message names the field and the rule. Every pattern is plain ASCII: a page not
 * served as UTF-8 must not break the script with a regular-expression error (spec 7.4).
 */

/** A field's rule: its test and the words finishing "<field> must be …". */
export type Rule = [test: (value: unknown) => boolean, words: string];

/** A broken rule of the page's input. */
export class Invalid extends Error {}

export function fail(message: string): never {
  throw new Invalid(message);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isFunction = (value: unknown): value is (...args: unknown[]) => unknown => typeof value === 'function';

export const isString = (value: unknown): value is string => typeof value === 'string';

/** A DOM element, also one of another window's document (nodeType rather than instanceof). */
export const isElement = (value: unknown): value is HTMLElement =>
  isObject(value) && value.nodeType === 1 && isFunction(value.appendChild);

/** A UUID in its canonical text form (any version). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec 2.7: the payment methods. */
export const METHODS = ['ACH', 'Credit', 'Cash', 'ATM', 'Debit'];

export const matches = (pattern: RegExp, words: string): Rule => [(v) => isString(v) && pattern.test(v), words];
export const uuid = matches(UUID, 'a UUID');
export const text = (max: number): Rule => [
  (v) => isString(v) && v.length <= max,
  `a string of at most ${max} characters`,
];
export const oneOf = (values: unknown[]): Rule => [(v) => values.includes(v), `one of ${values.join(', ')}`];
export const boolean: Rule = [(v) => typeof v === 'boolean', 'true or false'];
export const nullOr = ([test, words]: Rule): Rule => [(v) => v === null || test(v), `${words} or null`];
/** Cents: a whole number (NaN, Infinity and fractions of a cent break it), at least `min` when given. */
export const cents = (min: number | undefined, words: string): Rule => [
  (v) => Number.isInteger(v) && (min === undefined || (v as number) >= min),
  words,
];

/** Short rendering of a bad value for a message: `-5`, `"AB-12"`, `a function`. */
export function shown(value: unknown): string {
  if (isString(value)) return `"${value.slice(0, 40)}"`;
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? 'a function' : String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** Checks `input` against `rules`: required fields first, then every field present. */
export function checkFields(
  input: Record<string, unknown>,
  rules: Record<string, Rule>,
  required: string[],
  prefix = '',
): void {
  for (const name of required) if (input[name] === undefined) fail(`${prefix}${name} is required: ${rules[name]![1]}`);
  for (const name in rules) {
    const value = input[name];
    if (value !== undefined && !rules[name]![0](value))
      fail(`${prefix}${name} must be ${rules[name]![1]} (got ${shown(value)})`);
  }
}

/** Spec 4.3: dispensaryShortName. */
export const KEBAB_10 = matches(/^(?=.{1,10}$)[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab case, at most 10 characters');
