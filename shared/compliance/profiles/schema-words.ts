import type { TLocalizedValidationError } from 'typebox/error';
import { COMPLIANCE_CATEGORIES } from './schema.js';

/**
 * A schema error of a state profile in words, naming the field in path form
 * (`customerTypes.adult_use.groups[0].limit`) and the rule, with the value found: what `servicepay
 * profiles check` prints and what stops the service's start.
 */

/** One thing wrong with a profile: the field at fault and the rule it breaks, in words. */
export interface ProfileProblem {
  /** In path form: `customerTypes.adult_use.groups[0].limit`; '' for the whole profile. */
  field: string;
  /** "must be a whole number, not 28.5" */
  problem: string;
}

/** "/customerTypes/adult_use/groups/0/limit" → "customerTypes.adult_use.groups[0].limit" */
export function fieldOf(pointer: string, child?: string): string {
  const steps = [...pointer.split('/').slice(1), ...(child === undefined ? [] : [child])];
  return steps.reduce((path, step) => (/^\d+$/.test(step) ? `${path}[${step}]` : path ? `${path}.${step}` : step), '');
}

/** The value at a JSON pointer of `raw`, or undefined. */
function valueAt(raw: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, step) => (typeof value === 'object' && value !== null ? Reflect.get(value, step) : undefined),
      raw,
    );
}

/** A value as a problem quotes it: JSON, cut short. */
function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/** The shapes the profile's patterns ask for, in words. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  '^[a-z]{2}-[a-z]{2}$': 'must be the country and the state in lower case, as "us-ca"',
  '^[A-Z]{2}$': 'must be the state\u2019s two letters in capitals, as "CA"',
  '^\\d{4}-\\d{2}-\\d{2}$': 'must be a date as YYYY-MM-DD',
  '^[a-z][a-z0-9_]*$': 'must be lower-case letters, digits and _, starting with a letter, as "non_concentrated"',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list [ … ]',
  object: 'an object { … }',
};

/** The words of the rule a value breaks, by the schema keyword that refused it. */
function ruleWords(error: TLocalizedValidationError, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'type':
      return `must be ${TYPE_WORDS[params.type as string] ?? String(params.type)}, not ${shown(value)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}, not ${shown(value)}`;
    case 'minimum':
      return `must be at least ${limit}, not ${shown(value)}`;
    case 'maximum':
      return `must be at most ${limit}, not ${shown(value)}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must have at least ${limit} characters`;
    case 'maxLength':
      return `must have at most ${limit} characters`;
    case 'minItems':
      return `must hold at least ${limit} item${limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `must hold at most ${limit} item${limit === 1 ? '' : 's'}`;
    case 'pattern':
      return `${PATTERN_WORDS[params.pattern as string] ?? `must match ${String(params.pattern)}`}, not ${shown(value)}`;
    default:
      return error.message;
  }
}

/** Why a field is not one of the profile's: a category unknown to `counting`, or any other name. */
function unknownField(field: string): string {
  return /\.counting\.[^.[]+$/.test(field)
    ? `is not a category of the catalog (${COMPLIANCE_CATEGORIES.join(', ')})`
    : 'is not a field of a state profile';
}

/** A schema error of `raw` as a problem in words. */
export function schemaProblem(raw: unknown, error: TLocalizedValidationError): ProfileProblem {
  const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
  if (params.requiredProperties) {
    return { field: fieldOf(error.instancePath, params.requiredProperties[0]), problem: 'is missing' };
  }
  if (params.additionalProperties) {
    const field = fieldOf(error.instancePath, params.additionalProperties[0]);
    return { field, problem: unknownField(field) };
  }
  // A property a closed object (or the categories' record) has no schema for.
  if (error.keyword === 'boolean') {
    const field = fieldOf(error.instancePath);
    return { field, problem: unknownField(field) };
  }
  return { field: fieldOf(error.instancePath), problem: ruleWords(error, valueAt(raw, error.instancePath)) };
}
