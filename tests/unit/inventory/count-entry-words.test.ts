import { describe, expect, it } from 'vitest';
import type { CountLine } from '../../../shared/contracts/inventory-counts.js';
import { countEntryWords, countQuantityWords } from '../../../shared/inventory/count-entry-words.js';
import { quantityText } from '../../../shared/quantity.js';

const weighed = { deli: true, unitType: 'g' } as const;
const byUnit = { deli: false, unitType: 'g' } as const;
const line = (fields: Partial<CountLine>) => ({ ...weighed, productName: 'Granddaddy Purple', ...fields }) as CountLine;

describe('quantities as people read them', () => {
  it('groups thousands as money and points are, to at most three decimals', () => {
    expect(quantityText(40)).toBe('40');
    expect(quantityText(1200)).toBe('1,200');
    expect(quantityText(1234.5)).toBe('1,234.5');
    expect(quantityText(453.592)).toBe('453.592');
    expect(quantityText(2137.65)).toBe('2,137.65');
    expect(quantityText(1_000_000_000)).toBe('1,000,000,000');
    expect(quantityText(0.1 + 0.2)).toBe('0.3');
    expect(quantityText(-2)).toBe('-2');
    expect(quantityText(-0.0001)).toBe('0');
  });

  it('names grams for a weighed count line, nothing for one counted by the unit', () => {
    expect(countQuantityWords(1234.5, weighed)).toBe('1,234.5 g');
    expect(countQuantityWords(1200, byUnit)).toBe('1,200');
  });
});

describe('what a count entry found, in one set of words for the back office and the command line', () => {
  it('says short or over by how much, in the line’s unit, thousands grouped', () => {
    expect(countEntryWords(line({ counted: 1234.5, expected: 453.6, difference: 780.9 }))).toBe(
      'Counted 1,234.5 g of Granddaddy Purple: 453.6 g expected, 780.9 g over.',
    );
    expect(countEntryWords(line({ ...byUnit, counted: 1198, expected: 1200, difference: -2 }))).toBe(
      'Counted 1,198 of Granddaddy Purple: 1,200 expected, 2 short.',
    );
    expect(countEntryWords(line({ ...byUnit, counted: 5, expected: 5, difference: 0 }))).toBe(
      'Counted 5 of Granddaddy Purple, as expected.',
    );
  });

  it('names the package after the product where the command line shows it', () => {
    expect(
      countEntryWords(
        { ...byUnit, productName: 'Blue Dream', counted: 38, expected: 40, difference: -2 },
        '1A4060300003D12000000001',
      ),
    ).toBe('Counted 38 of Blue Dream (package 1A4060300003D12000000001): 40 expected, 2 short.');
  });
});
