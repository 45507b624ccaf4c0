import { describe, expect, it } from 'vitest';
import { newOrderNumber, ORDER_NUMBER_ALPHABET } from '../../../electron/server/core/order-number.js';

describe('order numbers', () => {
  it('are 6 characters of an alphabet without 0, O, 1 or I', () => {
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(32);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 1000; i += 1) expect(newOrderNumber()).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
  });

  it('are spread over the alphabet (no symbol is starved or favoured)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i += 1) {
      for (const symbol of newOrderNumber()) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    // 120,000 symbols over 32: 3,750 expected each; allow a wide margin against flakiness.
    for (const count of counts.values()) expect(count).toBeGreaterThan(3_300);
  });
});
