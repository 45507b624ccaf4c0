import { describe, expect, it } from 'vitest';
import { encodeDocument } from '../../../electron/server/printing/escpos.js';
import type { PriceBreak } from '../../../shared/contracts/products.js';
import { labelPrintWords } from '../../../shared/label-print-words.js';
import { copiesOf, packageLabel, shelfLabel, type LabelledProduct } from '../../../shared/receipt/product-labels.js';
import { printedLines, type ReceiptDocument } from '../../../shared/receipt/receipt-document.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';

// A jar of flower sold by the unit, and flower weighed at the counter with its price breaks.
const jar: LabelledProduct = {
  name: 'Blue Dream',
  brand: 'Humboldt Hills',
  type: 'FLOWER',
  subtype: 'Sativa',
  size: '3.5g',
  weight: 3.5,
  unitType: 'g',
  deli: false,
  priceCents: 3500,
  priceBreaks: [],
  cannabisWeightMg: 3500,
  thcMg: 735,
  cbdMg: null,
};
const breaks: PriceBreak[] = [
  { weightMg: 1000, priceCents: 1200 },
  { weightMg: 3500, priceCents: 3500 },
  { weightMg: 28_000, priceCents: 22_000 },
];
const deli: LabelledProduct = {
  ...jar,
  name: 'Granddaddy Purple (by the gram)',
  brand: 'Green Valley Deli',
  subtype: 'Indica',
  size: 'per gram',
  weight: 1,
  deli: true,
  priceCents: 1100,
  priceBreaks: breaks,
  cannabisWeightMg: null,
  thcMg: 205,
  cbdMg: 4,
};
const gummies: LabelledProduct = {
  ...jar,
  name: 'Watermelon Gummies 10 x 10mg',
  brand: 'Sierra Chews',
  type: 'EDIBLE',
  subtype: 'Gummies',
  size: '10 pieces',
  cannabisWeightMg: 112,
  thcMg: 100,
  cbdMg: null,
};
const TAG = '1A4060300003D12000000001';
const store = { name: 'Green Valley Dispensary', licenceNumber: 'C10-0000123-LIC', timeZone: 'America/Los_Angeles' };
// 03:25 UTC on Nov 30 is 7:25 PM on Nov 29 in Sacramento.
const at = new Date('2026-11-30T03:25:00Z');

const text = (document: ReceiptDocument, columns = 48) =>
  printedLines(document, columns).map((line) => line.text.trim());

describe('the shelf label', () => {
  it('shows the product large, its brand and size, the price large and its THC as a share and in mg', () => {
    const printed = printedLines(shelfLabel(jar), 48);
    expect(printed.filter((line) => line.large).map((line) => line.text)).toEqual(['Blue Dream', '$35.00']);
    const lines = text(shelfLabel(jar));
    expect(lines).toEqual(expect.arrayContaining(['Humboldt Hills', 'Sativa · 3.5g', 'THC 21% (735 mg)']));
    expect(lines.join('\n')).not.toMatch(/CBD|Tag|\d{4},/);
  });

  it('prices a weighed product by the gram with its price breaks under it, THC and CBD a gram', () => {
    const lines = printedLines(shelfLabel(deli), 32).map((line) => line.text);
    expect(lines).toContain('$11.00 / g');
    expect(lines).toContain(`1 g${' '.repeat(23)}$12.00`);
    expect(lines).toContain(`3.5 g${' '.repeat(21)}$35.00`);
    expect(lines).toContain(`28 g${' '.repeat(21)}$220.00`);
    expect(lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining(['Indica · by the gram', 'THC 20.5% (205 mg a gram)', 'CBD 0.4% (4 mg a gram)']),
    );
    expect(lines.every((line) => line.length <= 32)).toBe(true);
  });

  it('gives an infused product its THC in mg, and says nothing of what is not known', () => {
    expect(text(shelfLabel(gummies))).toContain('THC 100 mg');
    const unknown = text(shelfLabel({ ...jar, brand: '', thcMg: null }));
    expect(unknown.join('\n')).not.toMatch(/THC|CBD|Humboldt/);
  });
});

