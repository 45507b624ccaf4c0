import { describe, expect, it } from 'vitest';
import type { CountLine } from '../../../../shared/contracts/inventory-counts.js';
import {
  closedByWords,
  coversWords,
  differenceWords,
  enteredWords,
  quantityWords,
  startedByWords,
  typedCount,
  valueWords,
} from '../../../../renderer/backoffice/logic/count-words.js';

const weighed = { deli: true, unitType: 'g' };
const line = (fields: Partial<CountLine>) => ({ ...weighed, productName: 'Granddaddy Purple', ...fields }) as CountLine;

describe('a count in words', () => {
  it('names grams for a weighed product, and signs differences and values with a true minus', () => {
    expect(quantityWords(453.1, weighed)).toBe('453.1 g');
    expect(quantityWords(38, { deli: false, unitType: 'g' })).toBe('38');
    expect(quantityWords(null, weighed)).toBe('');
    // Thousands grouped, as the Stock value beside them groups them.
    expect(quantityWords(1234.5, weighed)).toBe('1,234.5 g');
    expect(quantityWords(1200, { deli: false, unitType: 'g' })).toBe('1,200');
    expect(differenceWords(line({ difference: -1360.8 }))).toBe('−1,360.8 g');
    expect(differenceWords(line({ difference: -0.5 }))).toBe('−0.5 g');
    expect(differenceWords(line({ difference: 2 }))).toBe('+2 g');
    expect(differenceWords(line({ difference: null }))).toBe('');
    expect(valueWords(-7000)).toBe('−$70.00');
    expect(valueWords(320000)).toBe('+$3,200.00');
    expect(valueWords(0)).toBe('$0.00');
    expect(valueWords(null)).toBe('');
  });

  it('says what an entry found, and what a count covers', () => {
    expect(enteredWords(line({ counted: 453.1, expected: 453.6, difference: -0.5 }))).toBe(
      'Counted 453.1 g of Granddaddy Purple: 453.6 g expected, 0.5 g short.',
    );
    expect(enteredWords(line({ counted: 5, expected: 5, difference: 0, deli: false }))).toBe(
      'Counted 5 of Granddaddy Purple, as expected.',
    );
    expect(coversWords({ categories: [] })).toBe('The whole store');
    expect(coversWords({ categories: ['FLOWER', 'PREROLL', 'EDIBLE'] })).toBe('Flower, Pre-rolls and Edibles');
    const vault = { id: 'r1', name: 'Vault' };
    const floor = { id: 'sales-floor', name: 'Sales floor' };
    expect(coversWords({ categories: [], rooms: [vault] })).toBe('The Vault');
    expect(coversWords({ categories: [], rooms: [floor, vault] })).toBe('The sales floor and the Vault');
    expect(coversWords({ categories: ['FLOWER'], rooms: [vault] })).toBe('Flower in the Vault');
  });

  it('reads what was counted with thousands grouped by commas, and refuses any other comma saying why', () => {
    expect(typedCount(' 1,200 ')).toEqual({ value: 1200 });
    expect(typedCount('453.125')).toEqual({ value: 453.125 });
    // A minus sign is the service's to refuse, in its words.
    expect(typedCount('-3')).toEqual({ value: -3 });
    expect(typedCount('12,5')).toEqual({
      sentence:
        'Quantity there "12,5" could mean 12.5 or 125: a comma only separates thousands, three digits at a time (1,250); type 12.5 or 125.',
    });
    // Never a hexadecimal or an exponent, as Number() would read them.
    expect(typedCount('0x10')).toEqual({ sentence: 'Type what is there: a number such as 12 or 3.5.' });
    expect(typedCount('1e3')).toEqual({ sentence: 'Type what is there: a number such as 12 or 3.5.' });
    expect(typedCount('')).toEqual({ sentence: 'Type what is there: a number such as 12 or 3.5.' });
  });

  it('names who started and closed a count by their display name, the username only when they are no user', () => {
    expect(startedByWords({ startedBy: 'manager', startedByName: 'Morgan Manager' })).toBe('Morgan Manager');
    // The operator at the command is named as the audit trail names them, never by the code it is kept as.
    expect(startedByWords({ startedBy: 'operator', startedByName: null })).toBe('Operator (servicepay command)');
    expect(closedByWords({ closedBy: 'operator', closedByName: null })).toBe('Operator (servicepay command)');
    expect(closedByWords({ closedBy: 'cashier', closedByName: 'Casey Cashier' })).toBe('Casey Cashier');
    expect(closedByWords({ closedBy: 'gone', closedByName: null })).toBe('gone');
    expect(closedByWords({ closedBy: null, closedByName: null })).toBe('');
  });
});
