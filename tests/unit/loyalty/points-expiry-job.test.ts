import { describe, expect, it } from 'vitest';
import {
  FIRST_EXPIRY_MS,
  PointsExpiryJob,
  untilNextMidnight,
  type JobTimers,
} from '../../../electron/server/loyalty/points-expiry-job.js';
import type { ExpiredBalance } from '../../../electron/server/loyalty/points-expiry.js';
import { NOT_OURS_MS } from '../../../electron/server/core/midnight-job.js';

// The expiry job (electron/server/loyalty/points-expiry-job.ts): soon after start, then just after
// each store's midnight; never where it is not the job's node. The timers and the clock are the test's.
const MINUTE = 60_000;

/** Timers that run only when the test says: the delay each was set for, in order. */
function fakeTimers() {
  const waiting: { run: () => void; delayMs: number }[] = [];
  const timers: JobTimers = {
    set: (run, delayMs) => {
      const timer = { run, delayMs };
      waiting.push(timer);
      return timer;
    },
    clear: (timer) => waiting.splice(waiting.indexOf(timer as (typeof waiting)[number]), 1),
  };
  return { timers, waiting, fire: () => waiting.shift()!.run() };
}

const balance = { store: 'demo', customerId: 'c', name: 'Ana', points: 250, lastVisit: '', months: 12 };

/** `ours`: whether this instance is the job's at each look (the last answer repeats). */
function job(options: { ours: boolean | boolean[]; at: string; expired?: ExpiredBalance[] }) {
  const answers = Array.isArray(options.ours) ? [...options.ours] : [options.ours];
  const fake = fakeTimers();
  const runs: string[] = [];
  const logged: unknown[] = [];
  let clock = Date.parse(options.at);
  const expiry = new PointsExpiryJob({
    run: async () => {
      runs.push(new Date(clock).toISOString());
      return options.expired ?? [];
    },
    ours: async () => (answers.length > 1 ? answers.shift()! : answers[0]!),
    timeZones: async () => ['America/Los_Angeles', 'America/New_York'],
    now: () => new Date(clock),
    log: { info: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) },
    timers: fake.timers,
  } as ConstructorParameters<typeof PointsExpiryJob>[0]);
  return { expiry, fake, runs, logged, advance: (ms: number) => (clock += ms) };
}

/** Lets the job's turn finish (it awaits its parts, all answered at once). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the points expiry job', () => {
  it('runs soon after start, then just after the first store midnight, and stops', async () => {
    const { expiry, fake, runs, logged, advance } = job({ ours: true, at: '2026-11-30T12:00:00Z', expired: [balance] });
    expiry.start();
    expect(fake.waiting.map((timer) => timer.delayMs)).toEqual([FIRST_EXPIRY_MS]);
    advance(FIRST_EXPIRY_MS);
    fake.fire();
    await settle();
    expect(runs).toEqual(['2026-11-30T12:00:10.000Z']);
    expect(logged).toEqual([[{ customers: 1, points: 250 }, 'loyalty points expired']]);
    // New York's midnight (05:00 UTC) comes before Los Angeles' (08:00 UTC).
    expect(fake.waiting.map((timer) => timer.delayMs)).toEqual([
      Date.parse('2026-12-01T05:01:00Z') - Date.parse('2026-11-30T12:00:10Z'),
    ]);
    await expiry.stop();
    expect(fake.waiting).toEqual([]);
  });

  it('does not run where it is not its node (an attached register), and looks again a minute later', async () => {
    const { expiry, fake, runs } = job({ ours: false, at: '2026-11-30T12:00:00Z' });
    expiry.start();
    fake.fire();
    await settle();
    fake.fire();
    await settle();
    expect(runs).toEqual([]);
    expect(fake.waiting.map((timer) => timer.delayMs)).toEqual([NOT_OURS_MS]);
    await expiry.stop();
  });

  it('takes over the work of the instance whose it was once that one is gone, within a minute', async () => {
    // Another store server instance runs the job at 23:59; it crashes; this one's look after Los
    // Angeles' midnight finds it still alive (its heartbeat is 20 s old at most), the next one not.
    const { expiry, fake, runs, advance } = job({ ours: [false, false, true], at: '2026-12-01T07:59:00Z' });
    expiry.start();
    advance(FIRST_EXPIRY_MS);
    fake.fire();
    await settle();
    expect(fake.waiting.map((timer) => timer.delayMs)).toEqual([NOT_OURS_MS]);
    advance(NOT_OURS_MS);
    fake.fire();
    await settle();
    expect(runs).toEqual([]);
    advance(NOT_OURS_MS);
    fake.fire();
    await settle();
    expect(runs).toEqual(['2026-12-01T08:01:10.000Z']);
    // Then as the job's own: at New York's next midnight (05:01 UTC), not every minute.
    expect(fake.waiting.map((timer) => timer.delayMs)).toEqual([
      Date.parse('2026-12-02T05:01:00Z') - Date.parse('2026-12-01T08:01:10Z'),
    ]);
    await expiry.stop();
  });

  it("counts to each zone's midnight across a change of the clocks, at most a day", () => {
    // 1 Nov 2026: Los Angeles' clocks go back at 2 AM. Its midnight before is 07:00 UTC, the next 08:00 UTC.
    const LA = ['America/Los_Angeles'];
    const until = (from: string, to: string) => Date.parse(to) - Date.parse(from);
    expect(untilNextMidnight(new Date('2026-11-01T06:30:00Z'), LA)).toBe(
      until('2026-11-01T06:30:00Z', '2026-11-01T07:01:00Z'),
    );
    expect(untilNextMidnight(new Date('2026-11-01T12:00:00Z'), LA)).toBe(
      until('2026-11-01T12:00:00Z', '2026-11-02T08:01:00Z'),
    );
    expect(untilNextMidnight(new Date('2026-11-30T12:00:00Z'), [])).toBe(24 * 60 * MINUTE);
  });
});
