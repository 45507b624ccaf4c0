import { describe, expect, it } from 'vitest';
import { noRunLeftWords } from '../../../shared/deals/deal-words.js';
import { lastRunBefore, weekdayOf, type StoreMoment } from '../../../shared/deals/schedule.js';
import { schedule } from './deal-fixtures.js';

/** The store's moment at `date` and `time` (HH:MM). */
const at = (date: string, time = '12:00'): StoreMoment => {
  const [hour, minute] = time.split(':').map(Number);
  return { date, weekday: weekdayOf(date), minute: hour! * 60 + minute! };
};

// Saturday 2026-12-05: a deal with its end date still to come, but no run of its days or hours left
// before it, never runs again: warned of as an ended one is (README "Deals").
describe('noRunLeftWords', () => {
  it('warns of a weekday deal whose only day in its dates has passed, naming it', () => {
    const wednesdays = schedule({ startDate: '2026-12-01', endDate: '2026-12-06', weekdays: [3] });
    expect(noRunLeftWords(wednesdays, at('2026-12-05', '16:50'))).toBe(
      'It could last run on Wednesday, Dec 2, 2026 and no longer applies: change its dates, days or hours to run ' +
        'it again, or archive it',
    );
    expect(lastRunBefore(wednesdays, at('2026-12-05'))).toEqual({ date: '2026-12-02', start: 0, end: 1440 });
    // On the Wednesday itself, and before it, it still runs.
    expect(noRunLeftWords(wednesdays, at('2026-12-02', '23:59'))).toBeNull();
    expect(noRunLeftWords(wednesdays, at('2026-11-20'))).toBeNull();
  });

  it('warns of today’s hours once they are over, and of no hours still to come or running', () => {
    const early = schedule({ startDate: '2026-12-05', endDate: '2026-12-05', startMinute: 60, endMinute: 120 });
    expect(noRunLeftWords(early, at('2026-12-05', '04:50'))).toBe(
      'It could last run on Dec 5, 2026, 1:00 AM–2:00 AM, and no longer applies: change its dates, days or hours ' +
        'to run it again, or archive it',
    );
    expect(noRunLeftWords(early, at('2026-12-05', '01:30'))).toBeNull();
    expect(noRunLeftWords(early, at('2026-12-05', '00:59'))).toBeNull();
    expect(noRunLeftWords(early, at('2026-12-05', '02:00'))).not.toBeNull();
  });

  it('keeps hours across midnight running into the day after the last', () => {
    const lateFriday = schedule({ endDate: '2026-12-04', weekdays: [5], startMinute: 22 * 60, endMinute: 120 });
    // Friday Dec 4's 10 PM–2 AM run ends on Saturday Dec 5 at 2 AM; the end date's own warning is said then.
    expect(lastRunBefore(lateFriday, at('2026-12-04', '23:00'))).toBeNull();
    const lateThursday = schedule({ endDate: '2026-12-05', weekdays: [4], startMinute: 22 * 60, endMinute: 120 });
    expect(lastRunBefore(lateThursday, at('2026-12-04', '01:00'))).toBeNull();
    // Running now, the morning after its end date: not ended until its hours are over.
    expect(noRunLeftWords(lateFriday, at('2026-12-05', '01:30'))).toBeNull();
    expect(noRunLeftWords(lateFriday, at('2026-12-05', '02:00'))).toBe(
      'It ended on Dec 4, 2026 and no longer applies: change its dates to run it again, or archive it',
    );
    expect(noRunLeftWords(lateThursday, at('2026-12-05', '01:00'))).toBe(
      'It could last run on Thursday, Dec 3, 2026, 10:00 PM–2:00 AM, and no longer applies: change its dates, ' +
        'days or hours to run it again, or archive it',
    );
  });

  it('says an ended deal as before, and nothing of one with no end, or one yet to start', () => {
    expect(noRunLeftWords(schedule({ endDate: '2026-12-04' }), at('2026-12-05'))).toBe(
      'It ended on Dec 4, 2026 and no longer applies: change its dates to run it again, or archive it',
    );
    expect(noRunLeftWords(schedule({ weekdays: [3] }), at('2026-12-05'))).toBeNull();
    const later = schedule({ startDate: '2026-12-20', endDate: '2026-12-31', weekdays: [3] });
    expect(noRunLeftWords(later, at('2026-12-05'))).toBeNull();
    const farOff = schedule({
      startDate: '2026-12-01',
      endDate: '2027-06-30',
      weekdays: [3],
      startMinute: 60,
      endMinute: 120,
    });
    expect(noRunLeftWords(farOff, at('2026-12-05', '23:00'))).toBeNull();
  });
});
