import { describe, expect, it } from 'vitest';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';
import { parseDecimal } from '../../../shared/money.js';
import { printedLines, wrapText } from '../../../shared/receipt/receipt-document.js';
import { saleReceipt, type SaleReceiptInput } from '../../../shared/receipt/sale-receipt.js';
import { receiptItem, saleInput } from '../../fixtures/receipts/sale-input.js';

// A California store's receipt (the state's rules as data: shared/compliance/profiles): its licence,
// each line's tag and cannabis, the taxes by layer, the customer's type and the state's warning.

const CA_STORE = { ...saleInput().store, licenceNumber: 'C10-0000123-LIC' };
const sale = (fields: Partial<SaleReceiptInput> = {}) =>
  saleReceipt(saleInput({ store: CA_STORE, profile: CALIFORNIA, customerType: 'adult_use', ...fields }));
const lines = (fields: Partial<SaleReceiptInput> = {}, columns = 48) =>
  printedLines(sale(fields), columns).map((line) => line.text);
const across = (columns: number, label: string, amount: string) =>
  `${label}${' '.repeat(columns - label.length - amount.length)}${amount}`;

const EDIBLE = receiptItem({
  name: 'Camino Gummies',
  type: 'EDIBLE',
  quantityMilli: 2000,
  amount: 4000,
  cannabisWeightMg: 110,
  thcMg: 100,
  packageLabel: '1A4060300002EE1000055555',
});
const PAPERS = receiptItem({
  name: 'Rolling papers',
  type: 'ACCESSORY',
  quantityMilli: 1000,
  amount: 300,
  cannabisWeightMg: null,
  packageLabel: '',
});

describe('a receipt under California’s rules', () => {
  it('names the store’s licence and the customer’s type at the top', () => {
    const printed = lines().map((line) => line.trim());
    expect(printed.slice(0, 6)).toEqual([
      'Green Valley Dispensary',
      '3150 Folsom Blvd, Sacramento, CA 95816',
      'State licence C10-0000123-LIC',
      'Order AB12CD',
      'Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST',
      'Cashier: Casey Cashier',
    ]);
    expect(printed).toContain('Customer: adult-use');
    expect(lines({ customerType: 'medical' }).map((line) => line.trim())).toContain('Customer: medical');
  });

  it('prints each line’s package tag and cannabis weight, and an edible’s THC', () => {
    const printed = lines({ items: [...saleInput().items, EDIBLE, PAPERS] });
    const after = (label: string, count: number) => {
      const at = printed.findIndex((line) => line.includes(label));
      return printed.slice(at + 1, at + 1 + count);
    };
    expect(after('2 × Blue Dream', 2)).toEqual(['  Tag 1A4060300002EE1000012345', '  7 g cannabis']);
    // A deli line's weight is the weight sold.
    expect(after('$35.00', 2)).toEqual(['  Tag 1A4060300002EE1000067890', '  3.5 g cannabis']);
    expect(after('2 × Camino Gummies', 2)).toEqual([
      '  Tag 1A4060300002EE1000055555',
      '  0.22 g concentrate · 200 mg THC',
    ]);
    // An accessory has no cannabis to state (and this one no tag).
    expect(after('1 × Rolling papers', 1)).toEqual(['-'.repeat(48)]);
  });

  it('splits the tax into the profile’s layers, excise first, adding up to the tax', () => {
    const printed = lines();
    const at = printed.findIndex((line) => line.startsWith('Tax'));
    const layers = printed.slice(at, at + 4);
    expect(layers).toEqual([
      across(48, 'Tax', '$22.80'),
      across(48, '  California cannabis excise tax', '$14.70'),
      across(48, '  State sales tax', '$7.10'),
      across(48, '  Local sales tax', '$1.00'),
    ]);
    const cents = layers.slice(1).map((line) => parseDecimal(line.split('$')[1]!)!);
    expect(cents.reduce((sum, amount) => sum + amount, 0)).toBe(2280);
  });

  it('names a store’s own tax rates by the profile’s layers, and sums two of one layer', () => {
    const taxLayers = [
      { name: 'City of Sacramento tax', amount: 50 },
      { name: 'State excise', amount: 1470 },
      { name: 'State sales tax', amount: 710 },
      { name: 'County tax', amount: 50 },
    ];
    const printed = lines({ taxLayers });
    const at = printed.findIndex((line) => line.startsWith('Tax'));
    expect(printed.slice(at + 1, at + 4)).toEqual([
      across(48, '  California cannabis excise tax', '$14.70'),
      across(48, '  State sales tax', '$7.10'),
      across(48, '  Local sales tax', '$1.00'),
    ]);
  });

  it('prints the tax alone when the order kept no layers, or layers that do not add up to it', () => {
    for (const taxLayers of [null, [{ name: 'State sales tax', amount: 100 }]]) {
      const printed = lines({ taxLayers });
      expect(printed.filter((line) => /tax/i.test(line))).toEqual([across(48, 'Tax', '$22.80')]);
    }
  });

  it.each([48, 32])('ends with the state’s warning, whole and wrapped to %i columns', (columns) => {
    const printed = lines({}, columns);
    expect(printed.every((line) => line.length <= columns)).toBe(true);
    const first = printed.findIndex((line) => line.startsWith('GOVERNMENT WARNING:'));
    const warning = wrapText(CALIFORNIA.receiptWarning, columns);
    expect(printed.slice(first, first + warning.length)).toEqual(warning);
    expect(printed.slice(first, first + warning.length).join(' ')).toBe(CALIFORNIA.receiptWarning);
    expect(printed.slice(first + warning.length)).toEqual(['-'.repeat(columns), 'Thank you!']);
  });

  it('prints no warning on a sale of accessories alone, and another state’s words under its profile', () => {
    expect(lines({ items: [PAPERS], customerType: null }).join(' ')).not.toContain('WARNING');
    const colorado = lines({ profile: COLORADO, taxLayers: [{ name: 'Retail marijuana sales tax', amount: 2280 }] });
    expect(colorado.join(' ')).toContain(wrapText(COLORADO.receiptWarning, 48)[0]);
    expect(colorado).toContain(across(48, '  Retail marijuana sales tax', '$22.80'));
  });
});