describe('the package label', () => {
  const label = packageLabel(jar, { tag: TAG, quantityMilli: 40_000 }, store, at);

  it('carries the state tag as a barcode and in words, the quantity, THC, the store, its licence and the date', () => {
    expect(label.lines).toContainEqual({ kind: 'barcode', value: TAG });
    const lines = text(label);
    expect(lines).toContain(TAG);
    expect(lines).toContain('State package tag');
    expect(lines).toContain(`Quantity${' '.repeat(20)}40 units (3.5g each)`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'THC 21% (735 mg)',
        'Green Valley Dispensary',
        'State licence C10-0000123-LIC',
        'Printed Nov\u00a029,\u00a02026, 7:25\u00a0PM\u00a0PST',
      ]),
    );
  });

  it('states the package’s own lab results where they give THC or CBD, each else the product’s', () => {
    const tested = (product: LabelledProduct, lab: Parameters<typeof packageLabel>[1]['lab']) =>
      text(packageLabel(product, { tag: TAG, quantityMilli: 40_000, lab }, store, at)).filter((line) =>
        /^(THC|CBD) /.test(line),
      );
    // The manifest's 24.6 % of the jar's 3.5 g, not the product's 735 mg (21 %).
    expect(tested(jar, { thcPercent: 24.6, state: 'TestPassed' })).toEqual(['THC 24.6% (861 mg)']);
    expect(tested(deli, { thcPercent: 22.1 })).toEqual(['THC 22.1% (221 mg a gram)', 'CBD 0.4% (4 mg a gram)']);
    expect(tested(deli, { cbdPercent: 1.25 })).toEqual(['THC 20.5% (205 mg a gram)', 'CBD 1.25% (13 mg a gram)']);
    expect(tested(gummies, { thcPercent: 0.4 })).toEqual(['THC 0.4%']);
    // Lab results written as a line (a manifest's "Lab Results", a manager's correction) say it in words.
    expect(tested(jar, { summary: 'Total THC: 22.5 %, CBD 0.4%, passed' })).toEqual([
      'THC 22.5% (788 mg)',
      'CBD 0.4% (14 mg)',
    ]);
    expect(tested(jar, { summary: 'THCA 25%, passed' })).toEqual(['THC 21% (735 mg)']);
    expect(tested(jar, { summary: 'passed' })).toEqual(['THC 21% (735 mg)']);
    expect(tested(jar, null)).toEqual(['THC 21% (735 mg)']);
  });

  it('weighs a weighed package in grams, and leaves out a licence the store has not set', () => {
    const weighed = packageLabel(deli, { tag: TAG, quantityMilli: 453_600 }, { ...store, licenceNumber: null }, at);
    const lines = text(weighed);
    expect(lines.some((line) => /^Quantity\s+453\.6 g$/.test(line))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/licence/i);
    expect(text(packageLabel(jar, { tag: TAG, quantityMilli: 1000 }, store, at))).toContainEqual(
      expect.stringMatching(/^Quantity\s+1 unit \(3\.5g each\)$/),
    );
  });

  it('is encoded for the printer: Code 128 (GS k 73) of the tag at two dots a module, the tag in words under it', () => {
    const bytes = encodeDocument(label, 80, { kick: false });
    const at128 = bytes.findIndex((byte, i) => byte === 0x1d && bytes[i + 1] === 0x6b && bytes[i + 2] === 73);
    expect(at128).toBeGreaterThan(0);
    const printed = decodeEscPos(bytes);
    expect(printed.barcodes).toEqual([TAG]);
    expect(printed.events.find((event) => event.kind === 'barcode')).toMatchObject({ moduleDots: 2 });
    expect(printed.lines.map((line) => line.trim())).toContain(TAG);
    expect(printed.cuts).toBe(1);
    expect(printed.kicks).toEqual([]);
  });

  it('is refused in words on 58 mm paper, where the tag’s barcode cannot be read', () => {
    expect(() => encodeDocument(label, 58, { kick: false })).toThrow(
      `the barcode of ${TAG} is too wide for 58 mm paper: print it on a register's printer with 80 mm paper`,
    );
    // A shelf label has no barcode: it prints on either paper.
    expect(decodeEscPos(encodeDocument(shelfLabel(jar), 58, { kick: false })).barcodes).toEqual([]);
  });
});

describe('copies', () => {
  it('makes each copy its own document, numbered in its title', () => {
    const three = copiesOf(shelfLabel(jar), 3);
    expect(three.map((copy) => copy.title)).toEqual([
      'Shelf label Blue Dream (1 of 3)',
      'Shelf label Blue Dream (2 of 3)',
      'Shelf label Blue Dream (3 of 3)',
    ]);
    expect(copiesOf(shelfLabel(jar), 1).map((copy) => copy.title)).toEqual(['Shelf label Blue Dream']);
  });
});

describe('how a print went, in words', () => {
  const result = { printer: 'front-1', productName: 'Blue Dream', kind: 'shelf' as const, copies: 2 };
  it('says what printed where, or that it did not and why', () => {
    expect(labelPrintWords({ ...result, printed: true })).toBe(
      "Printed 2 shelf labels of Blue Dream on front-1's printer.",
    );
    expect(labelPrintWords({ ...result, kind: 'package', copies: 1, printed: true })).toBe(
      "Printed 1 package label of Blue Dream on front-1's printer.",
    );
    const problem = 'The printer is out of paper: load a new roll, then print again';
    expect(labelPrintWords({ ...result, printed: false, problem })).toBe(
      `The 2 shelf labels of Blue Dream did not print on front-1's printer. ${problem}.`,
    );
    expect(labelPrintWords({ ...result, copies: 1, printed: false })).toBe(
      "The shelf label of Blue Dream did not print on front-1's printer. The printer did not take the print.",
    );
  });
});
