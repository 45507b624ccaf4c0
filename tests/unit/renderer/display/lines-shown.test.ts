import { describe, expect, it } from 'vitest';
import { earlierWords, linesLeftOut } from '../../../../renderer/display/logic/lines-shown.js';

describe('the lines a pole display leaves out to fit its screen', () => {
  it('leaves none out when every line fits', () => {
    expect(linesLeftOut([100, 100, 100], 300, 40)).toBe(0);
    expect(linesLeftOut([], 300, 40)).toBe(0);
  });

  it('leaves the earliest out, counting the note above the newest lines', () => {
    // 4 lines of 150 in 560: without the note 3 would fit; with it (40), still 3 (490).
    expect(linesLeftOut([150, 150, 150, 150], 560, 40)).toBe(1);
    // 500: three lines and the note are 490, so one is left out.
    expect(linesLeftOut([150, 150, 150, 150], 500, 40)).toBe(1);
    // 480: only two and the note fit.
    expect(linesLeftOut([150, 150, 150, 150], 480, 40)).toBe(2);
  });

  it('always shows the newest line, however tall', () => {
    expect(linesLeftOut([100, 900], 300, 40)).toBe(1);
  });

  it('says how many earlier items the total counts', () => {
    expect(earlierWords(1)).toBe('1 earlier item, in the total');
    expect(earlierWords(3)).toBe('3 earlier items, in the total');
  });
});
