import { describe, expect, it } from 'vitest';
import { splitTax, sumLayers } from '../../shared/tax-layers.js';

const CANNABIS = [
  { name: 'Excise', ratePpm: 150_000 },
  { name: 'State', ratePpm: 72_500 },
  { name: 'Local', ratePpm: 10_000 },
];

describe('splitTax', () => {
  it.each([
    // tax, expected layers (in proportion 150 : 72.5 : 10, odd cents to the largest remainders)
    [0, [0, 0, 0]],
    [1, [1, 0, 0]],
    [2, [1, 1, 0]],
    [100, [65, 31, 4]],
    [233, [150, 73, 10]],
    [2306, [1488, 719, 99]],
    [999_999, [645_161, 311_827, 43_011]],
  ])('splits %i cents into layers that add up to it', (tax, amounts) => {
    const layers = splitTax(tax, CANNABIS);
    expect(layers.map((layer) => layer.amount)).toEqual(amounts);
    expect(layers.reduce((sum, layer) => sum + layer.amount, 0)).toBe(tax);
  });

  it('gives the odd cent to the first layer when remainders tie', () => {
    expect(
      splitTax(1, [
        { name: 'A', ratePpm: 50_000 },
        { name: 'B', ratePpm: 50_000 },
      ]),
    ).toEqual([
      { name: 'A', amount: 1 },
      { name: 'B', amount: 0 },
    ]);
  });

  it('keeps an untaxed line out, and names tax with no rates left as one layer', () => {
    expect(splitTax(0, [])).toEqual([]);
    expect(splitTax(12, [])).toEqual([{ name: 'Tax', amount: 12 }]);
  });
});

describe('sumLayers', () => {
  it('adds layers up by name in the order names first appear', () => {
    expect(
      sumLayers([
        { name: 'State', amount: 10 },
        { name: 'Excise', amount: 20 },
        { name: 'State', amount: 5 },
      ]),
    ).toEqual([
      { name: 'State', amount: 15 },
      { name: 'Excise', amount: 20 },
    ]);
  });
});
