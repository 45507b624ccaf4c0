import { describe, expect, it } from 'vitest';
import { validatorCompiler } from '../../../electron/server/http/validators.js';

const schema = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1 }, search: { type: 'string', default: '' } },
  required: ['limit'],
  additionalProperties: false,
};
type Validate = ((data: unknown) => boolean) & { errors?: { message?: string }[] | null };
const compile = (httpPart: string, of: object = schema) =>
  validatorCompiler({ schema: of, method: 'GET', url: '/x', httpPart }) as Validate;

describe('the request validator compiler', () => {
  it('coerces a query string to its schema’s types and fills defaults; a body is never coerced', () => {
    const query: Record<string, unknown> = { limit: '5' };
    expect(compile('querystring')(query)).toBe(true);
    expect(query).toEqual({ limit: 5, search: '' });
    const body = compile('body');
    expect(body({ limit: '5' })).toBe(false);
    expect(body.errors?.[0]?.message).toBe('must be integer');
  });

  it('says why each time, the errors of the latest call', () => {
    const validate = compile('body');
    expect(validate({ limit: 0 })).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('must be >= 1');
    expect(validate({ limit: 2 })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate.errors?.[0]?.message).toBe("must have required property 'limit'");
  });

  it('compiles when a request first needs it, not when the route is registered', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } };
    const validate = compile('body', broken);
    expect(() => validate({ a: 1 })).toThrow(/nowhere/);
  });
});
