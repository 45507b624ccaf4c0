import { describe, expect, it } from 'vitest';
import { deal, line, scope } from './deal-fixtures.js';
import { offByDeal, offByLine, priced } from './priced.js';

const prerolls = scope({ categories: ['PREROLL'] });
const preroll = (key: string, cents: number, units = 1) => line(key, cents, units, { category: 'PREROLL' });
const percent = (id: string, rate: number, fields: Parameters<typeof deal>[0] | object = {}) =>
  deal({ id, percentPpm: rate * 10_000, ...fields });
const amount = (id: string, cents: number, fields: object = {}) =>
  deal({ id, kind: 'amount', percentPpm: null, amountCents: cents, ...fields });

describe('stackable deals', () => {
  it('apply in priority order, each on what the ones before left', () => {
    // $2.00 off first, then 10 % of the $8.00 left; the other way round 10 % of $10.00, then $2.00.
    const amountFirst = priced(
      [amount('two', 200, { priority: 2 }), percent('ten', 10, { priority: 1 })],
      [line('a', 1000)],
    );
    expect(offByDeal(amountFirst)).toEqual({ a: { two: 200, ten: 80 } });
    const percentFirst = priced(
      [amount('two', 200, { priority: 1 }), percent('ten', 10, { priority: 2 })],
      [line('a', 1000)],
    );
    expect(offByDeal(percentFirst)).toEqual({ a: { two: 200, ten: 100 } });
    expect(percentFirst.deals.map((d) => d.dealId)).toEqual(['two', 'ten']);
  });

  it('apply in id order at the same priority', () => {
    const outcome = priced([percent('b', 10), amount('a', 200)], [line('x', 1000)]);
    expect(offByDeal(outcome)).toEqual({ x: { a: 200, b: 80 } });
  });

  it('never take a line below its floor, together', () => {
    const outcome = priced([percent('p', 30), amount('a', 500)], [line('x', 1000, 1, { floorCents: 600 })]);
    expect(offByLine(outcome)).toEqual({ x: 400 });
  });
});

