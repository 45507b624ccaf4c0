import { describe, expect, it } from 'vitest';
import { splitLines, splitReturn } from '../../../shared/refunds/split-return.js';

const payments = [
  { paymentId: 'cash', refundableCents: 1000 },
  { paymentId: 'debit', refundableCents: 3314 },
];

describe('splitReturn', () => {
  it('takes all the chosen payment has, then the rest from the others, the last made first', () => {
    expect(splitReturn(4314, payments, 'debit')).toEqual([
      { paymentId: 'debit', amountCents: 3314 },
      { paymentId: 'cash', amountCents: 1000 },
    ]);
    expect(splitReturn(4314, payments, 'cash')).toEqual([
      { paymentId: 'cash', amountCents: 1000 },
      { paymentId: 'debit', amountCents: 3314 },
    ]);
    const three = [...payments, { paymentId: 'credit', refundableCents: 500 }];
    expect(splitReturn(1200, three, 'cash')).toEqual([
      { paymentId: 'cash', amountCents: 1000 },
      { paymentId: 'credit', amountCents: 200 },
    ]);
  });

  it('is one part when the chosen payment has enough, and leaves out what no payment has', () => {
    expect(splitReturn(2000, payments, 'debit')).toEqual([{ paymentId: 'debit', amountCents: 2000 }]);
    expect(splitReturn(5000, payments, 'debit')).toEqual([
      { paymentId: 'debit', amountCents: 3314 },
      { paymentId: 'cash', amountCents: 1000 },
    ]);
    expect(splitReturn(500, [{ paymentId: 'cash', refundableCents: 0 }, ...payments.slice(1)], 'cash')).toEqual([
      { paymentId: 'debit', amountCents: 500 },
    ]);
  });
});

describe('splitLines', () => {
  const flower = { itemId: 'flower', quantityMilli: 1000, amountCents: 4314, taxCents: 614 };
  const papers = { itemId: 'papers', quantityMilli: 2000, amountCents: 367, taxCents: 52 };

  it("cuts the lines' worth where each part ends, to the cent, the quantity going once", () => {
    const parts = splitLines([flower, papers], [3314, 1367]);
    expect(parts.map((rows) => rows.reduce((sum, row) => sum + row.amountCents, 0))).toEqual([3314, 1367]);
    expect(parts[0]).toEqual([{ itemId: 'flower', quantityMilli: 1000, amountCents: 3314, taxCents: 471 }]);
    expect(parts[1]).toEqual([
      { itemId: 'flower', quantityMilli: 0, amountCents: 1000, taxCents: 143 },
      { itemId: 'papers', quantityMilli: 2000, amountCents: 367, taxCents: 52 },
    ]);
  });

  it("adds each line's parts up to its worth and tax, never more tax than money in a part", () => {
    for (const amounts of [
      [1, 4680],
      [4680, 1],
      [1000, 1000, 2681],
      [2340, 2341],
    ]) {
      const parts = splitLines([flower, papers], amounts);
      for (const line of [flower, papers]) {
        const rows = parts.flat().filter((row) => row.itemId === line.itemId);
        expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(line.amountCents);
        expect(rows.reduce((sum, row) => sum + row.taxCents, 0)).toBe(line.taxCents);
        expect(rows.reduce((sum, row) => sum + row.quantityMilli, 0)).toBe(line.quantityMilli);
        for (const row of rows) expect(row.taxCents).toBeLessThanOrEqual(row.amountCents);
      }
    }
  });

  it('gives a line worth nothing back with the part it starts in', () => {
    const free = { itemId: 'free', quantityMilli: 1000, amountCents: 0, taxCents: 0 };
    expect(splitLines([flower, free], [4000, 314])[1]).toEqual([
      { itemId: 'flower', quantityMilli: 0, amountCents: 314, taxCents: 45 },
      { itemId: 'free', quantityMilli: 1000, amountCents: 0, taxCents: 0 },
    ]);
  });
});
