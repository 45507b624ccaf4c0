import { describe, expect, it } from 'vitest';
import type { PackageForSale } from '../../../electron/server/catalog/package-for-sale.js';
import { planLineEdits } from '../../../electron/server/tickets/line-edits.js';
import { lineOf } from '../../../electron/server/tickets/priced-lines.js';
import type { TicketLineChange } from '../../../shared/contracts/ticket-edits.js';
import { ServicePayError } from '../../../shared/errors.js';

// Planning an edit of an order's lines: what each line becomes, the stock each package's claim
// moves by, and every refusal in words naming the line's product.
const rates = [{ name: 'Sales tax', ratePpm: 82_500 }];

function pkg(over: Partial<PackageForSale> & { packageId: string; productId: string; name: string }): PackageForSale {
  return {
    locationId: 'floor',
    unitId: `unit-${over.packageId}`,
    packageLabel: `LBL-${over.packageId}`,
    active: true,
    priceCents: 2000,
    priceBreaks: [],
    tags: [],
    discountPpm: 0,
    discountDescription: '',
    taxRatePpm: 82_500,
    taxRates: rates,
    availableMilli: 10_000,
    type: 'FLOWER',
    subtype: '',
    brand: 'Brand',
    size: '3.5g',
    weight: 3.5,
    unitType: 'g',
    barcodes: '',
    deli: false,
    cannabisWeightMg: 3500,
    thcMg: null,
    ...over,
  };
}

const jar = pkg({ packageId: 'p-jar', productId: 'jar', name: 'Blue Dream 3.5g' });
const jar2 = pkg({
  packageId: 'p-jar-2',
  productId: 'jar',
  name: 'Blue Dream 3.5g',
  priceCents: 2100,
  availableMilli: 2000,
});
const gummies = pkg({ packageId: 'p-gum', productId: 'gum', name: 'Gummies', priceCents: 1500 });
const deli = pkg({ packageId: 'p-deli', productId: 'deli', name: 'House flower', deli: true, priceCents: 999 });
const packages = new Map([jar, jar2, gummies, deli].map((entry) => [entry.packageId, entry]));

const order = {
  orderNumber: 'AB23CD',
  items: [
    lineOf(jar, { id: 'l1', orderId: 'o', lineIndex: 1, filledMilli: 2000, requestedMilli: 3000 }),
    lineOf(gummies, { id: 'l2', orderId: 'o', lineIndex: 2, filledMilli: 1000, requestedMilli: 1000 }),
    lineOf(deli, { id: 'l4', orderId: 'o', lineIndex: 4, filledMilli: 1500, requestedMilli: 1500 }),
  ],
};
const plan = (...changes: TicketLineChange[]) => planLineEdits(order, changes, packages, 'Green Valley');

/** The refusal `changes` get: its code and words. */
function refusal(...changes: TicketLineChange[]): [string, string] {
  try {
    plan(...changes);
  } catch (error) {
    if (error instanceof ServicePayError) return [error.code, error.message];
    throw error;
  }
  throw new Error('the changes were not refused');
}

