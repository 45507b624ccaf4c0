import { describe, expect, it } from 'vitest';
import type { CustomerGroup } from '../../../shared/deals/deal.js';
import { compileDeals } from '../../../shared/deals/engine.js';
import { ADULT, context, deal, line, schedule } from './deal-fixtures.js';
import { priced } from './priced.js';

const cart = [line('a', 1000)];
const off = (fields: Parameters<typeof deal>[0], ctx: Parameters<typeof priced>[2] = {}) =>
  priced([deal(fields)], cart, ctx).discountCents;

describe('when a deal applies', () => {
  it('never while paused', () => {
    expect(off({ id: 'd', active: false })).toBe(0);
  });

  it.each([
    ['2026-12-01', 0],
    ['2026-12-02', 100],
    ['2026-12-03', 100],
    ['2026-12-04', 0],
  ])('between its dates, both inclusive: on %s takes %i', (date, cents) => {
    const dates = schedule({ startDate: '2026-12-02', endDate: '2026-12-03' });
    expect(off({ id: 'd', schedule: dates }, { date })).toBe(cents);
  });

  it('on its weekdays only', () => {
    const wednesdays = schedule({ weekdays: [3] });
    expect(off({ id: 'd', schedule: wednesdays }, { date: '2026-12-02', weekday: 3 })).toBe(100);
    expect(off({ id: 'd', schedule: wednesdays }, { date: '2026-12-03', weekday: 4 })).toBe(0);
  });

  it.each([
    [599, 0],
    [600, 100],
    [839, 100],
    [840, 0],
  ])('between its hours, the end excluded: at minute %i takes %i', (minute, cents) => {
    expect(off({ id: 'd', schedule: schedule({ startMinute: 600, endMinute: 840 }) }, { minute })).toBe(cents);
  });

  describe('across midnight, the hours after it belonging to the day they began', () => {
    const fridayNights = schedule({ weekdays: [5], startMinute: 22 * 60, endMinute: 2 * 60 });
    it.each([
      ['Friday 23:00', '2026-12-04', 5, 23 * 60, 100],
      ['Saturday 01:00', '2026-12-05', 6, 60, 100],
      ['Saturday 02:00', '2026-12-05', 6, 120, 0],
      ['Friday 01:00', '2026-12-04', 5, 60, 0],
      ['Saturday 23:00', '2026-12-05', 6, 23 * 60, 0],
      ['Friday 21:59', '2026-12-04', 5, 21 * 60 + 59, 0],
    ])('%s', (_, date, weekday, minute, cents) => {
      expect(off({ id: 'd', schedule: fridayNights }, { date, weekday, minute })).toBe(cents);
    });

    it('the night of its last date runs on past midnight; the night before its first does not', () => {
      const lastFriday = schedule({ ...fridayNights, endDate: '2026-12-04' });
      expect(off({ id: 'd', schedule: lastFriday }, { date: '2026-12-05', weekday: 6, minute: 60 })).toBe(100);
      const fromSaturday = schedule({ startMinute: 22 * 60, endMinute: 120, startDate: '2026-12-05' });
      expect(off({ id: 'd', schedule: fromSaturday }, { date: '2026-12-05', weekday: 6, minute: 60 })).toBe(0);
      expect(off({ id: 'd', schedule: fromSaturday }, { date: '2026-12-06', weekday: 0, minute: 60 })).toBe(100);
    });
  });

  it('for its customer groups only (any one of them), with a customer on the sale', () => {
    const medical: CustomerGroup[] = [{ kind: 'medical' }, { kind: 'veteran' }];
    expect(off({ id: 'd', groups: medical }, { customer: ADULT })).toBe(0);
    expect(off({ id: 'd', groups: medical }, { customer: { ...ADULT, type: 'medical' } })).toBe(100);
    expect(off({ id: 'd', groups: medical }, { customer: { ...ADULT, veteran: true } })).toBe(100);
    expect(off({ id: 'd', groups: medical }, { customer: null })).toBe(0);
    expect(off({ id: 'd' }, { customer: null })).toBe(100);
  });

  it.each<[CustomerGroup, Partial<typeof ADULT>, number]>([
    [{ kind: 'adult_use' }, {}, 100],
    [{ kind: 'first_visit' }, { firstVisit: true }, 100],
    [{ kind: 'first_visit' }, {}, 0],
    [{ kind: 'age', minAge: 55 }, { age: 55 }, 100],
    [{ kind: 'age', minAge: 55 }, { age: 54 }, 0],
    [{ kind: 'tier', tierId: 'gold' }, { tierId: 'gold' }, 100],
    [{ kind: 'tier', tierId: 'gold' }, { tierId: 'silver' }, 0],
    [{ kind: 'tier', tierId: 'gold' }, {}, 0],
  ])('group %j and customer %j: %i', (group, customer, cents) => {
    expect(off({ id: 'd', groups: [group] }, { customer: { ...ADULT, ...customer } })).toBe(cents);
  });

  it('chosen by the cashier, when the deal is theirs to choose', () => {
    expect(off({ id: 'd', trigger: 'cashier' })).toBe(0);
    expect(off({ id: 'd', trigger: 'cashier' }, { chosen: ['d'] })).toBe(100);
  });

  it('by its code, typed in any case', () => {
    const spring = { id: 'd', trigger: 'code' as const, code: 'SPRING10' };
    expect(off(spring)).toBe(0);
    expect(off(spring, { codes: [' spring10 '] })).toBe(100);
  });

  it('with uses left', () => {
    expect(off({ id: 'd', totalLimit: 5 }, { usesLeft: new Map([['d', 0]]) })).toBe(0);
    expect(off({ id: 'd', totalLimit: 5 }, { usesLeft: new Map([['d', 1]]) })).toBe(100);
  });

  it('with lines in its scope', () => {
    expect(off({ id: 'd', scope: { productIds: ['elsewhere'], brands: [], categories: [], tags: [] } })).toBe(0);
    expect(off({ id: 'd', scope: { productIds: [], brands: ['KIVA'], categories: [], tags: [] } })).toBe(100);
  });
});

describe('one book pricing sale after sale', () => {
  // A book keeps what it read of each deal's status while the context stays the same: a change of
  // anything a status reads (the time, the customer, codes, choices, uses left) reads them again.
  it('answers each context as a book of its own would', () => {
    const deals = [
      deal({ id: 'lunch', schedule: schedule({ startMinute: 660, endMinute: 780 }) }),
      deal({ id: 'vets', groups: [{ kind: 'veteran' }], percentPpm: 50_000 }),
      deal({ id: 'code', trigger: 'code', code: 'SPRING', percentPpm: 200_000 }),
      deal({ id: 'chosen', trigger: 'cashier', percentPpm: 150_000 }),
      deal({ id: 'limited', totalLimit: 3, percentPpm: 250_000 }),
    ];
    const book = compileDeals(deals);
    const contexts = [
      context(),
      context({ minute: 800 }),
      context({ customer: { ...ADULT, veteran: true } }),
      context({ customer: null }),
      context({ codes: ['spring'] }),
      context({ chosen: ['chosen'] }),
      context({ usesLeft: new Map([['limited', 0]]) }),
      context({ weekday: 4, date: '2026-12-03' }),
    ];
    for (const ctx of [...contexts, ...contexts.slice().reverse(), ...contexts]) {
      expect(book.apply([line('a', 1000, 2)], ctx)).toEqual(compileDeals(deals).apply([line('a', 1000, 2)], ctx));
    }
  });
});
