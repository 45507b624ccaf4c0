import { describe, expect, it } from 'vitest';
import { ref } from 'vue';
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

  it('runs a read: shows the last one asked, and only its failure and the end of its loading', async () => {
    const reads = new LatestRead();
    const state = { loading: ref(false), error: ref('') };
    const shown: string[] = [];
    const held: ((answer: string | Error) => void)[] = [];
    const read = () =>
      new Promise<string>((resolve, reject) =>
        held.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer))),
      );
    const run = () =>
      reads.run(
        state,
        read,
        (answer) => shown.push(answer),
        (failure) => String(failure),
      );
    const first = run();
    const second = run();
    expect(state.loading.value).toBe(true);
    held[0]!(new Error('late'));
    await first;
    expect([state.loading.value, state.error.value]).toEqual([true, '']);
    held[1]!('last');
    await second;
    expect([state.loading.value, state.error.value, shown]).toEqual([false, '', ['last']]);
    const third = run();
    held[2]!(new Error('refused'));
    await third;
    expect([state.loading.value, state.error.value]).toEqual([false, 'Error: refused']);
  });
});
