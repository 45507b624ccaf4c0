import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  expiresWords,
  expiryCutoff,
  expiryDate,
  expiryMonthsProblem,
  expiryWords,
  firstKeptDay,
} from '../../../shared/loyalty/expiry.js';
import { zonedDate } from '../../../shared/zoned-day.js';

// Points expire N months after the last visit, counted in the store's days (shared/loyalty/expiry.ts).
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'America/Phoenix',
  'Europe/London',
  'UTC',
  'Pacific/Auckland',
];

describe('months after a day', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-03', 12)).toBe('2027-01-03');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2027-01-10', -13)).toBe('2025-12-10');
  });
});

describe('the date a balance expires on', () => {
  it("is the store's date of the last visit, N months on; never without months", () => {
    // 3 Jan 2026, 7 PM in Los Angeles is already 4 Jan in UTC: the store's day counts.
    expect(expiryDate('2026-01-04T03:00:00.000Z', 12, 'America/Los_Angeles')).toBe('2027-01-03');
    expect(expiryDate('2026-01-04T03:00:00.000Z', 12, 'UTC')).toBe('2027-01-04');
    expect(expiryDate('2026-01-04T03:00:00.000Z', 0, 'UTC')).toBeNull();
    expect(expiryDate('2026-01-04T03:00:00.000Z', undefined, 'UTC')).toBeNull();
  });
});

describe('the cutoff of a run', () => {
  it("is the store's midnight, across a change of the clocks", () => {
    // 8 Mar 2026 is the first day of daylight time in Los Angeles (UTC-7 from 2 AM; its midnight is -8).
    expect(expiryCutoff(new Date('2026-09-08T19:00:00Z'), 6, 'America/Los_Angeles')).toBe('2026-03-09T07:00:00.000Z');
    expect(expiryCutoff(new Date('2026-09-07T19:00:00Z'), 6, 'America/Los_Angeles')).toBe('2026-03-08T08:00:00.000Z');
  });

  it('passes over the days a shorter month brought to today (31 Mar: 28 Feb has expired, 1 Mar has not)', () => {
    expect(firstKeptDay(new Date('2026-03-31T12:00:00Z'), 1, 'UTC')).toBe('2026-03-01');
    expect(firstKeptDay(new Date('2027-02-28T12:00:00Z'), 1, 'UTC')).toBe('2027-02-01');
    expect(firstKeptDay(new Date('2027-03-03T12:00:00Z'), 1, 'UTC')).toBe('2027-02-04');
  });

  it('expires exactly the visits whose expiry date has come, in any zone, month and clock change', () => {
    const instant = (from: string, to: string) =>
      fc.integer({ min: Date.parse(from), max: Date.parse(to) }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(
        instant('2024-01-01', '2027-12-31'),
        fc.integer({ min: 0, max: 40 * 86_400_000 * 31 }),
        fc.integer({ min: 1, max: 36 }),
        fc.constantFrom(...ZONES),
        (visit, later, months, zone) => {
          const now = new Date(visit.getTime() + later);
          const expired = visit.toISOString() < expiryCutoff(now, months, zone);
          expect(expired).toBe(zonedDate(now, zone) >= expiryDate(visit, months, zone)!);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('in words', () => {
  it('says the rule, the date and what is refused', () => {
    expect(expiryWords(0)).toBe('Points never expire.');
    expect(expiryWords(12)).toMatch(/^Points expire 12 months after the customer's last visit/);
    expect(expiryWords(1)).toMatch(/^Points expire 1 month after/);
    expect(expiresWords('2027-01-03')).toBe('expires Jan 3, 2027');
    expect(expiryMonthsProblem(12)).toBeNull();
    expect(expiryMonthsProblem(121)).toBe(
      'must be a whole number of months from 1 to 120, or 0 for points that never expire',
    );
    expect(expiryMonthsProblem(1.5)).not.toBeNull();
  });
});
