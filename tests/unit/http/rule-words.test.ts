import { describe, expect, it } from 'vitest';
import { PROMO_CODE_TYPED } from '../../../shared/deals/promo-code.js';
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
    expect(refusal({ type: 'integer' }, 2.5)).toBe('must be a whole number, not 2.5');
    expect(refusal({ type: ['string', 'null'] }, 3)).toBe('must be a string or null');
    expect(refusal({ type: 'integer', minimum: 1 }, 0)).toBe('must be a whole number of at least 1, not 0');
    expect(refusal({ type: 'integer', maximum: 100_000_000 }, 100_000_001)).toBe(
      'must be a whole number of at most 100,000,000, not 100000001',
    );
    expect(refusal({ type: 'number', exclusiveMinimum: 0 }, 0)).toBe('must be a number more than 0, not 0');
    expect(refusal({ type: 'number', exclusiveMaximum: 1 }, 1)).toBe('must be a number less than 1, not 1');
    expect(refusal({ type: 'integer', multipleOf: 5 }, 7)).toBe('must be a multiple of 5');
    expect(refusal({ type: 'number', minimum: 0.0001 }, 0)).toBe('must be a number of at least 0.0001, not 0');
  });

  it('say a number’s whole rule and what was sent, whichever part of the rule it broke', () => {
    // A field of 1 to 50 (a print's copies): every bad value is told the same rule, and what it was.
    const copies = { type: 'integer', minimum: 1, maximum: 50 };
    expect(refusal(copies, 'two')).toBe('must be a whole number from 1 to 50, not the text "two"');
    expect(refusal(copies, 2.5)).toBe('must be a whole number from 1 to 50, not 2.5');
    expect(refusal(copies, -1)).toBe('must be a whole number from 1 to 50, not -1');
    expect(refusal(copies, 0)).toBe('must be a whole number from 1 to 50, not 0');
    expect(refusal(copies, 51)).toBe('must be a whole number from 1 to 50, not 51');
    expect(refusal(copies, null)).toBe('must be a whole number from 1 to 50, not null');
    expect(refusal(copies, 'a very long text that goes on and on')).toBe(
      'must be a whole number from 1 to 50, not the text "a very long text tha…"',
    );
    // The bound that only keeps a number exact (2^53 − 1) is said only when it is the one broken.
    const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
    expect(refusal(count, 'many')).toBe('must be a whole number of at least 0, not the text "many"');
    expect(refusal(count, 2 ** 53)).toBe(
      'must be a whole number from 0 to 9,007,199,254,740,991, not a number too large to hold exactly',
    );
    expect(refusal({ type: 'number', minimum: -2, maximum: 2 }, 'x')).toBe(
      'must be a number from -2 to 2, not the text "x"',
    );
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

  it('take a promo code with spaces around it, and say what is wrong with one that has spaces inside or only spaces', () => {
    const code = { type: 'string', minLength: 1, maxLength: 64, pattern: PROMO_CODE_TYPED };
    const validate = validatorCompiler({ schema: code, method: 'POST', url: '/x', httpPart: 'body' }) as Validate;
    for (const typed of ['spring10', ' spring10 ', '\tSPRING-10\n', 'A']) expect(validate(typed), typed).toBe(true);
    expect(refusal(code, 'SPRING 10')).toBe(
      'must be a code of 1 to 32 letters, digits, - or _, without spaces inside it',
    );
    expect(refusal(code, 'X'.repeat(33))).toBe(
      'must be a code of 1 to 32 letters, digits, - or _, without spaces inside it',
    );
    expect(refusal(code, '   ')).toBe('must not be blank');
    expect(refusal(code, '')).toBe('must not be empty');
  });
});
