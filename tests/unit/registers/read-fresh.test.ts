import { describe, expect, it } from 'vitest';
import { appliedIn, readFresh, StaleAnswer, STALE_READS } from '../../../electron/server/registers/replica-stock.js';
import type { ServerLink } from '../../../electron/server/registers/server-link-repository.js';

const linked: ServerLink = {
  registerId: 'r-1',
  serverUrl: 'http://127.0.0.1:9',
  secret: 'spr_x',
  dispensaryId: 'd-1',
  name: 'front-1',
  attachedAt: '2026-12-02T00:00:00.000Z',
  queueId: 'q-1',
  appliedSeq: 40,
  refreshedAt: null,
  lastProblem: null,
  answeredAt: null,
};

/** Checked strictly, asked for when the forwarder had let go of up to `letGoBefore` (40: as now). */
const strict = (letGoBefore = 40) => ({ strict: true, letGoBefore });
const lenient = { strict: false, letGoBefore: 40 };

describe('a refresh answer against what the forwarder let go of', () => {
  it('adds the waiting stock after the answer’s mark, of this register’s own queue only', () => {
    expect(appliedIn(linked, { seq: 40, queueId: 'q-1' }, strict())).toBe(40);
    expect(appliedIn(linked, { seq: 55, queueId: 'q-1' }, strict())).toBe(55);
    expect(appliedIn(linked, { seq: 55, queueId: 'q-2' }, strict())).toBe(0);
    expect(appliedIn(linked, { seq: 0, queueId: null }, strict())).toBe(0);
    expect(appliedIn(linked, undefined, strict())).toBe(0);
    expect(appliedIn(undefined, { seq: 55, queueId: 'q-1' }, strict())).toBe(0);
  });

  it('refuses an answer read before the forward’s, unless told to take it', () => {
    expect(() => appliedIn(linked, { seq: 39, queueId: 'q-1' }, strict())).toThrow(StaleAnswer);
    expect(appliedIn(linked, { seq: 39, queueId: 'q-1' }, lenient)).toBe(39);
  });

  it('refuses an answer of no queue or another one asked for before the forwarder let go of more', () => {
    // The register's first forward ever, or its first since a machine replaced under its name forwarded.
    expect(() => appliedIn(linked, { seq: 0, queueId: null }, strict(0))).toThrow(StaleAnswer);
    expect(() => appliedIn(linked, { seq: 55, queueId: 'q-2' }, strict(39))).toThrow(StaleAnswer);
    expect(appliedIn(linked, { seq: 0, queueId: null }, { strict: false, letGoBefore: 0 })).toBe(0);
  });
});

describe('reading a refresh until its answer is fresh', () => {
  it('reads again after a stale answer and writes the next', async () => {
    const answers = [39, 40];
    const written: number[] = [];
    const result = await readFresh(
      async () => 40,
      async () => answers.shift()!,
      async (seq, freshness) => {
        const after = appliedIn(linked, { seq, queueId: 'q-1' }, freshness);
        written.push(after);
        return after;
      },
    );
    expect(result).toBe(40);
    expect(written).toEqual([40]);
    expect(answers).toEqual([]);
  });

  it('writes its last read as it is: a server restored from a backup must not stop refreshes', async () => {
    let reads = 0;
    const strictness: boolean[] = [];
    const result = await readFresh(
      async () => 40,
      async () => {
        reads += 1;
        return 10;
      },
      async (seq, freshness) => {
        strictness.push(freshness.strict);
        return appliedIn(linked, { seq, queueId: 'q-1' }, freshness);
      },
    );
    expect(result).toBe(10);
    expect(reads).toBe(STALE_READS);
    expect(strictness).toEqual([true, true, false]);
  });

  it('passes any other failure on at once', async () => {
    let reads = 0;
    await expect(
      readFresh(
        async () => 40,
        async () => (reads += 1),
        async () => {
          throw new Error('the server is down');
        },
      ),
    ).rejects.toThrow('the server is down');
    expect(reads).toBe(1);
  });
});
