import { describe, expect, it } from 'vitest';
import { dealProblems, overlappingExclusive } from '../../../shared/deals/deal-checks.js';
import type { Deal } from '../../../shared/deals/deal.js';
import { deal, schedule, scope } from './deal-fixtures.js';

const problems = (fields: Partial<Deal>) => dealProblems(deal({ id: 'd', name: 'A deal', ...fields }));

describe('dealProblems', () => {
  it('has none for a plain deal', () => {
    expect(problems({})).toEqual([]);
  });

  it.each<[string, Partial<Deal>, { field: string; words: string }[]]>([
    ['a name missing', { name: '  ' }, [{ field: 'name', words: 'Give the deal a name' }]],
    [
      'a rate missing',
      { percentPpm: null },
      [{ field: 'percentPpm', words: 'Give the rate off (more than 0, at most 100 %)' }],
    ],
    [
      'a rate over 100 %',
      { percentPpm: 1_000_001 },
      [{ field: 'percentPpm', words: 'The rate off must be more than 0 and at most 100 %' }],
    ],
    [
      'a rate under 0 %',
      { percentPpm: -1 },
      [{ field: 'percentPpm', words: 'The rate off must be more than 0 and at most 100 %' }],
    ],
    // A deal that takes nothing off saves nothing: refused, as a bundle that never saves is.
    [
      'a rate of 0 %',
      { percentPpm: 0 },
      [{ field: 'percentPpm', words: 'The rate off must be more than 0 and at most 100 %' }],
    ],
    [
      'a reward of 0 %',
      { kind: 'buy_get', buyQuantity: 2, getQuantity: 1, percentPpm: 0 },
      [
        {
          field: 'percentPpm',
          words: 'The reward (the rate off, 100 % for free) must be more than 0 and at most 100 %',
        },
      ],
    ],
    [
      'an amount of $0.00',
      { kind: 'amount', amountCents: 0 },
      [{ field: 'amountCents', words: 'The amount off each unit must be more than $0.00' }],
    ],
    ['an amount missing', { kind: 'amount' }, [{ field: 'amountCents', words: 'Give the amount off each unit' }]],
    [
      'a negative amount',
      { kind: 'amount', amountCents: -1 },
      [{ field: 'amountCents', words: 'The amount off each unit must be more than $0.00' }],
    ],
    // A price of $0.00 or less is refused in one set of words: a free item is a buy X get Y's reward
    // (allowed below).
    [
      'a negative price',
      { kind: 'fixed_price', priceCents: -500 },
      [
        {
          field: 'priceCents',
          words: 'The price of each unit must be more than $0.00 (a free item is a buy X get Y deal)',
        },
      ],
    ],
    [
      'a fixed price of $0.00',
      { kind: 'fixed_price', priceCents: 0 },
      [
        {
          field: 'priceCents',
          words: 'The price of each unit must be more than $0.00 (a free item is a buy X get Y deal)',
        },
      ],
    ],
    [
      'a bundle for $0.00',
      { kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 0, scope: scope({ categories: ['PREROLL'] }) },
      [
        {
          field: 'bundlePriceCents',
          words: "The bundle's price must be more than $0.00 (a free item is a buy X get Y deal)",
        },
      ],
    ],
    [
      'a bundle for less than $0.00',
      { kind: 'bundle', bundleQuantity: 3, bundlePriceCents: -2000, scope: scope({ categories: ['PREROLL'] }) },
      [
        {
          field: 'bundlePriceCents',
          words: "The bundle's price must be more than $0.00 (a free item is a buy X get Y deal)",
        },
      ],
    ],
    [
      'a price in parts of a cent',
      { kind: 'fixed_price', priceCents: 19.5 },
      [{ field: 'priceCents', words: 'The price of each unit must be in whole cents, such as $19.50' }],
    ],
    [
      'a price past what the API takes',
      { kind: 'bundle', bundleQuantity: 2, bundlePriceCents: 100_000_001, scope: scope({ brands: ['Lazy Lynx'] }) },
      [{ field: 'bundlePriceCents', words: "The bundle's price must be at most $1,000,000.00" }],
    ],
    [
      'units in parts',
      { kind: 'buy_get', buyQuantity: 1.5, getQuantity: 1, percentPpm: 1_000_000 },
      [{ field: 'buyQuantity', words: 'The units to buy must be a whole number' }],
    ],
    [
      'buy/get quantities under 1',
      { kind: 'buy_get', buyQuantity: 0, getQuantity: null, percentPpm: 1_000_000 },
      [
        { field: 'buyQuantity', words: 'The units to buy must be 1 or more' },
        { field: 'getQuantity', words: 'The units that get the reward must be 1 or more' },
      ],
    ],
    [
      'a bundle with no products, fewer than 2 units and no price',
      { kind: 'bundle', bundleQuantity: 1 },
      [
        { field: 'bundleQuantity', words: 'The units in a bundle must be 2 or more' },
        { field: 'bundlePriceCents', words: "Give the bundle's price" },
        {
          field: 'scope',
          words: 'A bundle needs products in its scope: name its products, brands, categories or tags',
        },
      ],
    ],
    [
      'weight breaks missing',
      { kind: 'weight_break' },
      [{ field: 'breaks', words: 'Give at least one weight and its price' }],
    ],
    [
      'weight breaks not increasing, or negative',
      {
        kind: 'weight_break',
        breaks: [
          { weightMg: 3500, priceCents: 3000 },
          { weightMg: 3500, priceCents: -1 },
          { weightMg: 0, priceCents: 100 },
          { weightMg: 1_000_001, priceCents: 100_000_001 },
          { weightMg: 2_000_000, priceCents: 99.5 },
          { weightMg: 3_000_000, priceCents: 0 },
        ],
      },
      [
        { field: 'breaks[1].weightMg', words: 'Each weight must be heavier than the one before (3.5 g)' },
        { field: 'breaks[1].priceCents', words: 'The price must be more than $0.00' },
        { field: 'breaks[2].weightMg', words: 'The weight must be more than 0 g' },
        { field: 'breaks[3].weightMg', words: 'The weight must be at most 1,000 g' },
        { field: 'breaks[3].priceCents', words: 'The price must be at most $1,000,000.00' },
        { field: 'breaks[4].weightMg', words: 'The weight must be at most 1,000 g' },
        { field: 'breaks[4].priceCents', words: 'The price must be in whole cents, such as $25.00' },
        { field: 'breaks[5].weightMg', words: 'The weight must be at most 1,000 g' },
        { field: 'breaks[5].priceCents', words: 'The price must be more than $0.00' },
      ],
    ],
    ['a code missing', { trigger: 'code' }, [{ field: 'code', words: 'Give the promo code that unlocks this deal' }]],
    [
      'a code with a space inside it',
      { trigger: 'code', code: ' SPRING 10 ' },
      [{ field: 'code', words: 'A promo code is 1 to 32 letters, digits, - or _, without spaces inside it' }],
    ],
    [
      'a code longer than a sale takes',
      { trigger: 'code', code: 'S'.repeat(33) },
      [{ field: 'code', words: 'A promo code is 1 to 32 letters, digits, - or _, without spaces inside it' }],
    ],
    [
      'a code on an automatic deal',
      { code: 'SPRING10' },
      [{ field: 'code', words: 'Only a deal unlocked by a promo code has a code: clear it' }],
    ],
    [
      'an end date before the start',
      { schedule: schedule({ startDate: '2026-12-10', endDate: '2026-12-01' }) },
      [
        {
          field: 'schedule.endDate',
          words: 'The deal ends before it starts: the end date must be on or after the start',
        },
      ],
    ],
    [
      'a date that is none',
      { schedule: schedule({ startDate: '2026-02-30' }) },
      [{ field: 'schedule.startDate', words: 'The start date 2026-02-30 is not a real date' }],
    ],
    [
      'an end date not written as a date',
      { schedule: schedule({ endDate: 'tomorrow' }) },
      [
        {
          field: 'schedule.endDate',
          words: 'The end date "tomorrow" is not a date: write it as YYYY-MM-DD, such as 2026-11-01',
        },
      ],
    ],
    [
      'hours starting and ending at once',
      { schedule: schedule({ startMinute: 600, endMinute: 600 }) },
      [{ field: 'schedule.endMinute', words: 'The deal would never run: it starts and ends at the same time' }],
    ],
    [
      'a start with no end',
      { schedule: schedule({ startMinute: 600 }) },
      [{ field: 'schedule.endMinute', words: 'Give both the start and the end time, or neither (all day)' }],
    ],
    [
      'minutes outside the day',
      { schedule: schedule({ startMinute: -1, endMinute: 1441 }) },
      [
        { field: 'schedule.startMinute', words: 'The time must be from 12:00 AM to midnight' },
        { field: 'schedule.endMinute', words: 'The time must be from 12:00 AM to midnight' },
      ],
    ],
    [
      'weekdays outside 0–6',
      { schedule: schedule({ weekdays: [3, 7] }) },
      [{ field: 'schedule.weekdays', words: '7 is not a weekday: weekdays are 0 (Sunday) to 6 (Saturday)' }],
    ],
    [
      'weekdays none of which falls between the dates',
      // Monday 2026-11-30 to Wednesday 2026-12-02, on Fridays.
      { schedule: schedule({ startDate: '2026-11-30', endDate: '2026-12-02', weekdays: [5] }) },
      [
        {
          field: 'schedule.weekdays',
          words: 'No Friday falls between Nov 30, 2026 and Dec 2, 2026: the deal would never run',
        },
      ],
    ],
    [
      'weekdays none of which falls on its one day',
      { schedule: schedule({ startDate: '2026-12-10', endDate: '2026-12-10', weekdays: [3, 5] }) },
      [{ field: 'schedule.weekdays', words: 'No Wednesday or Friday falls on Dec 10, 2026: the deal would never run' }],
    ],
    [
      'limits under 1',
      { perCustomerLimit: 0, totalLimit: -3 },
      [
        { field: 'perCustomerLimit', words: 'A limit is 1 use or more: leave it empty for no limit' },
        { field: 'totalLimit', words: 'A limit is 1 use or more: leave it empty for no limit' },
      ],
    ],
    [
      'a group with no age or tier',
      {
        groups: [
          { kind: 'age', minAge: -1 },
          { kind: 'tier', tierId: '' },
        ],
      },
      [
        { field: 'groups[0].minAge', words: 'The age must be a whole number of years' },
        { field: 'groups[1].tierId', words: 'Choose the loyalty tier' },
      ],
    ],
  ])('refuses %s', (_, fields, expected) => {
    expect(problems(fields)).toEqual(expected);
  });

  it('says a change of the dates alone that leaves no weekday between them beside the dates, naming them', () => {
    const wednesdays = deal({ id: 'd', name: 'Wednesday edibles', schedule: schedule({ weekdays: [3] }) });
    const dates = { startDate: '2026-12-10', endDate: '2026-12-11' };
    const words = 'No Wednesday falls between Dec 10, 2026 and Dec 11, 2026: the deal would never run';
    const moved = { ...wednesdays, schedule: { ...wednesdays.schedule, ...dates } };
    expect(dealProblems(moved, wednesdays)).toEqual([{ field: 'schedule.startDate', words }]);
    const later = { ...wednesdays, schedule: { ...wednesdays.schedule, startDate: '2026-12-01' } };
    expect(dealProblems({ ...moved, schedule: { ...moved.schedule, startDate: '2026-12-01' } }, later)).toEqual([]);
    const ended = { ...later, schedule: { ...later.schedule, startDate: '2026-12-10', endDate: '2026-12-31' } };
    expect(dealProblems(moved, ended)).toEqual([{ field: 'schedule.endDate', words }]);
    // The days changed too (or a new deal): beside the days.
    const fridays = { ...moved, schedule: { ...moved.schedule, weekdays: [3, 6] } };
    expect(dealProblems(fridays, wednesdays)).toEqual([
      {
        field: 'schedule.weekdays',
        words: 'No Wednesday or Saturday falls between Dec 10, 2026 and Dec 11, 2026: the deal would never run',
      },
    ]);
    expect(dealProblems(moved)).toEqual([{ field: 'schedule.weekdays', words }]);
  });

  it('keeps a code with spaces around it, and any a sale takes: 1 to 32 letters, digits, - or _', () => {
    for (const code of [' SAVE10 ', '\tsave-10\n', 'Z', 'S'.repeat(32), `  ${'s_'.repeat(16)}  `]) {
      expect(problems({ trigger: 'code', code }), code).toEqual([]);
    }
  });

  it('keeps a buy X get Y whose reward is free, and a bundle or fixed price of a cent', () => {
    expect(problems({ kind: 'buy_get', buyQuantity: 2, getQuantity: 1, percentPpm: 1_000_000 })).toEqual([]);
    expect(problems({ kind: 'fixed_price', priceCents: 1 })).toEqual([]);
    const bundle = { kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 1 } as const;
    expect(problems({ ...bundle, scope: scope({ productIds: ['PRE-001'] }) })).toEqual([]);
  });

  it('keeps hours across midnight, all day (0 to 1440), and a weekday that falls between close dates', () => {
    expect(problems({ schedule: schedule({ startMinute: 1320, endMinute: 120 }) })).toEqual([]);
    expect(problems({ schedule: schedule({ startMinute: 0, endMinute: 1440 }) })).toEqual([]);
    expect(problems({ schedule: schedule({ startDate: '2026-11-30', endDate: '2026-12-02', weekdays: [3] }) })).toEqual(
      [],
    );
  });
});

