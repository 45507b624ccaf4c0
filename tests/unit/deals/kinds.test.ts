import type { DealLine } from '../../../shared/deals/engine.js';
import { describe, expect, it } from 'vitest';
import { deal, line, scope, weighed } from './deal-fixtures.js';
import { offByDeal, offByLine, priced } from './priced.js';

const edibles = scope({ categories: ['EDIBLE'] });
const prerolls = scope({ categories: ['PREROLL'] });
const preroll = (key: string, cents: number, units = 1, fields: Partial<DealLine> = {}) =>
  line(key, cents, units, { category: 'PREROLL', ...fields });

describe('percent off', () => {
  it('takes the rate off each line in scope, rounded half-up per line', () => {
    const outcome = priced(
      [deal({ id: 'wed', name: 'Wednesday edibles', percentPpm: 200_000, scope: edibles })],
      [line('a', 1299), line('b', 333, 3), weighed('c', 1000, 3500)],
    );
    // 1299 × 20 % = 259.8 → 260; 999 × 20 % = 199.8 → 200 (per line, not 3 × 67 = 201); flower untouched.
    expect(offByLine(outcome)).toEqual({ a: 260, b: 200, c: 0 });
    expect(outcome.discountCents).toBe(460);
    expect(outcome.deals).toEqual([{ dealId: 'wed', name: 'Wednesday edibles', amountCents: 460 }]);
    expect(outcome.lines[0]!.discounts).toEqual([{ dealId: 'wed', name: 'Wednesday edibles', amountCents: 260 }]);
  });

  it('rounds a half cent up', () => {
    expect(priced([deal({ id: 'd' })], [line('a', 25)]).discountCents).toBe(3);
  });

  it('never takes a line below its floor', () => {
    const outcome = priced([deal({ id: 'half', percentPpm: 500_000 })], [line('a', 1000, 1, { floorCents: 700 })]);
    expect(offByLine(outcome)).toEqual({ a: 300 });
  });
});

describe('amount off', () => {
  it('takes the amount off each unit, never below the unit (or its floor)', () => {
    const outcome = priced(
      [deal({ id: 'kiva', kind: 'amount', percentPpm: null, amountCents: 500, scope: scope({ brands: ['kiva'] }) })],
      [
        line('a', 1200, 3),
        line('b', 300),
        line('c', 600, 1, { floorCents: 200 }),
        line('d', 900, 1, { brand: 'Wyld' }),
      ],
    );
    expect(offByLine(outcome)).toEqual({ a: 1500, b: 300, c: 400, d: 0 });
  });

  it('takes the amount off each gram of a weighed line', () => {
    const outcome = priced(
      [deal({ id: 'g', kind: 'amount', percentPpm: null, amountCents: 100 })],
      [weighed('a', 1000, 3500)],
    );
    expect(offByLine(outcome)).toEqual({ a: 350 });
  });
});

describe('fixed price', () => {
  it('sells each unit in scope at the price, and leaves cheaper units alone', () => {
    const outcome = priced(
      [deal({ id: 'ten', kind: 'fixed_price', percentPpm: null, priceCents: 1000 })],
      [line('a', 1500, 3), line('b', 800), weighed('c', 1200, 3500)],
    );
    // 3 × (1500 − 1000); 800 stays; 3.5 g at $10.00 a gram is $35.00 of $42.00.
    expect(offByLine(outcome)).toEqual({ a: 1500, b: 0, c: 700 });
    expect(outcome.lines[1]!.discounts).toEqual([]);
  });
});

