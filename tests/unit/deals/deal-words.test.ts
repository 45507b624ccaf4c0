import { describe, expect, it } from 'vitest';
import { dealSummary, endedWords, limitWords, scheduleWords, scopeWords } from '../../../shared/deals/deal-words.js';
import type { Deal, DealSchedule } from '../../../shared/deals/deal.js';
import { usedUp, usedUpWords, usesWords } from '../../../shared/deals/use-words.js';
import { deal, schedule, scope } from './deal-fixtures.js';

describe('dealSummary', () => {
  it.each<[Partial<Deal>, string]>([
    [
      { percentPpm: 200_000, scope: scope({ categories: ['EDIBLE'] }), schedule: schedule({ weekdays: [3] }) },
      '20 % off Edibles, Wednesdays',
    ],
    [
      { kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000, scope: scope({ categories: ['PREROLL'] }) },
      'Any 3 of Pre-rolls for $20.00',
    ],
    [
      { kind: 'buy_get', buyQuantity: 2, getQuantity: 1, percentPpm: 1_000_000, scope: scope({ tags: ['gummies'] }) },
      'Buy 2 get 1 free: Gummies',
    ],
    [{ kind: 'buy_get', buyQuantity: 1, getQuantity: 1, percentPpm: 500_000 }, 'Buy 1 get 1 50 % off'],
    [
      {
        kind: 'buy_get',
        buyQuantity: 2,
        getQuantity: 1,
        percentPpm: 1_000_000,
        scope: scope({ categories: ['FLOWER'] }),
        getScope: scope({ categories: ['PREROLL'] }),
      },
      'Buy 2 of Flower, get 1 of Pre-rolls free',
    ],
    [{ kind: 'amount', amountCents: 500, scope: scope({ brands: ['Kiva'] }) }, '$5.00 off each: brand Kiva'],
    [
      { kind: 'fixed_price', priceCents: 1500, scope: scope({ brands: ['Kiva', 'Wyld'] }) },
      '$15.00 each: brands Kiva and Wyld',
    ],
    [{ percentPpm: 100_000, groups: [{ kind: 'medical' }] }, '10 % off for medical patients'],
    [
      { percentPpm: 100_000, groups: [{ kind: 'medical' }, { kind: 'veteran' }, { kind: 'age', minAge: 65 }] },
      '10 % off for medical patients, veterans and customers 65 and over',
    ],
    [{ percentPpm: 150_000, trigger: 'code', code: 'SPRING10' }, '15 % off, code SPRING10'],
    [{ percentPpm: 50_000, trigger: 'cashier' }, "5 % off, at the cashier's choice"],
    [
      {
        kind: 'weight_break',
        breaks: [
          { weightMg: 3500, priceCents: 3000 },
          { weightMg: 7000, priceCents: 5500 },
        ],
        scope: scope({ categories: ['FLOWER'] }),
      },
      '3.5 g for $30.00 and 7 g for $55.00: Flower',
    ],
    [{ percentPpm: 100_000, scope: scope({ productIds: ['p1', 'p2'] }) }, '10 % off 2 products'],
  ])('%j reads "%s"', (fields, words) => {
    expect(dealSummary(deal({ id: 'd', ...fields }))).toBe(words);
  });

  it('names products and tiers when the caller knows them, and never shows an id', () => {
    const names = { product: (id: string) => (id === 'p1' ? 'Blue Dream 3.5g' : undefined), tier: () => 'Gold' };
    const gold = deal({ id: 'd', scope: scope({ productIds: ['p1'] }), groups: [{ kind: 'tier', tierId: 't-1' }] });
    expect(dealSummary(gold, names)).toBe('10 % off Blue Dream 3.5g for Gold tier members');
    expect(dealSummary(gold)).toBe('10 % off 1 product for members of a loyalty tier');
  });
});

describe('scheduleWords', () => {
  it.each<[Partial<DealSchedule>, string]>([
    [{}, 'Every day'],
    [{ weekdays: [0, 1, 2, 3, 4, 5, 6] }, 'Every day'],
    [{ weekdays: [3], startMinute: 600, endMinute: 840 }, 'Wednesdays, 10:00 AM–2:00 PM'],
    [{ weekdays: [5], startMinute: 1320, endMinute: 120 }, 'Fri 10:00 PM–2:00 AM'],
    [{ startMinute: 0, endMinute: 720 }, 'Every day, 12:00 AM–12:00 PM'],
    [{ weekdays: [1, 2, 3, 4, 5] }, 'Weekdays'],
    [{ weekdays: [6, 0] }, 'Weekends'],
    [{ weekdays: [1, 3, 5], startMinute: 1020, endMinute: 1440 }, 'Mon, Wed, Fri, 5:00 PM–12:00 AM'],
    [{ startDate: '2027-03-01', endDate: '2027-03-31' }, 'Every day, Mar 1, 2027 to Mar 31, 2027'],
    [{ startDate: '2027-03-01' }, 'Every day, from Mar 1, 2027'],
    [{ endDate: '2027-03-31', weekdays: [3] }, 'Wednesdays, until Mar 31, 2027'],
    // A deal of one date says that date, never "Every day" from it to itself.
    [{ startDate: '2026-12-06', endDate: '2026-12-06' }, 'Dec 6, 2026 only'],
    [{ startDate: '2026-12-09', endDate: '2026-12-09', weekdays: [3] }, 'Dec 9, 2026 only'],
    [
      { startDate: '2026-12-06', endDate: '2026-12-06', startMinute: 960, endMinute: 1140 },
      'Dec 6, 2026 only, 4:00 PM–7:00 PM',
    ],
  ])('%j reads "%s"', (fields, words) => {
    expect(scheduleWords(schedule(fields))).toBe(words);
  });
});