describe('exclusive deals', () => {
  it('win over the stack when they save more, and their units take no other deal', () => {
    const outcome = priced(
      [percent('ex', 25, { exclusive: true }), percent('p', 10), percent('q', 10)],
      [line('a', 1000)],
    );
    expect(offByDeal(outcome)).toEqual({ a: { ex: 250 } });
  });

  it('lose to the stack when the stack saves more', () => {
    const outcome = priced(
      [percent('ex', 15, { exclusive: true }), percent('p', 10), percent('q', 10)],
      [line('a', 1000)],
    );
    // 10 % of $10.00, then 10 % of $9.00: $1.90 beats $1.50.
    expect(offByDeal(outcome)).toEqual({ a: { p: 100, q: 90 } });
  });

  it('take only the units they use: the others keep the stack', () => {
    const bundle = deal({
      id: 'bundle',
      kind: 'bundle',
      exclusive: true,
      bundleQuantity: 3,
      bundlePriceCents: 2000,
      scope: prerolls,
    });
    const outcome = priced([bundle, percent('all', 10)], [preroll('a', 1000, 4), line('b', 500)]);
    // Three pre-rolls in the bundle ($10.00 off); the fourth and the edible get 10 %.
    expect(offByDeal(outcome)).toEqual({ a: { bundle: 1000, all: 100 }, b: { all: 50 } });
    expect(outcome.discountCents).toBe(1150);
  });

  it('on different lines both apply', () => {
    const outcome = priced(
      [
        percent('e', 20, { exclusive: true, scope: scope({ categories: ['EDIBLE'] }) }),
        percent('p', 30, { exclusive: true, scope: prerolls }),
      ],
      [line('a', 1000), preroll('b', 1000)],
    );
    expect(offByDeal(outcome)).toEqual({ a: { e: 200 }, b: { p: 300 } });
  });

  it('competing for the same units: the one saving more wins', () => {
    const outcome = priced(
      [percent('small', 20, { exclusive: true, priority: 9 }), amount('big', 300, { exclusive: true })],
      [line('a', 1000)],
    );
    expect(offByDeal(outcome)).toEqual({ a: { big: 300 } });
  });

  it('mixing exclusive deals on part of the cart finds the best combination, line by line', () => {
    // "all" (exclusive, 15 % of everything) against "pre" (exclusive, 50 % of pre-rolls) and the
    // stack ("ten", 10 %): on the pre-roll 50 % ($5.00) beats 15 % and 10 %; on the edible 15 %
    // ($3.00) beats 10 % ($2.00). An exclusive deal is weighed line by line.
    const outcome = priced(
      [
        percent('all', 15, { exclusive: true }),
        percent('pre', 50, { exclusive: true, scope: prerolls }),
        percent('ten', 10),
      ],
      [preroll('a', 1000), line('b', 2000)],
    );
    expect(offByDeal(outcome)).toEqual({ a: { pre: 500 }, b: { all: 300 } });
    expect(outcome.deals).toEqual([
      { dealId: 'pre', name: 'pre', amountCents: 500 },
      { dealId: 'all', name: 'all', amountCents: 300 },
    ]);
  });

  it('a bundle takes its units first, an exclusive percent the ones it leaves', () => {
    const bundle = deal({
      id: 'bundle',
      kind: 'bundle',
      exclusive: true,
      bundleQuantity: 3,
      bundlePriceCents: 2000,
      scope: prerolls,
    });
    const outcome = priced([bundle, percent('all', 10, { exclusive: true })], [preroll('a', 900, 4)]);
    // $27.00 for $20.00 on three, 10 % of the fourth; 10 % of all four would save $3.60.
    expect(offByDeal(outcome)).toEqual({ a: { bundle: 700, all: 90 } });
  });

  it('tie: the higher priority wins, then the lower id', () => {
    const byPriority = priced(
      [percent('a', 20, { exclusive: true }), amount('b', 200, { exclusive: true, priority: 1 })],
      [line('x', 1000)],
    );
    expect(offByDeal(byPriority)).toEqual({ x: { b: 200 } });
    const byId = priced(
      [amount('b', 200, { exclusive: true }), percent('a', 20, { exclusive: true })],
      [line('x', 1000)],
    );
    expect(offByDeal(byId)).toEqual({ x: { a: 200 } });
  });

  it('tie between an exclusive deal and the stack: the higher priority wins', () => {
    const exclusiveFirst = priced(
      [percent('ex', 20, { exclusive: true, priority: 5 }), percent('st', 20)],
      [line('x', 1000)],
    );
    expect(offByDeal(exclusiveFirst)).toEqual({ x: { ex: 200 } });
    const stackFirst = priced(
      [percent('ex', 20, { exclusive: true }), percent('st', 20, { priority: 5 })],
      [line('x', 1000)],
    );
    expect(offByDeal(stackFirst)).toEqual({ x: { st: 200 } });
  });
});

describe('many exclusive deals', () => {
  it('past the exhaustive search, still picks the best of them by savings', () => {
    const deals = Array.from({ length: 20 }, (_, index) =>
      percent(`ex-${String(index).padStart(2, '0')}`, 5 + index, { exclusive: true }),
    );
    const outcome = priced([...deals, percent('st', 10)], [line('a', 1000), line('b', 2000)]);
    expect(outcome.deals).toEqual([{ dealId: 'ex-19', name: 'ex-19', amountCents: 720 }]);
  });
});

describe('the order of the lines', () => {
  it('changes nothing: each line keeps its discounts', () => {
    const deals = [
      deal({ id: 'bundle', kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000, scope: prerolls }),
      deal({ id: 'b2g1', kind: 'buy_get', buyQuantity: 1, getQuantity: 1, percentPpm: 500_000, exclusive: true }),
      percent('ten', 10),
    ];
    const lines = [preroll('a', 1000), preroll('b', 800, 2), line('c', 700), preroll('d', 1000), line('e', 650, 3)];
    const forward = priced(deals, lines);
    const backward = priced(deals, [...lines].reverse());
    expect(offByDeal(backward)).toEqual(offByDeal(forward));
    expect(backward.lines.map((l) => l.key)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(backward.deals).toEqual(forward.deals);
  });
});
