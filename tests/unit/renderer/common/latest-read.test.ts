import { describe, expect, it } from 'vitest';
import { LatestRead } from '../../../../renderer/common/latest-read.js';

describe('LatestRead', () => {
  it('holds only the last read begun as current, until every read is dropped', () => {
    const reads = new LatestRead();
    const first = reads.begin();
    expect(first()).toBe(true);
    const second = reads.begin();
    expect([first(), second()]).toEqual([false, true]);
    reads.dropAll();
    expect([first(), second()]).toEqual([false, false]);
    expect(reads.begin()()).toBe(true);
  });
});
