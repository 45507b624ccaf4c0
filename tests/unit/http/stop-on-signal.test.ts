import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOP_GRACE_MS, stopOnSignal } from '../../../electron/server/core/stop-on-signal.js';

const log = { info: vi.fn(), error: vi.fn() };
const exit = vi.fn();

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('stopping on a signal', () => {
  it('exits 0 once the close finished, and closes once for repeated signals', async () => {
    const close = vi.fn(() => Promise.resolve());
    const stop = stopOnSignal(close, log, exit);
    stop('SIGTERM');
    stop('SIGINT');
    await vi.runAllTimersAsync();
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit.mock.calls).toEqual([[0]]);
    expect(log.info).toHaveBeenCalledWith('shutting down (SIGTERM)');
  });

  it('exits 1 saying why when the close failed', async () => {
    const failure = new Error('the database went away');
    stopOnSignal(() => Promise.reject(failure), log, exit)('SIGTERM');
    await vi.runAllTimersAsync();
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.error).toHaveBeenCalledWith('shutdown failed', failure);
  });

  it('exits 1 when the close has not finished within the grace, and not before', async () => {
    stopOnSignal(() => new Promise<void>(() => undefined), log, exit)('SIGTERM');
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.error).toHaveBeenCalledWith('the service did not stop within 10 s; stopping now');
  });
});