describe('planning an edit of an order’s lines', () => {
  it('prices a changed line again and moves its package’s claim by the difference', () => {
    const planned = plan({ lineIndex: 1, quantity: 3 });
    expect(planned.items.map((item) => [item.lineIndex, item.quantityMilli])).toEqual([
      [1, 3000],
      [2, 1000],
      [4, 1500],
    ]);
    expect(planned.changed[0]).toMatchObject({
      id: 'l1',
      lineSubTotalCents: 6000,
      lineTaxCents: 495,
      originalQuantityMilli: 3000,
    });
    expect(planned.items[1]).toBe(order.items[1]);
    expect([...planned.stock]).toEqual([['p-jar', 1000]]);
    expect(planned.grows).toBe(true);
    expect(planned.words).toEqual(['line 1 (Blue Dream 3.5g): 2 → 3']);
  });

  it('takes a line off, giving back what it held, and weighs a weighed line again', () => {
    const planned = plan({ lineIndex: 2, remove: true }, { lineIndex: 4, quantity: 1.25 });
    expect(planned.items.map((item) => item.lineIndex)).toEqual([1, 4]);
    expect(planned.removed.map((item) => item.id)).toEqual(['l2']);
    expect(Object.fromEntries(planned.stock)).toEqual({ 'p-gum': -1000, 'p-deli': -250 });
    expect(planned.grows).toBe(false);
    expect(planned.words).toEqual(['line 2 (Gummies) taken off (1)', 'line 4 (House flower): 1.5 g → 1.25 g']);
  });

  it('swaps a line to another package of its product at that package’s price', () => {
    const planned = plan({ lineIndex: 1, packageId: 'p-jar-2' });
    expect(planned.changed[0]).toMatchObject({
      packageId: 'p-jar-2',
      packageLabel: 'LBL-p-jar-2',
      unitPriceCents: 2100,
      lineSubTotalCents: 4200,
    });
    expect(Object.fromEntries(planned.stock)).toEqual({ 'p-jar': -2000, 'p-jar-2': 2000 });
    expect(() => plan({ lineIndex: 1, packageId: 'p-jar-2', quantity: 1 })).not.toThrow();
    expect(planned.words).toEqual(['line 1 (Blue Dream 3.5g): package LBL-p-jar → LBL-p-jar-2']);
  });

  it('refuses in words what cannot be, naming the line and its product first', () => {
    expect(refusal({ lineIndex: 3, quantity: 1 })).toEqual([
      'INVALID_INPUT',
      'order AB23CD has no line 3: its lines are 1, 2, 4',
    ]);
    expect(refusal({ lineIndex: 1, quantity: 1 }, { lineIndex: 1, remove: true })[1]).toBe(
      'line 1 (Blue Dream 3.5g): more than one change names it; send one change per line',
    );
    expect(refusal({ lineIndex: 1, quantity: 0 })[1]).toBe(
      'line 1 (Blue Dream 3.5g): the quantity must be more than 0; to take the line off, send remove: true',
    );
    expect(refusal({ lineIndex: 2, quantity: 0.5 })[1]).toBe(
      'line 2 (Gummies): the quantity must be a whole number: Gummies is sold by the unit',
    );
    expect(refusal({ lineIndex: 4, quantity: 1.0001 })[1]).toBe(
      'line 4 (House flower): the quantity must have at most 3 decimals',
    );
    expect(refusal({ lineIndex: 1, packageId: 'elsewhere' })[1]).toBe(
      'line 1 (Blue Dream 3.5g): packageId is not a package of Green Valley; the line keeps its package',
    );
    expect(refusal({ lineIndex: 1, packageId: 'p-gum' })[1]).toBe(
      'line 1 (Blue Dream 3.5g): packageId is a package of Gummies, not of Blue Dream 3.5g: the line takes only another package of its own product',
    );
    expect(refusal({ lineIndex: 1, packageId: 'p-jar-2', quantity: 3 })).toEqual([
      'CONFLICT',
      'line 1 (Blue Dream 3.5g): package LBL-p-jar-2 has 2 available, not the 3 more this change takes',
    ]);
    expect(refusal({ lineIndex: 1, quantity: 13 })[1]).toBe(
      'line 1 (Blue Dream 3.5g): package LBL-p-jar has 10 available, not the 11 more this change takes',
    );
    // Said in words (a POS shows it as it is), not by the request's field.
    expect(refusal({ lineIndex: 1, quantity: 2 })).toEqual([
      'INVALID_INPUT',
      'line 1 (Blue Dream 3.5g) would stay as it is: give a new quantity, another package, or remove it',
    ]);
    expect(refusal({ lineIndex: 2, remove: true, quantity: 1 })[1]).toBe(
      'line 2 (Gummies): remove takes it off: send remove alone, without quantity or packageId',
    );
    expect(
      refusal({ lineIndex: 1, remove: true }, { lineIndex: 2, remove: true }, { lineIndex: 4, remove: true }),
    ).toEqual(['INVALID_INPUT', 'changes take every line off order AB23CD: cancel the order instead']);
  });

  it('keeps the request’s field at fault beside the words, for programs', () => {
    const fieldOf = (...changes: TicketLineChange[]) => {
      try {
        plan(...changes);
      } catch (error) {
        return (error as ServicePayError).field;
      }
      return undefined;
    };
    expect(fieldOf({ lineIndex: 4, quantity: 1 }, { lineIndex: 1, quantity: 0 })).toBe('changes[1].quantity');
    expect(fieldOf({ lineIndex: 1, packageId: 'p-gum' })).toBe('changes[0].packageId');
    expect(fieldOf({ lineIndex: 9, remove: true })).toBe('changes[0].lineIndex');
  });

  it('lets a product no longer sold go down or come off, never up', () => {
    const gone = new Map(packages).set('p-jar', { ...jar, active: false });
    expect(planLineEdits(order, [{ lineIndex: 1, quantity: 1 }], gone, 'Green Valley').stock.get('p-jar')).toBe(-1000);
    expect(() => planLineEdits(order, [{ lineIndex: 1, quantity: 3 }], gone, 'Green Valley')).toThrow(
      'line 1 (Blue Dream 3.5g): Blue Dream 3.5g is no longer sold, so its line can only go down or come off',
    );
  });
});
