import { describe, expect, it } from 'vitest';
import { previousDay, zonedDate, zonedDayRange } from '../../../shared/zoned-day.js';

describe('days in the store time zone', () => {
  it("names the store's date, not the computer's", () => {
    const at = new Date('2026-11-23T06:30:00Z');
    expect(zonedDate(at, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(zonedDate(at, 'Asia/Tokyo')).toBe('2026-11-23');
    expect(zonedDate(at, 'UTC')).toBe('2026-11-23');
  });

  it('runs a day from its local midnight to the next', () => {
    expect(zonedDayRange('2026-11-22', 'America/Los_Angeles')).toEqual({
      from: '2026-11-22T08:00:00.000Z',
      to: '2026-11-23T08:00:00.000Z',
    });
    expect(zonedDayRange('2026-07-01', 'America/Los_Angeles').from).toBe('2026-07-01T07:00:00.000Z');
    expect(zonedDayRange('2026-11-23', 'Asia/Kolkata').from).toBe('2026-11-22T18:30:00.000Z');
  });

  it('has 23 and 25 hours on the days the clocks change', () => {
    const hours = (day: string) => {
      const { from, to } = zonedDayRange(day, 'America/Los_Angeles');
      return (Date.parse(to) - Date.parse(from)) / 3_600_000;
    };
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-11-02')).toBe(24);
  });

  it('steps back a day across months and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
  });
});