describe('overlappingExclusive', () => {
  const wednesday = deal({
    id: 'wed',
    name: 'Wednesday edibles',
    percentPpm: 200_000,
    exclusive: true,
    scope: scope({ categories: ['EDIBLE'] }),
    schedule: schedule({ weekdays: [3] }),
  });
  const mine = (fields: Partial<Deal> = {}) =>
    deal({ id: 'new', exclusive: true, scope: scope({ categories: ['edible'] }), ...fields });

  it('names the exclusive automatic deal it overlaps, and says the customer gets the one that saves more', () => {
    const words =
      'new and Wednesday edibles (20 % off Edibles, Wednesdays) are both exclusive and may take the same products: ' +
      'the one that saves the customer more applies; priority decides only a tie';
    expect(overlappingExclusive(mine(), [wednesday])).toBe(words);
    // A priority decides only a tie (search.ts): it does not silence the words.
    expect(overlappingExclusive(mine({ priority: 1 }), [wednesday])).toBe(words);
  });

  it.each<[string, Partial<Deal>, Partial<Deal>]>([
    ['a stackable deal', { exclusive: false }, {}],
    ['another scope', { scope: scope({ categories: ['FLOWER'] }) }, {}],
    ['other days', { schedule: schedule({ weekdays: [4] }) }, {}],
    [
      'other dates',
      { schedule: schedule({ endDate: '2026-12-01' }) },
      { schedule: schedule({ startDate: '2026-12-02' }) },
    ],
    [
      'other hours',
      { schedule: schedule({ startMinute: 600, endMinute: 720 }) },
      { schedule: schedule({ weekdays: [3], startMinute: 720, endMinute: 840 }) },
    ],
    ['other customers', { groups: [{ kind: 'medical' }] }, { groups: [{ kind: 'adult_use' }] }],
  ])('is null for %s', (_, fields, theirs) => {
    expect(overlappingExclusive(mine(fields), [{ ...wednesday, ...theirs }])).toBeNull();
  });

  it('is null when the other is paused, not automatic, or stackable', () => {
    expect(overlappingExclusive(mine(), [{ ...wednesday, active: false }])).toBeNull();
    expect(overlappingExclusive(mine(), [{ ...wednesday, trigger: 'cashier' }])).toBeNull();
    expect(overlappingExclusive(mine(), [{ ...wednesday, exclusive: false }])).toBeNull();
  });

  it('finds overlaps through every product, groups that meet, and hours across midnight', () => {
    expect(overlappingExclusive(mine({ scope: scope({}) }), [wednesday])).not.toBeNull();
    const veterans = { groups: [{ kind: 'veteran' as const }] };
    expect(
      overlappingExclusive(mine({ groups: [{ kind: 'medical' }] }), [{ ...wednesday, ...veterans }]),
    ).not.toBeNull();
    // Tuesday 22:00–02:00 runs into Wednesday morning.
    const tuesdayNights = schedule({ weekdays: [2], startMinute: 1320, endMinute: 120 });
    expect(overlappingExclusive(mine({ schedule: tuesdayNights }), [wednesday])).not.toBeNull();
  });
});
