import { describe, expect, it } from 'vitest';
import { weekdaysOf } from '../../../electron/cli/commands/deal-days.js';

// `servicepay deals add|set --days`: day names, lists and ranges as weekdays (0 Sunday … 6 Saturday).
describe('--days', () => {
  it.each<[string, number[]]>([
    ['wed', [3]],
    ['Wednesday', [3]],
    ['SAT,sun', [0, 6]],
    ['mon-fri', [1, 2, 3, 4, 5]],
    ['fri-mon', [0, 1, 5, 6]],
    ['Thursday-Saturday, mon', [1, 4, 5, 6]],
    ['sat-sat', [6]],
    ['mon-sun', [0, 1, 2, 3, 4, 5, 6]],
    ['none', []],
  ])('reads %s', (typed, days) => {
    expect(weekdaysOf(typed)).toEqual(days);
  });

  it.each([
    ['wednsday', 'wednsday'],
    ['thurday', 'thurday'],
    ['mon,tues', 'tues'],
    ['mon-frday', 'frday'],
    ['mon-', 'mon-'],
    ['mon-wed-fri', 'mon-wed-fri'],
    ['', ''],
  ])('refuses %j naming %j', (typed, bad) => {
    expect(() => weekdaysOf(typed)).toThrow(
      `--days: "${bad}" is not a day; use mon, tue, wed, thu, fri, sat, sun, a list such as mon,wed or a range such as mon-fri`,
    );
  });
});
