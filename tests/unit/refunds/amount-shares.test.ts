import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountParts, amountShares, type EarlierRefund } from '../../../shared/refunds/amount-shares.js';
import { lineRefundPart, lineWorths, type RefundableLine } from '../../../shared/refunds/line-refund.js';

const NONE = { tierDiscountCents: 0, payByPointsCents: 0 };

/** Gummies $39.00 + $5.37 tax, two of them; a grinder $21.52 + $2.06 tax. */
const gummies: RefundableLine = {
  itemId: 'gummies',
  quantityMilli: 2000,
  refundedQuantityMilli: 0,
  lineSubTotalCents: 3900,
  lineDiscountCents: 0,
  lineTaxCents: 537,
};
const grinder: RefundableLine = {
  ...gummies,
  itemId: 'grinder',
  quantityMilli: 1000,
  lineSubTotalCents: 2152,
  lineTaxCents: 206,
};

/**
 * A sale as its refunds go on, line by line: what refunds by items gave back of each (as the service
 * prices them) and what refunds by amount gave back of each (as the reports share them, refund-parts.ts).
 */
class Sale {
  readonly worths: number[];
  readonly history: EarlierRefund[] = [];
  readonly back: { items: number; itemsTax: number; amount: number; amountTax: number }[];
  steps: { amountCents: number; taxCents: number }[] = [];

  constructor(public lines: RefundableLine[]) {
    this.worths = lineWorths(lines, NONE);
    this.back = lines.map(() => ({ items: 0, itemsTax: 0, amount: 0, amountTax: 0 }));
  }

  get moneyLeft(): number {
    const worth = this.worths.reduce((sum, cents) => sum + cents, 0);
    return worth - this.back.reduce((sum, line) => sum + line.items + line.amount, 0);
  }

  byAmount(cents: number): void {
    amountParts(this.lines, this.worths, this.history, cents).forEach((part, index) => {
      this.back[index]!.amount += part.cents;
      this.back[index]!.amountTax += part.taxCents;
    });
    this.history.push({ amountCents: cents, lines: [] });
  }

  byItems(index: number, milli: number): { amountCents: number; taxCents: number } {
    const shares = amountShares(this.lines, this.worths, this.history);
    const priced = this.lines.map((line, at) => ({
      ...line,
      byAmountCents: shares[at]!.cents,
      byAmountTaxCents: shares[at]!.taxCents,
    }));
    const part = lineRefundPart(priced, this.worths, index, milli);
    this.back[index]!.items += part.amountCents;
    this.back[index]!.itemsTax += part.taxCents;
    this.lines = this.lines.map((line, at) =>
      at === index ? { ...line, refundedQuantityMilli: line.refundedQuantityMilli + milli } : line,
    );
    this.history.push({
      amountCents: part.amountCents,
      lines: [{ itemId: this.lines[index]!.itemId, quantityMilli: milli }],
    });
    this.steps.push(part);
    return part;
  }
}

describe('a line given back after refunds by amount', () => {
  it('is worth its worth less its share of them: a grinder after a $10.00 price match', () => {
    const sale = new Sale([gummies, grinder]);
    sale.byAmount(1000);
    // $10.00 over $44.37 and $23.58: the grinder's share is $3.47, $0.30 of it tax.
    expect(sale.back[1]).toMatchObject({ amount: 347, amountTax: 30 });
    expect(sale.byItems(1, 1000)).toMatchObject({ amountCents: 2358 - 347, taxCents: 206 - 30 });
    // The gummies one by one: the last takes what is left of them, to the cent.
    const first = sale.byItems(0, 1000);
    const second = sale.byItems(0, 1000);
    expect(first.amountCents + second.amountCents).toBe(4437 - 653);
    expect(first.taxCents + second.taxCents).toBe(537 - 79);
    expect(sale.moneyLeft).toBe(0);
  });

  it('given back before them, takes nothing of them: a later refund by amount is the rest of the lines', () => {
    const sale = new Sale([gummies, grinder]);
    expect(sale.byItems(1, 1000)).toMatchObject({ amountCents: 2358, taxCents: 206 });
    sale.byAmount(1000);
    expect(sale.back[1]).toMatchObject({ amount: 0, amountTax: 0 });
    expect(sale.byItems(0, 2000).amountCents).toBe(4437 - 1000);
  });

  it('half a line after a refund by amount takes half its share of it', () => {
    const sale = new Sale([gummies, grinder]);
    sale.byAmount(1000);
    expect(amountShares(sale.lines, sale.worths, sale.history)).toEqual([
      { cents: 653, taxCents: 79 },
      { cents: 347, taxCents: 30 },
    ]);
    sale.byItems(0, 1000);
    expect(amountShares(sale.lines, sale.worths, sale.history)[0]).toEqual({ cents: 327, taxCents: 40 });
  });
});

const arbitraryLine = fc.record({
  itemId: fc.uuid(),
  quantityMilli: fc.integer({ min: 1, max: 4 }).map((units) => units * 1000),
  refundedQuantityMilli: fc.constant(0),
  lineSubTotalCents: fc.integer({ min: 1, max: 50_000 }),
  lineDiscountCents: fc.constant(0),
  lineTaxCents: fc.integer({ min: 0, max: 10_000 }),
});
/** A refund: by amount (a share of the money left), or by items (a line and a share of what is left of it). */
const arbitraryStep = fc.oneof(
  fc.record({ kind: fc.constant('amount' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('items' as const), pick: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

describe('properties', () => {
  it('refunds by amount and by items in any order give back each line once: never beyond its worth or its tax', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryLine, { minLength: 1, maxLength: 5, selector: (line) => line.itemId }),
        fc.array(arbitraryStep, { maxLength: 8 }),
        (lines, steps) => {
          const sale = new Sale(lines);
          for (const step of steps) {
            if (step.kind === 'amount') {
              const cents = Math.floor(sale.moneyLeft * step.share);
              if (cents > 0) sale.byAmount(cents);
              continue;
            }
            const index = step.pick % lines.length;
            const line = sale.lines[index]!;
            const units = Math.floor(((line.quantityMilli - line.refundedQuantityMilli) / 1000) * step.share);
            if (units > 0) sale.byItems(index, units * 1000);
          }
          // Then everything left comes back by items.
          sale.lines.forEach((line, index) => {
            if (line.refundedQuantityMilli < line.quantityMilli) {
              sale.byItems(index, line.quantityMilli - line.refundedQuantityMilli);
            }
          });
          for (const step of sale.steps) {
            expect(step.taxCents).toBeGreaterThanOrEqual(0);
            expect(step.taxCents).toBeLessThanOrEqual(step.amountCents);
          }
          sale.back.forEach((line, index) => {
            expect(line.items + line.amount).toBe(sale.worths[index]);
            expect(line.itemsTax + line.amountTax).toBe(lines[index]!.lineTaxCents);
          });
          expect(sale.moneyLeft).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
