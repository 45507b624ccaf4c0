import { describe, expect, it } from 'vitest';
import { fieldWithNul } from '../../../electron/server/http/nul-guard.js';

describe('fieldWithNul', () => {
  it('names the first field whose text holds U+0000, at any depth', () => {
    expect(fieldWithNul({ dispensaryShortName: 'de\u0000mo' }, '')).toBe('dispensaryShortName');
    expect(fieldWithNul({ items: [{ productId: 'a' }, { productId: 'b\u0000' }] }, '')).toBe('items[1].productId');
    expect(fieldWithNul({ customer: { name: { first: '\u0000' } } }, '')).toBe('customer.name.first');
  });

  it('passes text without it, numbers, null and empty values', () => {
    expect(fieldWithNul({ type: 'PICKUP', items: [{ quantity: 2 }], note: null }, '')).toBeUndefined();
    expect(fieldWithNul(undefined, '')).toBeUndefined();
    expect(fieldWithNul('plain', 'body')).toBeUndefined();
  });
});
