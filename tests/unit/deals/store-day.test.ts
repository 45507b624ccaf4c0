import { describe, expect, it } from 'vitest';
import { compileDeals } from '../../../shared/deals/engine.js';
import { ADULT, context, deal, line, schedule, scope, weighed } from './deal-fixtures.js';

/**
 * Issue 31's "Done when", as the engine sees it: a Wednesday edibles deal, a 3-for-$20 pre-roll
 * bundle, 10 % for medical patients and veterans (exclusive), a spring promo code and an eighth's
 * weight break, on one basket, explained line by line.
 */
const deals = [
  deal({
    id: 'wed-edibles',
    name: 'Wednesday edibles',
    percentPpm: 200_000,
    scope: scope({ categories: ['EDIBLE'] }),
    schedule: schedule({ weekdays: [3] }),
    priority: 1,
  }),
  deal({
    id: 'preroll-3for20',
    name: 'Any 3 pre-rolls for $20',
    kind: 'bundle',
    percentPpm: null,
    bundleQuantity: 3,
    bundlePriceCents: 2000,
    scope: scope({ categories: ['PREROLL'] }),
    exclusive: true,
  }),
  deal({
    id: 'medical',
    name: 'Medical and veterans',
    groups: [{ kind: 'medical' }, { kind: 'veteran' }],
    exclusive: true,
  }),
  deal({
    id: 'spring',
    name: 'Spring sale',
    kind: 'amount',
    percentPpm: null,
    amountCents: 100,
    trigger: 'code',
    code: 'SPRING10',
    scope: scope({ brands: ['Kiva'] }),
  }),
  deal({
    id: 'eighths',
    name: 'Eighth for $30',
    kind: 'weight_break',
    percentPpm: null,
    breaks: [{ weightMg: 3500, priceCents: 3000 }],
    scope: scope({ categories: ['FLOWER'] }),
  }),
];
const basket = [
  line('0', 1200, 2), // Kiva gummies, $24.00
  line('1', 900, 4, { category: 'PREROLL', brand: 'Lowell' }), // $36.00
  weighed('2', 1200, 3500, { brand: 'Pacific' }), // 3.5 g at $12.00: $42.00
];
const book = compileDeals(deals);

describe('a Wednesday basket', () => {
  it('an adult-use customer with the spring code: each line explained, to the cent', () => {
    const outcome = book.apply(basket, context({ codes: ['spring10'] }));
    expect(outcome.lines).toEqual([
      {
        key: '0',
        discounts: [
          { dealId: 'wed-edibles', name: 'Wednesday edibles', amountCents: 480 },
          { dealId: 'spring', name: 'Spring sale', amountCents: 200 },
        ],
        discountCents: 680,
      },
      {
        key: '1',
        discounts: [{ dealId: 'preroll-3for20', name: 'Any 3 pre-rolls for $20', amountCents: 700 }],
        discountCents: 700,
      },
      { key: '2', discounts: [{ dealId: 'eighths', name: 'Eighth for $30', amountCents: 1200 }], discountCents: 1200 },
    ]);
    expect(outcome.discountCents).toBe(2580);
    expect(outcome.deals.map((d) => [d.dealId, d.amountCents])).toEqual([
      ['eighths', 1200],
      ['preroll-3for20', 700],
      ['wed-edibles', 480],
      ['spring', 200],
    ]);
    expect(outcome.codes).toEqual([{ code: 'SPRING10', applied: true, words: 'Spring sale: $2.00 off' }]);
  });

  it('a veteran: 10 % on every unit where it saves more than the stack there', () => {
    const outcome = book.apply(basket, context({ customer: { ...ADULT, veteran: true } }));
    // Edibles: 20 % ($4.80) beats 10 % ($2.40); flower: the eighth ($12.00) beats $4.20; the
    // pre-rolls: the bundle saves $7.00 on three, 10 % would save $3.60 on four, so 10 % takes
    // only the fourth ($0.90) beside the bundle.
    expect(outcome.lines.map((l) => l.discounts.map((d) => [d.dealId, d.amountCents]))).toEqual([
      [['wed-edibles', 480]],
      [
        ['preroll-3for20', 700],
        ['medical', 90],
      ],
      [['eighths', 1200]],
    ]);
  });

  it('on a Thursday: no edibles deal, and the same answer whatever the order of the lines', () => {
    const thursday = context({ date: '2026-12-03', weekday: 4 });
    const outcome = book.apply([...basket].reverse(), thursday);
    expect(outcome.lines.map((l) => [l.key, l.discountCents])).toEqual([
      ['2', 1200],
      ['1', 700],
      ['0', 0],
    ]);
  });
});
