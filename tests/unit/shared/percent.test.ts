import { describe, expect, it } from 'vitest';
import { formatPercent, parsePercent } from '../../../shared/money.js';

describe('tax rates typed in percent', () => {
  it.each([
    ['15', 150_000],
    ['7.25', 72_500],
    [' 4.81 ', 48_100],
    ['0', 0],
    ['100', 1_000_000],
    ['0.0001', 1],
    ['5.5', 55_000],
  ])('reads %j as %d ppm', (text, ppm) => {
    expect(parsePercent(text)).toBe(ppm);
  });

  it.each(['', '100.0001', '101', '-1', '7,25', '7.12345', 'abc', '1e2', '.5'])('refuses %j', (text) => {
    expect(parsePercent(text)).toBeUndefined();
  });

  it.each([
    [150_000, '15'],
    [72_500, '7.25'],
    [253_100, '25.31'],
    [1, '0.0001'],
    [0, '0'],
  ])('writes %d ppm as %j, and reads it back', (ppm, text) => {
    expect(formatPercent(ppm)).toBe(text);
    expect(parsePercent(text)).toBe(ppm);
  });
});
