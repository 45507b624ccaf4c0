import { describe, expect, it } from 'vitest';
import { OneLine, totalOf, withLine } from '../../../shared/deals/line-cents.js';

describe('what a deal took off each line', () => {
  it('reads one line as a map of one entry reads', () => {
    const one = new OneLine(2, 350);
    const map = new Map([[2, 350]]);
    expect(one.size).toBe(map.size);
    expect([one.get(2), one.get(1), one.has(2), one.has(0)]).toEqual([350, undefined, true, false]);
    expect([...one]).toEqual([...map]);
    expect([...one.entries()]).toEqual([...map.entries()]);
    expect([...one.keys()]).toEqual([2]);
    expect([...one.values()]).toEqual([350]);
    const seen: [number, number, unknown][] = [];
    one.forEach((cents, line, self) => seen.push([cents, line, self]));
    expect(seen).toEqual([[350, 2, one]]);
  });

  it('becomes a map at a second line, in the order the lines came, and adds up either way', () => {
    const first = withLine(null, 3, 100);
    expect(first).toBeInstanceOf(OneLine);
    const second = withLine(first, 1, 25);
    expect(second).toBeInstanceOf(Map);
    expect([...second]).toEqual([
      [3, 100],
      [1, 25],
    ]);
    const third = withLine(second, 0, 5);
    expect(third).toBe(second);
    expect([totalOf(first), totalOf(third), totalOf(new Map())]).toEqual([100, 130, 0]);
  });
});
