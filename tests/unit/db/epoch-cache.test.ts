import { describe, expect, it } from 'vitest';
import { EpochCache } from '../../../electron/server/db/epoch-cache.js';

/** A data layer's epoch the test moves by hand, and a table the loads read from. */
function setup(maxEntries?: number) {
  const source = { epoch: 0, cacheEpoch: () => source.epoch };
  const rows = new Map<string, string>([
    ['a', 'A1'],
    ['b', 'B1'],
  ]);
  let reads = 0;
  const cache = new EpochCache<string>(source, maxEntries);
  const load = (key: string) => async () => {
    reads += 1;
    return rows.get(key);
  };
  return { source, rows, cache, load, reads: () => reads };
}

describe('EpochCache', () => {
  it('answers from memory until the epoch moves, then reads again', async () => {
    const { source, rows, cache, load, reads } = setup();
    expect(await cache.get('a', load('a'))).toBe('A1');
    rows.set('a', 'A2');
    expect(await cache.get('a', load('a'))).toBe('A1');
    expect(reads()).toBe(1);
    source.epoch += 1;
    expect(await cache.get('a', load('a'))).toBe('A2');
    expect(reads()).toBe(2);
  });

  it('does not keep what was read while the epoch moved', async () => {
    const { source, rows, cache } = setup();
    // The read starts before a change commits and returns after it was announced.
    const stale = await cache.get('a', async () => {
      const value = rows.get('a');
      rows.set('a', 'A2');
      source.epoch += 1;
      return value;
    });
    expect(stale).toBe('A1');
    expect(await cache.get('a', async () => rows.get('a'))).toBe('A2');
  });

  it('keeps no miss, so a row made later is found', async () => {
    const { rows, cache, load, reads } = setup();
    expect(await cache.get('c', load('c'))).toBeUndefined();
    rows.set('c', 'C1');
    expect(await cache.get('c', load('c'))).toBe('C1');
    expect(reads()).toBe(2);
  });

  it('forgets the oldest entry at its size, and everything on clear', async () => {
    const { cache, load, reads } = setup(1);
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('b', load('b'));
    expect(reads()).toBe(2);
    await cache.get('a', load('a'));
    expect(reads()).toBe(3);
    cache.clear();
    await cache.get('a', load('a'));
    expect(reads()).toBe(4);
  });
});
