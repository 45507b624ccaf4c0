import { describe, expect, it } from 'vitest';
import { lineAmount } from '../../../../renderer/display/logic/line-amount.js';

describe('how much of a line the display says the customer buys', () => {
  it('a count for a counted line', () => {
    expect(lineAmount({ quantity: 2 })).toBe('2 ×');
    expect(lineAmount({ quantity: 1 })).toBe('1 ×');
  });

  it('the weight for a weighed line, as the register’s cart shows it, never "1 ×"', () => {
    expect(lineAmount({ quantity: 3.537, unit: 'g' })).toBe('3.537 g');
    expect(lineAmount({ quantity: 28, unit: 'g' })).toBe('28 g');
  });
});
