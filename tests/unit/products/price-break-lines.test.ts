import { describe, expect, it } from 'vitest';
import type { PackageForSale } from '../../../electron/server/catalog/package-for-sale.js';
import { lineOf } from '../../../electron/server/tickets/priced-lines.js';

// A weighed flower sold by the gram at $12.00, and for less at its price breaks (3.5 g, 7 g).
const deli: PackageForSale = {
  productId: 'gdp',
  packageId: 'p-gdp',
  locationId: 'floor',
  unitId: 'u-gdp',
  packageLabel: 'LBL-GDP',
  active: true,
  priceCents: 1200,
  priceBreaks: [
    { weightMg: 3500, priceCents: 3500 },
    { weightMg: 7000, priceCents: 6500 },
  ],
  tags: [],
  discountPpm: 0,
  discountDescription: '',
  taxRatePpm: 100_000,
  taxRates: [{ name: 'Excise', ratePpm: 100_000 }],
  availableMilli: 100_000,
  type: 'FLOWER',
  subtype: 'Indica',
  brand: 'Green Valley Deli',
  name: 'Granddaddy Purple (by the gram)',
  size: 'per gram',
  weight: 1,
  unitType: 'g',
  barcodes: '',
  deli: true,
  cannabisWeightMg: null,
  thcMg: 200,
};

const line = (pkg: PackageForSale, filledMilli: number) =>
  lineOf(pkg, { id: 'l', orderId: 'o', lineIndex: 1, filledMilli, requestedMilli: filledMilli });

describe('a weighed line and its product’s price breaks', () => {
  it.each([
    [3500, 3500, 350],
    [7000, 6500, 650],
    [2000, 2400, 240],
    [3600, 4320, 432],
  ])('%i mg comes to %i cents before tax (tax %i)', (milli, amount, tax) => {
    const priced = line(deli, milli);
    expect([priced.lineSubTotalCents, priced.lineTaxCents]).toEqual([amount, tax]);
    expect(priced.unitPriceCents).toBe(1200);
  });

  it('takes the promotion off a break’s price, and leaves a product sold by the unit alone', () => {
    expect(line({ ...deli, discountPpm: 100_000 }, 3500)).toMatchObject({
      lineSubTotalCents: 3500,
      lineDiscountCents: -350,
    });
    const jar = { ...deli, deli: false, unitType: 'each', priceCents: 3000 };
    expect(line(jar, 3000).lineSubTotalCents).toBe(9000);
  });
});
