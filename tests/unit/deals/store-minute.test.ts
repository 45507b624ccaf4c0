import { describe, expect, it } from 'vitest';
import { StoreMinutes } from '../../../electron/server/deals/store-minute.js';
import { weekdayOf } from '../../../shared/deals/schedule.js';
import { zonedDate, zonedParts } from '../../../shared/zoned-day.js';

/** The store's minute read through `Intl` every time: what a sale's deals read before the cache. */
function readEachTime(at: Date, timeZone: string) {
  const date = zonedDate(at, timeZone);
  const parts = zonedParts(at, timeZone);
  return { date, weekday: weekdayOf(date), minute: (parts.hour % 24) * 60 + parts.minute };
}

const minuteOf = (minutes: StoreMinutes, at: Date, timeZone: string) => {
  const { date, weekday, minute } = minutes.of(at, timeZone);
  return { date, weekday, minute };
};

describe('StoreMinutes: the store minute read once a minute', () => {
  it('answers as reading the clock each time, second by second across midnight and both DST changes', () => {
    const minutes = new StoreMinutes();
    const starts = [
      ['America/Los_Angeles', '2026-03-08T09:58:00.250Z'], // 01:58 PST, then 03:00 PDT
      ['America/Los_Angeles', '2026-11-01T08:58:00.750Z'], // 01:58 PDT, then 01:00 PST again
      ['America/Denver', '2026-12-02T06:58:59.999Z'], // midnight in Denver
      ['Asia/Kolkata', '2026-12-01T18:28:30.000Z'], // a half-hour zone's midnight
    ] as const;
    for (const [zone, start] of starts) {
      for (let second = 0; second < 300; second += 1) {
        const at = new Date(Date.parse(start) + second * 1000 + (second % 7) * 111);
        expect(minuteOf(minutes, at, zone)).toEqual(readEachTime(at, zone));
      }
    }
  });

  it('keeps zones apart, and reads again when the clock goes back', () => {
    const minutes = new StoreMinutes();
    const at = new Date('2026-12-02T18:30:10Z');
    expect(minuteOf(minutes, at, 'America/New_York')).toEqual({ date: '2026-12-02', weekday: 3, minute: 13 * 60 + 30 });
    expect(minuteOf(minutes, at, 'Pacific/Auckland')).toEqual({ date: '2026-12-03', weekday: 4, minute: 7 * 60 + 30 });
    const earlier = new Date('2026-12-02T18:29:59.999Z');
    expect(minuteOf(minutes, earlier, 'America/New_York')).toEqual(readEachTime(earlier, 'America/New_York'));
  });

  it('holds a minute from its start on the zone’s own clock, offsets with seconds included', () => {
    // Amsterdam kept local mean time (+00:19:32) until 1937: its minutes began 28 s into UTC's.
    const minutes = new StoreMinutes();
    const zone = 'Europe/Amsterdam';
    for (let second = 0; second < 180; second += 1) {
      const at = new Date(Date.parse('1930-06-01T11:59:00.500Z') + second * 1000);
      expect(minuteOf(minutes, at, zone)).toEqual(readEachTime(at, zone));
    }
  });
});
