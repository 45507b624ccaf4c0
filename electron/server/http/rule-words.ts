import { PROMO_CODE_RULE, PROMO_CODE_TYPED } from '../../../shared/deals/promo-code.js';
import { SAFE_MAX } from '../../../shared/numbers.js';
import { TERMINAL_ID_PATTERN } from '../../../shared/terminal-id.js';

/** One schema violation as Ajv reports it. */
export interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema that holds the violated rule (Ajv's `verbose`): its marks word the refusal (cents-words.ts). */
  parentSchema?: unknown;
  /** The value refused (Ajv's `verbose`). */
  data?: unknown;
}

/**
 * What each string pattern of the API's schemas asks for, in words: a refusal says these instead of
 * the regular expression. tests/integration/http/validation-words.test.ts finds every pattern and
 * format of /openapi.json here.
 */
export const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^\\d{4}-\\d{2}-\\d{2}$': 'must be a date as YYYY-MM-DD, such as 2026-11-01',
  '^[A-Za-z0-9]{1,10}$': 'must be 1 to 10 letters or digits',
  '^[A-Z0-9]{6}$': 'must be 6 capital letters or digits, such as S45F6P',
  '^-?\\d+\\.\\d{2}$': 'must be an amount with two decimals, such as "12.50"',
  '^[0-9 ]{12,23}$': 'must be the card’s digits (12 to 23 digits and spaces)',
  '^(0[1-9]|1[0-2])/[0-9]{2}$': 'must be the month and year as MM/YY, such as 04/29',
  '^[0-9]{3,4}$': 'must be 3 or 4 digits',
  '^[0-9]{4,8}$': 'must be 4 to 8 digits',
  '^[0-9]{4,17}$': 'must be 4 to 17 digits',
  '^[0-9]{9}$': 'must be 9 digits',
  '^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$':
    'must be 2 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit',
  '^[a-z0-9]+(-[a-z0-9]+)*$': 'must be lower-case letters and digits, joined by single dashes, such as "green-valley"',
  '^[a-z0-9]+([-_][a-z0-9]+)*$':
    'must be lower-case letters and digits, joined by single dashes or underscores, such as "edibles_ca"',
  '^\\d{1,3}(\\.\\d{1,4})?$': 'must be a percent such as "7.25" (at most 4 decimals)',
  '^https?://': 'must start with http:// or https://',
  '\\S': 'must say something: spaces alone are no answer',
  '^spl_[A-Za-z0-9_-]{43}$': 'must be a payment link’s token (spl_ and 43 letters, digits, - or _)',
  // The state profiles' (answered with a store's rules and its customers' checks).
  '^[a-z]{2}-[a-z]{2}$': 'must be a country and state such as "us-ca"',
  '^[A-Z]{2}$': 'must be 2 capital letters, such as "CA"',
  '^[a-z][a-z0-9_]*$': 'must be lower-case letters, digits or _, starting with a letter',
  [TERMINAL_ID_PATTERN]: 'must be 1 to 40 letters, digits, - or _, starting with a letter or digit',
  [PROMO_CODE_TYPED]: `must be a code of ${PROMO_CODE_RULE}`,
};

/** What each string format of the API's schemas asks for, in words. */
export const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uuid: 'must be an id as a UUID, such as "3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c"',
  'date-time': 'must be a date and time such as "2026-11-01T09:30:00Z"',
  date: 'must be a date as YYYY-MM-DD, such as 2026-11-01',
  email: 'must look like name@example.com',
  uri: 'must be a web address such as "https://example.com/hooks"',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const amount = (value: unknown) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 20 }) : String(value);

/** What was sent, as the caller wrote it: `0`, `3.25`, `null`, the text `"two"` (cut past 20 or 30 characters). */
export function sentWords(value: unknown): string {
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  // Past 2^53 − 1 the number read is not the one written (…993 reads as …992): say so, not a wrong one.
  if (typeof value === 'number' && !(Math.abs(value) <= SAFE_MAX)) return 'a number too large to hold exactly';
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 30 ? `${json.slice(0, 30)}…` : json;
}