describe('buy X get Y', () => {
  const gummies = scope({ tags: ['gummies'] });
  const b2g1 = deal({
    id: 'b2g1',
    kind: 'buy_get',
    buyQuantity: 2,
    getQuantity: 1,
    percentPpm: 1_000_000,
    scope: gummies,
  });
  const gummy = (key: string, cents: number, units = 1) => line(key, cents, units, { tags: ['Gummies'] });

  it('gives the cheapest unit free and spreads the saving over the lines it used, by their amounts', () => {
    const outcome = priced([b2g1], [gummy('a', 1000, 2), gummy('b', 600)]);
    // $6.00 over $20.00 and $6.00: 461.5 and 138.5, the remainder's cent to the larger remainder.
    expect(offByLine(outcome)).toEqual({ a: 462, b: 138 });
    expect(outcome.discountCents).toBe(600);
  });

  it.each([
    [2, 0],
    [3, 1000],
    [5, 1000],
    [6, 2000],
  ])('with %i units gives %i cents', (units, off) => {
    expect(priced([b2g1], [gummy('a', 1000, units)]).discountCents).toBe(off);
  });

  it('rewards units of another scope at its rate', () => {
    const other = deal({
      id: 'flower-preroll',
      kind: 'buy_get',
      buyQuantity: 2,
      getQuantity: 1,
      percentPpm: 500_000,
      scope: scope({ categories: ['FLOWER'] }),
      getScope: prerolls,
    });
    const flower = (key: string) => line(key, 3000, 1, { category: 'FLOWER' });
    const outcome = priced([other], [flower('a'), flower('b'), preroll('c', 800), preroll('d', 1200)]);
    // Half of the cheapest pre-roll ($4.00), spread over the $30.00, $30.00 and $8.00 lines used
    // (176.47, 176.47, 47.06: the odd cent to the first of the equal remainders).
    expect(outcome.discountCents).toBe(400);
    expect(offByLine(outcome)).toEqual({ a: 177, b: 176, c: 47, d: 0 });
    expect(priced([other], [flower('a'), preroll('c', 800)]).discountCents).toBe(0);
  });
});

describe('bundles', () => {
  const threeFor20 = deal({
    id: '3for20',
    name: 'Any 3 pre-rolls for $20',
    kind: 'bundle',
    percentPpm: null,
    bundleQuantity: 3,
    bundlePriceCents: 2000,
    scope: prerolls,
  });

  it('takes the dearest units first and spreads the saving by the lines’ amounts', () => {
    const outcome = priced(
      [threeFor20],
      [preroll('a', 1000), preroll('b', 900), preroll('c', 800), preroll('d', 700), preroll('e', 500)],
    );
    // $27.00 for $20.00: $7.00 over 1000/900/800 is 259.3, 233.3, 207.4 → 259, 233, 208; two left over.
    expect(offByLine(outcome)).toEqual({ a: 259, b: 233, c: 208, d: 0, e: 0 });
  });

  it('makes as many bundles as the cart holds', () => {
    expect(priced([threeFor20], [preroll('a', 1000, 7)]).discountCents).toBe(2000);
  });

  it('never gives a bundle that costs more than its units', () => {
    expect(priced([threeFor20], [preroll('a', 600, 3)]).discountCents).toBe(0);
    // The dearest three save; the next three would cost more as a bundle.
    expect(offByLine(priced([threeFor20], [preroll('a', 1000, 3), preroll('b', 600, 3)]))).toEqual({ a: 1000, b: 0 });
  });

  it('keeps each line at its floor, the rest of the saving on the other lines', () => {
    const outcome = priced([threeFor20], [preroll('a', 1000, 1, { floorCents: 900 }), preroll('b', 1000, 2)]);
    // $10.00 off: the floored line can give $1.00, the other two units the rest by their room.
    expect(offByLine(outcome)).toEqual({ a: 100, b: 900 });
  });
});

describe('weight breaks', () => {
  const breaks = deal({
    id: 'eighths',
    kind: 'weight_break',
    percentPpm: null,
    breaks: [
      { weightMg: 3500, priceCents: 3000 },
      { weightMg: 7000, priceCents: 5500 },
    ],
    scope: scope({ categories: ['FLOWER'] }),
  });

  it.each([
    [2000, 0], // below the first break: priced by the gram
    [3500, 1200], // $42.00 → $30.00
    [5000, 1714], // $60.00 → 5 g at the 3.5 g break's rate, $42.857… → $42.86
    [7000, 2900], // $84.00 → $55.00
  ])('on %i mg at $12.00 a gram takes %i cents off', (milligrams, off) => {
    expect(priced([breaks], [weighed('a', 1200, milligrams)]).discountCents).toBe(off);
  });

  it('applies only to weighed lines', () => {
    expect(priced([breaks], [line('a', 4200, 1, { category: 'FLOWER', quantityMilli: 1000 })]).discountCents).toBe(0);
  });

  it('leaves a line already cheaper than its break alone', () => {
    expect(offByDeal(priced([breaks], [weighed('a', 800, 3500)]))).toEqual({ a: {} });
  });
});
