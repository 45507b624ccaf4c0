// How far behind a read replica is (electron/server/reports/replica-lag.ts) and how that is said.
import { describe, expect, it } from 'vitest';
import { lsnBytes, ReplicaLag, walReached } from '../../../electron/server/reports/replica-lag.js';
import { durationWords, fallbackWords } from '../../../electron/server/reports/replica-words.js';

const T0 = Date.parse('2026-11-30T12:00:00.000Z');
const at = (seconds: number) => T0 + seconds * 1000;
const iso = (seconds: number) => new Date(at(seconds)).toISOString();
const standby = (replayed: string, replayedAtSeconds: number | null) => ({
  standby: true,
  replayed: lsnBytes(replayed),
  replayedAt: replayedAtSeconds === null ? null : at(replayedAtSeconds),
});

describe('lsnBytes', () => {
  it('reads a WAL position as bytes, and refuses what is not one', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnBytes('B374D848')).toThrow('"B374D848" is not a WAL position');
  });
});

describe('walReached', () => {
  it('is replayed at or past the position, or up to the page whose header the position stands after', () => {
    expect(walReached(lsnBytes('0/3000'), lsnBytes('0/3000'))).toBe(true);
    expect(walReached(lsnBytes('0/2FF8'), lsnBytes('0/3000'))).toBe(false);
    expect(walReached(lsnBytes('0/4000'), lsnBytes('0/4018'))).toBe(true);
    expect(walReached(lsnBytes('0/3FF8'), lsnBytes('0/4018'))).toBe(false);
    expect(walReached(lsnBytes('0/4000'), lsnBytes('0/4030'))).toBe(false);
  });
});

describe('ReplicaLag', () => {
  it('a replica that replayed the main database’s position is caught up, as of now', () => {
    const lag = new ReplicaLag(30);
    expect(lag.judge({ lsn: lsnBytes('0/3000'), at: at(5) }, standby('0/3000', -3600))).toEqual({
      kind: 'replica',
      asOf: iso(5),
      lagSeconds: 0,
    });
  });

  it('an idle main database is no lag: a replica that reached an earlier check is as of that check', () => {
    const lag = new ReplicaLag(30);
    // Its last replayed commit is an hour old, but it had replayed everything at the check of 10 s.
    lag.judge({ lsn: lsnBytes('0/3000'), at: at(10) }, standby('0/3000', -3600));
    expect(lag.judge({ lsn: lsnBytes('0/3100'), at: at(20) }, standby('0/3000', -3600))).toEqual({
      kind: 'replica',
      asOf: iso(10),
      lagSeconds: 10,
    });
  });

  it('behind by more than the maximum: the time since what it is known to have', () => {
    const lag = new ReplicaLag(30);
    lag.judge({ lsn: lsnBytes('0/3000'), at: at(0) }, standby('0/3000', -5));
    expect(lag.judge({ lsn: lsnBytes('0/9000'), at: at(130) }, standby('0/3000', -5))).toEqual({
      kind: 'behind',
      lagSeconds: 130,
    });
    // Its last replayed commit can be later than the last check it reached.
    expect(lag.judge({ lsn: lsnBytes('0/9000'), at: at(140) }, standby('0/5000', 125))).toEqual({
      kind: 'replica',
      asOf: iso(125),
      lagSeconds: 15,
    });
  });

  it('behind with nothing to measure by: it cannot tell how long', () => {
    const lag = new ReplicaLag(30);
    expect(lag.judge({ lsn: lsnBytes('0/9000'), at: at(0) }, standby('0/3000', null))).toEqual({
      kind: 'behind',
      lagSeconds: null,
    });
  });

  it('a replica not in recovery was promoted: it is not used', () => {
    const lag = new ReplicaLag(30);
    const promoted = { standby: false, replayed: lsnBytes('0/3000'), replayedAt: at(0) };
    expect(lag.judge({ lsn: lsnBytes('0/3000'), at: at(1) }, promoted)).toEqual({ kind: 'promoted' });
  });
});

describe('words', () => {
  it('says spans as people read them', () => {
    expect([0, 45, 60, 130, 3600, 3900, 7199].map(durationWords)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '2 min 10 s',
      '1 h',
      '1 h 5 min',
      '2 h',
    ]);
  });

  it('says why a report is from the main database', () => {
    expect(fallbackWords({ kind: 'down' }, 30)).toBe(
      'The read replica does not answer; this report is from the main database.',
    );
    expect(fallbackWords({ kind: 'behind', lagSeconds: 130.2 }, 30)).toBe(
      'The read replica is 2 min 10 s behind (more than 30 s); this report is from the main database.',
    );
    expect(fallbackWords({ kind: 'promoted' }, 30)).toBe(
      'The read replica is no longer a standby following the main database (it was promoted); ' +
        'this report is from the main database.',
    );
    expect(fallbackWords({ kind: 'conflict' }, 30)).toBe(
      "The read replica canceled this report to replay the main database's latest changes; " +
        'this report is from the main database.',
    );
    expect(fallbackWords({ kind: 'replica', asOf: iso(0), lagSeconds: 0 }, 30)).toBeNull();
  });
});
