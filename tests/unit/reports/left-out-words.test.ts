import { describe, expect, it } from 'vitest';
import {
  leftOutWords,
  noComparisonWords,
  previousLeftOutWords,
  storeDayWords,
} from '../../../shared/reports/left-out-words.js';

const store = (dispensaryName: string, firstDay: string) => ({ dispensaryName, firstDay });

describe('the stores an inventory value leaves out, in words', () => {
  it('says a store day as its calendar date, whatever the zone of the computer', () => {
    expect(storeDayWords('2026-03-03')).toBe('Mar 3, 2026');
    expect(storeDayWords('2026-12-31', false)).toBe('Dec 31');
  });

  it('names every store left out with the day its records start; nothing when none is', () => {
    expect(leftOutWords([])).toBe('');
    expect(leftOutWords([store('North Store', '2026-03-03')])).toBe(
      'Left out: North Store (its records start on Mar 3, 2026).',
    );
    expect(
      leftOutWords([store('North Store', '2026-03-03'), store('East', '2026-03-05'), store('West', '2026-04-01')]),
    ).toBe(
      'Left out: North Store (its records start on Mar 3, 2026), East (its records start on Mar 5, 2026) and ' +
        'West (its records start on Apr 1, 2026).',
    );
  });

  it('says the day compared with, with its year when another year’s', () => {
    expect(previousLeftOutWords([], '2026-03-02')).toBe('');
    expect(previousLeftOutWords([store('North Store', '2026-03-03')], '2026-03-02')).toBe(
      'Left out of the comparison with Mar 2, and so of the change: North Store (its records start on Mar 3, 2026).',
    );
    expect(previousLeftOutWords([store('North Store', '2027-01-01')], '2026-12-31')).toBe(
      'Left out of the comparison with Dec 31, 2026, and so of the change: North Store (its records start on Jan 1, 2027).',
    );
  });

  it('says why one store is not compared', () => {
    expect(noComparisonWords('2026-10-31', '2026-10-30')).toBe(
      'No comparison: the store’s records start on Oct 31, 2026, so its stock at the end of Oct 30 is not known.',
    );
    expect(noComparisonWords('2027-01-01', '2026-12-31')).toBe(
      'No comparison: the store’s records start on Jan 1, 2027, so its stock at the end of Dec 31, 2026 is not known.',
    );
  });
});
