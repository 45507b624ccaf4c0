import { describe, expect, it } from 'vitest';
import { coalesce } from '../../../../renderer/common/coalesce';

/** A reload the test finishes by hand, counting the runs not finished yet. */
function manualRun() {
  const finishers: ((failure?: Error) => void)[] = [];
  const run = () =>
    new Promise<void>((resolve, reject) => {
      finishers.push((failure) => (failure ? reject(failure) : resolve()));
    });
  const finish = async (failure?: Error) => {
    finishers.shift()!(failure);
    // Let the settled run's callbacks (and the queued start) happen.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { run, finish, pending: () => finishers.length };
}

describe('a reload asked for in bursts', () => {
  it('runs once for the first ask, and once more for every ask during it', async () => {
    const reload = manualRun();
    const ask = coalesce(reload.run);
    const first = ask();
    const during = Array.from({ length: 10 }, () => ask());
    expect(reload.pending()).toBe(1);
    // Every ask during the run shares the one queued run.
    expect(new Set(during).size).toBe(1);
    await reload.finish();
    await first;
    expect(reload.pending()).toBe(1);
    await reload.finish();
    await Promise.all(during);
    expect(reload.pending()).toBe(0);
  });

  it('queues a new run for an ask made while the queued run is running', async () => {
    const reload = manualRun();
    const ask = coalesce(reload.run);
    void ask();
    const second = ask();
    await reload.finish(); // the first ends; the queued one starts
    const third = ask();
    expect(third).not.toBe(second);
    await reload.finish();
    await second;
    expect(reload.pending()).toBe(1);
    await reload.finish();
    await third;
  });

  it('starts the queued run after a failed one, and again on an ask when idle', async () => {
    const reload = manualRun();
    const ask = coalesce(reload.run);
    const first = ask().catch((failure: Error) => failure.message);
    const queued = ask();
    await reload.finish(new Error('no answer'));
    expect(await first).toBe('no answer');
    await reload.finish();
    await queued;
    void ask();
    expect(reload.pending()).toBe(1);
  });
});
