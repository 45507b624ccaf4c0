import { describe, expect, it } from 'vitest';
import { shortName } from '../../../shared/customer-name.js';

describe("the queue's name for a customer", () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada L.'],
    [' ada ', ' lovelace', 'ada L.'],
    ['Ada', '', 'Ada'],
    ['', 'Lovelace', 'L.'],
    [null, null, null],
    ['  ', ' ', null],
  ])('%s %s → %s', (first, last, expected) => expect(shortName(first, last)).toBe(expected));
});
