import { describe, expect, it } from 'vitest';
import { ageOn, birthdayOf, calendarDate, isIsoDate, longDate } from '../../../shared/compliance/calendar.js';

describe('ages and birthdays', () => {
  it.each([
    ['2004-02-29', '2008-02-28', 3],
    ['2004-02-29', '2008-02-29', 4],
    ['2004-02-29', '2009-02-28', 4],
    ['2004-02-29', '2009-03-01', 5],
    ['1990-12-31', '2026-01-01', 35],
  ])('born %s: on %s aged %i', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });

  it('puts a February 29 birthday on March 1 in a common year, and on February 29 in a leap year', () => {
    expect(birthdayOf('2004-02-29', 21)).toBe('2025-03-01');
    expect(birthdayOf('2004-02-29', 20)).toBe('2024-02-29');
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['2026-11-25T10:00', false],
  ])('%s is a date: %s', (text, valid) => {
    expect(isIsoDate(text)).toBe(valid);
  });

  it('builds only real dates and writes them for people', () => {
    expect(calendarDate(2026, 3, 3)).toBe('2026-03-03');
    expect(calendarDate(1900, 2, 29)).toBeUndefined();
    expect(longDate('2026-03-03')).toBe('March 3, 2026');
  });
});
