import { describe, expect, it } from 'vitest';
import { checkId, needsIdCheck, type IdCustomer } from '../../../shared/compliance/id-check.js';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';
import { zonedDate } from '../../../shared/zoned-day.js';

const adultUse: IdCustomer = { type: 'adult_use' };
const medical = (expires = '2027-06-30'): IdCustomer => ({ type: 'medical', recommendation: { expires } });

describe('checkId', () => {
  const cases: {
    name: string;
    dateOfBirth: string;
    expiry?: string;
    customer?: IdCustomer;
    today: string;
    result: ReturnType<typeof checkId>;
  }[] = [
    {
      name: 'turning 21 today',
      dateOfBirth: '2005-11-25',
      today: '2026-11-25',
      result: { verified: true, age: 21 },
    },
    {
      name: 'under age by one day',
      dateOfBirth: '2005-11-26',
      today: '2026-11-25',
      result: {
        verified: false,
        problem: 'under_age',
        age: 20,
        reason: 'The customer is 20: adult-use sales need 21 (the customer turns 21 on November 26, 2026).',
      },
    },
    {
      name: 'born on February 29, the day before March 1 of a common year',
      dateOfBirth: '2004-02-29',
      today: '2025-02-28',
      result: {
        verified: false,
        problem: 'under_age',
        age: 20,
        reason: 'The customer is 20: adult-use sales need 21 (the customer turns 21 on March 1, 2025).',
      },
    },
    {
      name: 'born on February 29, on March 1 of a common year',
      dateOfBirth: '2004-02-29',
      today: '2025-03-01',
      result: { verified: true, age: 21 },
    },
    {
      name: 'an ID on its expiry date',
      dateOfBirth: '1990-01-15',
      expiry: '2026-03-03',
      today: '2026-03-03',
      result: { verified: true, age: 36 },
    },
    {
      name: 'an ID the day after its expiry date',
      dateOfBirth: '1990-01-15',
      expiry: '2026-03-03',
      today: '2026-03-04',
      result: { verified: false, problem: 'id_expired', age: 36, reason: 'This ID expired on March 3, 2026.' },
    },
    {
      name: 'a medical patient of 18 with a valid recommendation',
      dateOfBirth: '2008-11-25',
      customer: medical(),
      today: '2026-11-25',
      result: { verified: true, age: 18 },
    },
    {
      name: 'the same 18-year-old buying adult use',
      dateOfBirth: '2008-11-25',
      today: '2026-11-25',
      result: {
        verified: false,
        problem: 'under_age',
        age: 18,
        reason: 'The customer is 18: adult-use sales need 21 (the customer turns 21 on November 25, 2029).',
      },
    },
    {
      name: 'a medical patient of 17',
      dateOfBirth: '2008-11-26',
      customer: medical(),
      today: '2026-11-25',
      result: {
        verified: false,
        problem: 'under_age',
        age: 17,
        reason: 'The customer is 17: medical sales need 18 (the customer turns 18 on November 26, 2026).',
      },
    },
    {
      name: 'a medical patient whose recommendation expired',
      dateOfBirth: '1990-01-15',
      customer: medical('2026-05-01'),
      today: '2026-11-25',
      result: {
        verified: false,
        problem: 'recommendation_expired',
        age: 36,
        reason: 'The medical recommendation expired on May 1, 2026.',
      },
    },
    {
      name: 'a typed date of birth that is no date',
      dateOfBirth: '1990-02-30',
      today: '2026-11-25',
      result: { verified: false, problem: 'not_a_date', reason: 'The date of birth "1990-02-30" is not a real date.' },
    },
    {
      name: 'a date of birth after today',
      dateOfBirth: '2027-01-01',
      today: '2026-11-25',
      result: {
        verified: false,
        problem: 'born_after_today',
        reason: 'The date of birth is after today: check the ID.',
      },
    },
  ];

  it.each(cases)('$name', ({ dateOfBirth, expiry = '2030-01-15', customer = adultUse, today, result }) => {
    expect(checkId({ id: { dateOfBirth, expiry }, customer, today, profile: CALIFORNIA })).toEqual(result);
  });

  it("decides with the store's day: 21 at midnight in Los Angeles, not at midnight in London", () => {
    // 05:00 UTC on November 26 is still 9 PM on November 25 in Los Angeles.
    const now = new Date('2026-11-26T05:00:00Z');
    const id = { dateOfBirth: '2005-11-26', expiry: '2030-01-15' };
    const inStore = checkId({
      id,
      customer: adultUse,
      today: zonedDate(now, 'America/Los_Angeles'),
      profile: CALIFORNIA,
    });
    expect(inStore).toMatchObject({ verified: false, problem: 'under_age', age: 20 });
    const inLondon = checkId({ id, customer: adultUse, today: zonedDate(now, 'Europe/London'), profile: CALIFORNIA });
    expect(inLondon).toEqual({ verified: true, age: 21 });
  });

  it("uses the profile's ages", () => {
    const id = { dateOfBirth: '2008-01-01', expiry: '2030-01-15' };
    expect(checkId({ id, customer: medical(), today: '2026-11-25', profile: COLORADO })).toEqual({
      verified: true,
      age: 18,
    });
  });

  it("refuses a store day that is not a date: the caller's mistake", () => {
    const id = { dateOfBirth: '1990-01-15', expiry: '2030-01-15' };
    expect(() => checkId({ id, customer: adultUse, today: '2026-11-25T10:00', profile: CALIFORNIA })).toThrow(
      /YYYY-MM-DD/,
    );
  });
});

describe('needsIdCheck', () => {
  const noSkipping = { ...CALIFORNIA, accessoryOnlyMaySkipIdCheck: false };
  it.each([
    {
      name: 'a cannabis sale',
      profile: CALIFORNIA,
      categories: ['FLOWER', 'ACCESSORY'],
      storeSkips: true,
      needs: true,
    },
    {
      name: 'accessories where the store skips',
      profile: CALIFORNIA,
      categories: ['ACCESSORY'],
      storeSkips: true,
      needs: false,
    },
    {
      name: 'accessories where it does not',
      profile: CALIFORNIA,
      categories: ['ACCESSORY'],
      storeSkips: false,
      needs: true,
    },
    {
      name: 'accessories where the state does not',
      profile: noSkipping,
      categories: ['ACCESSORY'],
      storeSkips: true,
      needs: true,
    },
  ])('$name: $needs', ({ profile, categories, storeSkips, needs }) => {
    expect(needsIdCheck(profile, categories, storeSkips)).toBe(needs);
  });
});
