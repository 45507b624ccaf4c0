import { describe, expect, it } from 'vitest';
import { ruleWords } from '../../../electron/server/http/rule-words.js';
import { validatorCompiler } from '../../../electron/server/http/validators.js';
import type { AjvError } from '../../../electron/server/http/validation-errors.js';

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/** The words of the first rule `value` breaks in `schema`, as the body's validator reports it. */
function refusal(schema: object, value: unknown): string {
  const validate = validatorCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' }) as Validate;
  expect(validate(value)).toBe(false);
  return ruleWords(validate.errors![0]!);
}

describe('the words of a schema rule', () => {
  it('say what a number, a text and a list must be', () => {
    expect(refusal({ type: 'integer' }, 2.5)).toBe('must be a whole number');
    expect(refusal({ type: ['string', 'null'] }, 3)).toBe('must be a string or null');
    expect(refusal({ type: 'integer', minimum: 1 }, 0)).toBe('must be at least 1');
    expect(refusal({ type: 'integer', maximum: 100_000_000 }, 100_000_001)).toBe('must be at most 100,000,000');
    expect(refusal({ type: 'number', exclusiveMinimum: 0 }, 0)).toBe('must be more than 0');
    expect(refusal({ type: 'number', exclusiveMaximum: 1 }, 1)).toBe('must be less than 1');
    expect(refusal({ type: 'integer', multipleOf: 5 }, 7)).toBe('must be a multiple of 5');
    expect(refusal({ type: 'number', minimum: 0.0001 }, 0)).toBe('must be at least 0.0001');
    expect(refusal({ type: 'string', minLength: 1 }, '')).toBe('must not be empty');
    expect(refusal({ type: 'string', minLength: 3 }, 'ab')).toBe('must have at least 3 characters');
    expect(refusal({ type: 'string', maxLength: 1 }, 'ab')).toBe('must have at most 1 character');
    expect(refusal({ type: 'array', minItems: 1 }, [])).toBe('must have at least 1 item');
    expect(refusal({ type: 'array', maxItems: 5 }, [1, 2, 3, 4, 5, 6])).toBe('must have at most 5 items');
    expect(refusal({ type: 'array', uniqueItems: true }, ['A', 'B', 'A'])).toBe(
      'must not repeat an item (items 0 and 2 are the same)',
    );
    expect(refusal({ type: 'object', minProperties: 1 }, {})).toBe('must have at least 1 field');
  });

  it('say what a pattern or a format asks for, never the expression', () => {
    expect(refusal({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, '1/2/2026')).toBe(
      'must be a date as YYYY-MM-DD, such as 2026-11-01',
    );
    expect(refusal({ type: 'string', pattern: '^[0-9]{9}$' }, '02100002')).toBe('must be 9 digits');
    expect(refusal({ type: 'string', format: 'uuid' }, 'abc')).toBe(
      'must be an id as a UUID, such as "3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c"',
    );
    expect(refusal({ type: 'string', format: 'email' }, 'maria@')).toBe('must look like name@example.com');
    // A pattern without words (none in the API: tests/integration/http/validation-words.test.ts) keeps Ajv's.
    expect(refusal({ type: 'string', pattern: '^x$' }, 'y')).toBe('must match pattern "^x$"');
  });
});
