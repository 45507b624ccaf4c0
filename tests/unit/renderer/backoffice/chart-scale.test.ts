import { describe, expect, it } from 'vitest';
import { shortMoney, valueTicks } from '../../../../renderer/backoffice/logic/chart-scale.js';

describe("the sales chart's axis", () => {
  it('rounds the top to a readable amount above the busiest hour', () => {
    expect(valueTicks(28_955)).toEqual([0, 10_000, 20_000, 30_000]);
    expect(valueTicks(100_000)).toEqual([0, 25_000, 50_000, 75_000, 100_000]);
    expect(valueTicks(0)).toEqual([0, 25, 50, 75, 100]);
  });

  it('writes bar amounts short', () => {
    expect(shortMoney(8_549)).toBe('$85');
    expect(shortMoney(123_400)).toBe('$1.2k');
    expect(shortMoney(100_000)).toBe('$1k');
    expect(shortMoney(1_234_500)).toBe('$12k');
  });

  it('keeps the cents of small amounts, so a $2.50 tick does not read "$3"', () => {
    expect(shortMoney(250)).toBe('$2.50');
    expect(shortMoney(25)).toBe('$0.25');
    expect(shortMoney(948)).toBe('$9.48');
    expect(shortMoney(500)).toBe('$5');
    expect(shortMoney(1_050)).toBe('$11');
  });
});
