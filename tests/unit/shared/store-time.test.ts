import { describe, expect, it } from 'vitest';
import {
  hourLabel,
  hourSpan,
  storeDate,
  storeDateTime,
  storeDayTime,
  storeStamp,
  storeTime,
  zoneName,
} from '../../../shared/store-time.js';

const NBSP = '\u00a0';
// 03:37 AM in Sacramento on Nov 23 is 11:37 UTC; in Tokyo it is already 20:37.
const AT = '2026-11-23T11:37:00.000Z';
const LA = 'America/Los_Angeles';

describe("the store's time", () => {
  it("shows the store's wall clock whatever the computer's zone", () => {
    expect(storeTime(AT, LA)).toBe(`3:37${NBSP}AM`);
    expect(storeTime(AT, 'Asia/Tokyo')).toBe(`8:37${NBSP}PM`);
    expect(storeTime(new Date(AT), 'UTC')).toBe(`11:37${NBSP}AM`);
  });

  it('never breaks a time across lines', () => {
    for (const zone of [LA, 'Europe/Berlin', 'Asia/Kolkata']) expect(storeTime(AT, zone)).not.toMatch(/\s(?<!\u00a0)/);
    expect(storeDateTime(AT, LA, new Date(AT))).not.toMatch(/[ \u202f](AM|PM)/);
  });

  it('names the zone, summer and winter', () => {
    expect(zoneName(LA, AT)).toBe('PST');
    expect(zoneName(LA, '2026-07-01T12:00:00Z')).toBe('PDT');
    expect(zoneName('Europe/Berlin', AT)).toMatch(/GMT\+1|CET/);
  });

  it('names the day: today, yesterday, a date, and the year only when it is another', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(storeDateTime(AT, LA, now)).toBe(`Today, 3:37${NBSP}AM${NBSP}PST`);
    // 06:00 UTC on the 23rd is still the 22nd in Sacramento.
    expect(storeDateTime('2026-11-23T06:00:00Z', LA, now)).toBe(`Yesterday, 10:00${NBSP}PM${NBSP}PST`);
    expect(storeDateTime('2026-11-04T20:00:00Z', LA, now)).toBe(`Nov${NBSP}4, 12:00${NBSP}PM${NBSP}PST`);
    expect(storeDate('2025-03-04T20:00:00Z', LA, now)).toBe(`Mar${NBSP}4,${NBSP}2025`);
  });

  it('names the day without the zone in a list whose heading names it, tomorrow included', () => {
    const now = new Date('2026-11-23T20:00:00Z');
    expect(storeDayTime(AT, LA, now)).toBe(`Today, 3:37${NBSP}AM`);
    // A retry due at 09:00 UTC on the 24th is 1:00 AM the next day in Sacramento.
    expect(storeDayTime('2026-11-24T09:00:00Z', LA, now)).toBe(`Tomorrow, 1:00${NBSP}AM`);
    expect(storeDayTime('2026-11-26T09:00:00Z', LA, now)).toBe(`Nov${NBSP}26, 1:00${NBSP}AM`);
  });

  it('names today, tomorrow and yesterday by the calendar on the nights the clocks change', () => {
    // 11:30 PM on Sunday 2026-11-01, the 25-hour day the clocks fell back: 24 hours earlier was still that day.
    const fellBack = new Date('2026-11-02T07:30:00Z');
    expect(storeDayTime('2026-11-01T20:00:00Z', LA, fellBack)).toBe(`Today, 12:00${NBSP}PM`);
    expect(storeDayTime('2026-10-31T20:00:00Z', LA, fellBack)).toBe(`Yesterday, 1:00${NBSP}PM`);
    // 11:30 PM on Saturday 2026-03-07, before the 23-hour day: 24 hours later is already Monday.
    const beforeSpring = new Date('2026-03-08T07:30:00Z');
    expect(storeDayTime('2026-03-08T20:00:00Z', LA, beforeSpring)).toBe(`Tomorrow, 1:00${NBSP}PM`);
  });

  it('stamps a receipt with the full date, the time and the zone', () => {
    expect(storeStamp(AT, LA)).toBe(`Nov${NBSP}23,${NBSP}2026, 3:37${NBSP}AM${NBSP}PST`);
  });

  it('labels the hours of a chart on a 12-hour clock', () => {
    expect([0, 9, 12, 15, 23].map(hourLabel)).toEqual(
      ['12 AM', '9 AM', '12 PM', '3 PM', '11 PM'].map((text) => text.replace(' ', NBSP)),
    );
  });

  it("names an hour of the store's day from its start to the next, on the same clock, midnight included", () => {
    expect([0, 10, 11, 15, 23].map(hourSpan)).toEqual(
      ['12 AM–1 AM', '10 AM–11 AM', '11 AM–12 PM', '3 PM–4 PM', '11 PM–12 AM'].map((text) =>
        text.replaceAll(' ', NBSP),
      ),
    );
  });
});