type NumberSchema = {
  type: 'integer' | 'number';
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const NUMBER_KEYWORDS = new Set(['type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

function isNumberSchema(schema: unknown): schema is NumberSchema {
  const type = typeof schema === 'object' && schema !== null ? (schema as { type?: unknown }).type : undefined;
  return type === 'integer' || type === 'number';
}

/**
 * A number's whole rule, in words, whichever part of it was broken, with what was sent: "must be a
 * whole number from 1 to 50, not the text "two"" (never "must be a whole number" for 2.5, nor "must
 * be at least 0" of a field that takes 1 to 50). A bound that only keeps a number exact (±2^53 − 1)
 * is said only when it is the one broken. Undefined for a rule of anything but a number.
 */
function numberWords(error: AjvError): string | undefined {
  const schema = error.parentSchema;
  if (!NUMBER_KEYWORDS.has(error.keyword) || !isNumberSchema(schema)) return undefined;
  const shown = (bound: number | undefined, kept: string) =>
    bound !== undefined && (Math.abs(bound) < SAFE_MAX || error.keyword === kept) ? bound : undefined;
  const least = shown(schema.minimum, 'minimum');
  const most = shown(schema.maximum, 'maximum');
  // One side of the range: past an exclusive bound, or up to an inclusive one.
  const side = (exclusive: number | undefined, bound: number | undefined, past: string, upTo: string) =>
    exclusive !== undefined
      ? `${past} ${amount(exclusive)}`
      : bound === undefined
        ? undefined
        : `${upTo} ${amount(bound)}`;
  const lower = side(schema.exclusiveMinimum, least, 'more than', 'at least');
  const upper = side(schema.exclusiveMaximum, most, 'less than', 'at most');
  const bounds =
    least !== undefined && most !== undefined && lower?.startsWith('at') && upper?.startsWith('at')
      ? `from ${amount(least)} to ${amount(most)}`
      : [lower, upper].filter((words) => words !== undefined).join(' and ');
  const kind = schema.type === 'integer' ? 'a whole number' : 'a number';
  const rule = !bounds ? kind : bounds.startsWith('at ') ? `${kind} of ${bounds}` : `${kind} ${bounds}`;
  return 'data' in error ? `must be ${rule}, not ${sentWords(error.data)}` : `must be ${rule}`;
}

/**
 * What a schema rule asks for, in words ("must be a whole number from 1 to 50, not 2.5", "must have
 * at most 32 characters", "must be a date as YYYY-MM-DD"); Ajv's own message for a rule not named here.
 */
export function ruleWords(error: AjvError): string {
  const { params } = error;
  const number = numberWords(error);
  if (number !== undefined) return number;
  switch (error.keyword) {
    case 'type': {
      const types = String(params.type).split(',');
      return `must be ${types.map((type) => TYPE_WORDS[type] ?? type).join(' or ')}`;
    }
    case 'minimum':
      return `must be at least ${amount(params.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${amount(params.limit)}`;
    case 'maximum':
      return `must be at most ${amount(params.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${amount(params.limit)}`;
    case 'multipleOf':
      return `must be a multiple of ${amount(params.multipleOf)}`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : `must have at least ${count(Number(params.limit), 'character', 'characters')}`;
    case 'maxLength':
      return `must have at most ${count(Number(params.limit), 'character', 'characters')}`;
    case 'minItems':
      return `must have at least ${count(Number(params.limit), 'item', 'items')}`;
    case 'maxItems':
      return `must have at most ${count(Number(params.limit), 'item', 'items')}`;
    case 'minProperties':
      return `must have at least ${count(Number(params.limit), 'field', 'fields')}`;
    case 'maxProperties':
      return `must have at most ${count(Number(params.limit), 'field', 'fields')}`;
    case 'uniqueItems':
      return `must not repeat an item (items ${String(params.j)} and ${String(params.i)} are the same)`;
    case 'pattern':
      // Spaces only: what the field asks for is not there at all, whatever its pattern.
      if (typeof error.data === 'string' && error.data.trim() === '') return 'must not be blank';
      return PATTERN_WORDS[String(params.pattern)] ?? error.message ?? 'is invalid';
    case 'format':
      return FORMAT_WORDS[String(params.format)] ?? error.message ?? 'is invalid';
    default:
      return error.message ?? 'is invalid';
  }
}
