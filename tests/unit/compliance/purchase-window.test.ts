import { describe, expect, it } from 'vitest';
import { limitLine } from '../../../shared/compliance/limit-lines.js';
import { checkCart } from '../../../shared/compliance/limits.js';
import { CALIFORNIA } from '../../support/state-profiles.js';
import { countsToward, limitWindow, purchasesCounted } from '../../../shared/compliance/purchase-window.js';
import { zonedDate } from '../../../shared/zoned-day.js';

const LA = 'America/Los_Angeles';

describe("which past purchases count toward the store's day", () => {
  // November 25, 2026 in Los Angeles (PST, UTC-8) runs from 08:00 UTC to 08:00 UTC the next day.
  const cases: { at: string; today: string; counts: boolean; when: string }[] = [
    { at: '2026-11-25T07:59:59.999Z', today: '2026-11-25', counts: false, when: '11:59:59 PM the day before' },
    { at: '2026-11-25T08:00:00.000Z', today: '2026-11-25', counts: true, when: 'midnight' },
    { at: '2026-11-26T03:00:00.000Z', today: '2026-11-25', counts: true, when: '7 PM (already the 26th in UTC)' },
    { at: '2026-11-26T07:59:59.999Z', today: '2026-11-25', counts: true, when: '11:59:59 PM' },
    { at: '2026-11-26T08:00:00.000Z', today: '2026-11-25', counts: false, when: 'midnight the day after' },
    // March 8, 2026: the clocks spring forward, a 23-hour day from 08:00 to 07:00 UTC.
    { at: '2026-03-09T06:59:59.000Z', today: '2026-03-08', counts: true, when: '11:59:59 PM on a 23-hour day' },
    { at: '2026-03-09T07:00:00.000Z', today: '2026-03-08', counts: false, when: 'midnight after a 23-hour day' },
  ];

  it.each(cases)('a purchase at $when counts: $counts', ({ at, today, counts }) => {
    expect(countsToward('day', at, today, LA)).toBe(counts);
    const { from, to } = limitWindow('day', today, LA)!;
    expect(Date.parse(at) >= Date.parse(from) && Date.parse(at) < Date.parse(to)).toBe(counts);
  });

  it('counts no past purchase toward a per-sale limit', () => {
    expect(limitWindow('transaction', '2026-11-25', LA)).toBeNull();
    expect(countsToward('transaction', '2026-11-25T20:00:00Z', '2026-11-25', LA)).toBe(false);
  });

  it('refuses an instant that is not one: the caller passed the wrong field', () => {
    expect(() => countsToward('day', 'yesterday', '2026-11-25', LA)).toThrow(RangeError);
  });

  it("lets a customer who bought the limit last night buy again after the store's midnight", () => {
    const ounce = limitLine({ category: 'FLOWER', cannabisWeightMg: 28_500, thcMg: 0 }, 1000);
    const purchases = [{ at: '2026-11-26T07:30:00Z', lines: [ounce] }]; // 11:30 PM on the 25th
    const check = (now: string) => {
      const today = zonedDate(new Date(now), LA);
      const alreadyBought = purchasesCounted(purchases, 'day', today, LA).flatMap((purchase) => purchase.lines);
      const input = { profile: CALIFORNIA, customer: { type: 'adult_use' as const }, alreadyBought, cart: [ounce] };
      return checkCart(input).allowed;
    };
    expect(check('2026-11-26T07:45:00Z')).toBe(false); // 11:45 PM the same day
    expect(check('2026-11-26T08:05:00Z')).toBe(true); // 12:05 AM the next day
  });
});
