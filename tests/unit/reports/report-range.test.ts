import { describe, expect, it } from 'vitest';
import {
  checkRange,
  daysOf,
  previousRange,
  rangeDays,
  weekdayName,
  weekdayOf,
} from '../../../shared/reports/report-range.js';

describe('report ranges', () => {
  it('takes real dates, both ends included, up to 366 days', () => {
    expect(rangeDays(checkRange('2026-11-01', '2026-11-30'))).toBe(30);
    expect(rangeDays(checkRange('2028-01-01', '2028-12-31'))).toBe(366);
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('refuses, in words naming the field, what is not a range', () => {
    expect(() => checkRange('2026-02-30', '2026-03-01')).toThrow(/from must be a real date/);
    expect(() => checkRange('2026-03-01', 'tomorrow')).toThrow(/to must be a real date/);
    expect(() => checkRange('2026-03-02', '2026-03-01')).toThrow(/to must not be before from \(2026-03-02\)/);
    expect(() => checkRange('2026-01-01', '2027-01-02')).toThrow(
      'to must be on or before 2027-01-01: a report covers 366 days at most from 2026-01-01',
    );
    expect(checkRange('2026-01-01', '2027-01-01')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
  });

  it('answers the previous period of equal length and the store day’s weekday', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(weekdayOf('2026-11-30')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekdayName(7)).toBe('Sunday');
  });
});
