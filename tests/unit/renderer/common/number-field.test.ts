import { describe, expect, it } from 'vitest';
import { checkNumber, refusal, showNumber, type NumberRule } from '../../../../renderer/common/number-field.js';

const QUANTITY: NumberRule = { name: 'quantity', decimals: 0, min: 1, max: 12, maxReason: 'Only 12 in stock.' };
const WEIGHT: NumberRule = { name: 'weight', decimals: 3, min: 0, minExclusive: true, unit: 'g' };
const MONEY: NumberRule = { name: 'reward dollars', decimals: 2, min: 0, unit: '$' };

describe('the number-field rule', () => {
  it('accepts what the rule allows', () => {
    expect(checkNumber('3', QUANTITY)).toEqual({ ok: true, value: 3 });
    expect(checkNumber(' 12 ', QUANTITY)).toEqual({ ok: true, value: 12 });
    expect(checkNumber('3.5', WEIGHT)).toEqual({ ok: true, value: 3.5 });
    expect(checkNumber('.25', WEIGHT)).toEqual({ ok: true, value: 0.25 });
    expect(checkNumber('$5.25', MONEY)).toEqual({ ok: true, value: 5.25 });
    expect(checkNumber('2.0', QUANTITY)).toEqual({ ok: true, value: 2 });
    expect(checkNumber('0', MONEY)).toEqual({ ok: true, value: 0 });
  });

  it('refuses -2, 0 and abc in a quantity, and says why', () => {
    expect(checkNumber('-2', QUANTITY)).toEqual({ ok: false, reason: 'Quantity must be at least 1.' });
    expect(checkNumber('0', QUANTITY)).toEqual({ ok: false, reason: 'Quantity must be at least 1.' });
    expect(checkNumber('abc', QUANTITY)).toEqual({ ok: false, reason: 'Quantity must be a number, such as 2.' });
    expect(checkNumber('', QUANTITY)).toEqual({ ok: false, reason: 'Enter the quantity.' });
    expect(checkNumber('1.5', QUANTITY)).toEqual({ ok: false, reason: 'Quantity must be a whole number.' });
    expect(checkNumber('13', QUANTITY)).toEqual({ ok: false, reason: 'Only 12 in stock.' });
    expect(checkNumber('1e3', QUANTITY)).toMatchObject({ ok: false });
  });

  it('reads thousands grouped by commas, and refuses any other comma saying why', () => {
    const COUNTED: NumberRule = { name: 'counted cash', decimals: 2, min: 0, unit: '$' };
    expect(checkNumber('$1,250.50', COUNTED)).toEqual({ ok: true, value: 1250.5 });
    expect(checkNumber('1,000', { ...QUANTITY, max: 5000 })).toEqual({ ok: true, value: 1000 });
    expect(checkNumber('1,5', WEIGHT)).toEqual({
      ok: false,
      reason:
        'Weight "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
    });
  });

  it('refuses a weight of zero or with too many decimals', () => {
    expect(checkNumber('0', WEIGHT)).toEqual({ ok: false, reason: 'Weight must be more than 0 g.' });
    expect(checkNumber('1.2345', WEIGHT)).toEqual({
      ok: false,
      reason: 'Weight must be a number with at most 3 decimals.',
    });
  });

  it('refuses money with fractions of a cent or below zero', () => {
    expect(checkNumber('1.005', MONEY)).toMatchObject({ ok: false, reason: expect.stringContaining('2 decimals') });
    expect(checkNumber('-1', MONEY)).toEqual({ ok: false, reason: 'Reward dollars must be at least $0.00.' });
    expect(checkNumber('five', MONEY)).toEqual({
      ok: false,
      reason: 'Reward dollars must be a number, such as 5 or 5.25.',
    });
  });

  it('names the value that stays', () => {
    expect(refusal('Quantity must be at least 1.', 2, QUANTITY)).toBe('Quantity must be at least 1. It stays 2.');
    expect(refusal('Enter the weight.', 3.5, WEIGHT)).toBe('Enter the weight. It stays 3.5 g.');
    expect(refusal('Enter the reward dollars.', null, MONEY)).toBe('Enter the reward dollars.');
    expect(showNumber(5, MONEY)).toBe('$5.00');
  });

  it('writes large bounds with thousands separated, as money and counts are written everywhere else', () => {
    const COUNTED: NumberRule = { name: 'counted cash', decimals: 2, min: 0, max: 1_000_000, unit: '$' };
    expect(checkNumber('99999999', COUNTED)).toEqual({
      ok: false,
      reason: 'Counted cash must be at most $1,000,000.00.',
    });
    const POINTS: NumberRule = { name: 'points to reach it', decimals: 0, min: 0, max: 100_000_000 };
    expect(checkNumber('100000001', POINTS)).toEqual({
      ok: false,
      reason: 'Points to reach it must be at most 100,000,000.',
    });
    expect(refusal('Enter the weight.', 1250.5, WEIGHT)).toBe('Enter the weight. It stays 1,250.5 g.');
  });
});
