import { describe, expect, it } from 'vitest';
import {
  applyRate,
  divideRoundHalfUp,
  dollarsToCents,
  formatCentsPart,
  formatDecimal,
  parseDecimal,
  toDollarNumber,
} from '../../../shared/money.js';

describe('money', () => {
  it.each([
    [1250, '12.50'],
    [0, '0.00'],
    [5, '0.05'],
    [-100, '-1.00'],
    [-5, '-0.05'],
    [123456789, '1234567.89'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatDecimal(cents)).toBe(text);
    expect(parseDecimal(text)).toBe(cents);
  });

  it.each([
    [1, '1¢'],
    [2, '2¢'],
    [0.5, '0.5¢'],
    [100 / 3, 'about 33.33¢'],
    [0.01, '0.01¢'],
    [0.0001, 'less than 0.01¢'],
    [100, '$1.00'],
  ])('says %d cents, a part of a dollar, as %s', (cents, words) => {
    expect(formatCentsPart(cents)).toBe(words);
  });

  it('refuses fractional cents when formatting', () => {
    expect(() => formatDecimal(1.5)).toThrow(RangeError);
  });

  it.each([
    ['12.5', 1250],
    ['12', 1200],
    [' 3.07 ', 307],
    ['-0', 0],
  ])('parses %s', (text, cents) => expect(parseDecimal(text)).toBe(cents));

  it.each(['', 'abc', '1.234', '1,50', '--1', '1e3'])('rejects %j as an amount', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [7, 2, 4],
    [-5, 2, -3],
    [-7, 2, -4],
    [1, 3, 0],
    [2, 3, 1],
  ])('rounds %i/%i half away from zero to %i', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected);
  });

  it('applies rates in parts per million, rounding half up once', () => {
    expect(applyRate(1000, 88_750)).toBe(89); // 88.75 → 89
    expect(applyRate(999, 150_000)).toBe(150); // 149.85 → 150
    expect(applyRate(10, 50_000)).toBe(1); // 0.5 → 1
    expect(applyRate(0, 232_500)).toBe(0);
  });

  it.each([
    [12.5, 1250],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [0, 0],
  ])('converts %f dollars to %i cents', (dollars, cents) => expect(dollarsToCents(dollars)).toBe(cents));

  it.each([1.005, Number.NaN, Number.POSITIVE_INFINITY])('refuses %f dollars (not a whole cent)', (dollars) => {
    expect(dollarsToCents(dollars)).toBeUndefined();
  });

  it('renders cents as a dollar number', () => {
    expect(toDollarNumber(263)).toBe(2.63);
    expect(toDollarNumber(-100)).toBe(-1);
  });
});