describe('endedWords', () => {
  it('warns of a deal whose last day is before the store’s today, and of no other', () => {
    expect(endedWords({ endDate: '2020-01-31' }, '2026-12-02')).toBe(
      'It ended on Jan 31, 2020 and no longer applies: change its dates to run it again, or archive it',
    );
    expect(endedWords({ endDate: '2026-12-01' }, '2026-12-02')).toMatch(/^It ended on Dec 1, 2026/);
    // Its last day is still to run, or it has none.
    expect(endedWords({ endDate: '2026-12-02' }, '2026-12-02')).toBeNull();
    expect(endedWords({ endDate: null }, '2026-12-02')).toBeNull();
  });
});

describe('scopeWords and limitWords', () => {
  const names = { product: (id: string) => `Pre-roll ${id}` };
  it('names a few products, then counts the rest', () => {
    const two = scope({ productIds: ['A', 'B'] });
    expect(
      dealSummary(deal({ id: 'b', kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000, scope: two }), names),
    ).toBe('Any 3 of Pre-roll A and Pre-roll B for $20.00');
    expect(scopeWords(scope({ productIds: ['A', 'B', 'C', 'D'] }), names)).toBe(
      'Pre-roll A, Pre-roll B, Pre-roll C and Pre-roll D',
    );
    expect(scopeWords(scope({ productIds: ['A', 'B', 'C', 'D', 'E', 'F'] }), names)).toBe(
      'Pre-roll A, Pre-roll B, Pre-roll C and 3 more',
    );
    // Without their names (the engine alone), counted.
    expect(scopeWords(scope({ productIds: ['A', 'B'] }))).toBe('2 products');
  });

  it('says the limits of uses', () => {
    expect(limitWords({ perCustomerLimit: 1, totalLimit: null })).toBe('once per customer');
    expect(limitWords({ perCustomerLimit: null, totalLimit: 1 })).toBe('once in all');
    expect(limitWords({ perCustomerLimit: 2, totalLimit: 1000 })).toBe('2 times per customer, 1,000 times in all');
    expect(limitWords({ perCustomerLimit: null, totalLimit: null })).toBe('');
  });

  it('says the limits in the summary a manager reads, after the code (issue 31)', () => {
    const once = deal({
      id: 'o',
      kind: 'amount',
      amountCents: 500,
      percentPpm: null,
      scope: scope({ productIds: ['EDI-004'] }),
      trigger: 'code',
      code: 'ONCE5',
      totalLimit: 1,
    });
    const cookie = { product: () => 'Snickerdoodle Cookie' };
    expect(dealSummary(once, cookie)).toBe('$5.00 off each: Snickerdoodle Cookie, code ONCE5, once in all');
    expect(dealSummary({ ...once, perCustomerLimit: 3, totalLimit: 100 }, cookie)).toBe(
      '$5.00 off each: Snickerdoodle Cookie, code ONCE5, 3 times per customer, 100 times in all',
    );
  });
});

describe('usesWords', () => {
  it.each<[number | null, number | null, string, boolean]>([
    [null, null, '', false],
    [0, 1, 'Used 0 of 1', false],
    [1, 1, 'Used 1 of 1: used up', true],
    [1_200, 1_000, '1,200 uses, more than its limit of 1,000: used up', true],
    [0, null, 'No uses yet', false],
    [1, null, '1 use so far', false],
    [3, null, '3 uses so far', false],
  ])('uses %s of %s: "%s"', (uses, totalLimit, words, up) => {
    expect([usesWords({ uses, totalLimit }), usedUp({ uses, totalLimit })]).toEqual([words, up]);
  });

  it('says a deal a change left used up stops: "It was used 2 times already…"', () => {
    expect(usedUpWords({ uses: 2, totalLimit: 1 })).toBe('It was used 2 times already: it applies to no more sales.');
    expect(usedUpWords({ uses: 1, totalLimit: 1 })).toBe('It was used once already: it applies to no more sales.');
  });
});
