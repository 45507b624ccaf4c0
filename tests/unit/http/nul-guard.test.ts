import { describe, expect, it } from 'vitest';
import { fieldWithNul, MAX_INPUT_DEPTH } from '../../../electron/server/http/nul-guard.js';

describe('fieldWithNul', () => {
  it('names the first field whose text holds U+0000, at any depth', () => {
    expect(fieldWithNul({ dispensaryShortName: 'de\u0000mo' }, '')).toBe('dispensaryShortName');
    expect(fieldWithNul({ items: [{ productId: 'a' }, { productId: 'b\u0000' }] }, '')).toBe('items[1].productId');
    expect(fieldWithNul({ customer: { name: { first: '\u0000' } } }, '')).toBe('customer.name.first');
  });

  it('names the first such field in the order the input is written, from the path it began with', () => {
    expect(fieldWithNul({ a: { b: [0, 'x\u0000'] }, c: '\u0000' }, '')).toBe('a.b[1]');
    expect(fieldWithNul([1, 'x', 'y\u0000'], '')).toBe('[2]');
    expect(fieldWithNul({ id: '\u0000' }, 'params')).toBe('params.id');
    expect(fieldWithNul('text\u0000', 'body')).toBe('body');
  });

  it('passes text without it, numbers, null and empty values', () => {
    expect(fieldWithNul({ type: 'PICKUP', items: [{ quantity: 2 }], note: null }, '')).toBeUndefined();
    expect(fieldWithNul(undefined, '')).toBeUndefined();
    expect(fieldWithNul('plain', 'body')).toBeUndefined();
  });

  it('walks input nested deep without recursing, and refuses it past the limit in words', () => {
    const nested = (levels: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value };
      return value;
    };
    expect(fieldWithNul(nested(MAX_INPUT_DEPTH, 'x\u0000'), '')).toMatch(/^\[0\]\.a(\[0\]\.a)+$/);
    expect(() => fieldWithNul(nested(MAX_INPUT_DEPTH + 1, 'x'), '')).toThrow(
      'the request body is nested deeper than 64 levels of arrays and objects',
    );
    expect(() => fieldWithNul(nested(20_000, 1), '', 'query string')).toThrow(/^the query string is nested deeper/);
  });
});
