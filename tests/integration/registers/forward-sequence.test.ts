import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardBody, forwardHarness, stockRecord, type ForwardHarness } from './forward-support.js';

// How the server follows a register's queue: each forward says the last change the register let go
// of (`after`); changes at or below the server's mark are passed over (a batch sent again), and a
// queue that skips ahead or goes back is listed for the store, never answered "applied 0" in
// silence, and never stops the register's later changes. On SQLite and on PostgreSQL.
let h: ForwardHarness;

beforeAll(async () => {
  h = await forwardHarness(1_000_000);
});
afterAll(() => h.close());

/** Sends a forward of queue `queue` that must be answered 200; its answer. */
async function applied(queue: string, after: number, records: string[], keptFrom?: number) {
  const answer = await h.send(forwardBody(queue, String(after), records, keptFrom?.toString()));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ forwardedSeq: number; applied: number; exceptions: number }>();
}

const sell = (seq: number, milli = 1000) => stockRecord(h.pkg.id, String(seq), String(-milli));
const onHand = async () => (await h.stock()).onHandMilli;

describe('the order of a register’s changes at the server', () => {
  it('refuses changes that do not follow `after`, in words, and changes nothing', async () => {
    const before = { stock: await h.stock(), exceptions: await h.exceptions() };
    const cases: [string, string[], RegExp][] = [
      ['5', [sell(5)], /^records\[0\]\.seq \(5\) must come after 5, the last change the register let go of \(after\)$/],
      ['5', [sell(6), sell(3)], /^the changes must come in the order of their sequence numbers$/],
      ['0', [sell(1), sell(2001)], /^records\[1\]\.seq \(2001\) must be at most 2,000 places after 0 \(after\)/],
      ['0', [sell(9_007_199_254_740_991)], /^records\[0\]\.seq \(9007199254740991\) must be at most 2,000 places/],
      [
        '9007199254740993',
        [],
        /^after must be a whole number from 0 to 9,007,199,254,740,991, not a number too large to hold exactly$/,
      ],
      ['-1', [], /^after must be a whole number of at least 0, not -1$/],
      ['0.5', [], /^after must be a whole number of at least 0, not 0\.5$/],
    ];
    for (const [after, records, detail] of cases) {
      const answer = await h.send(forwardBody('q-order', after, records));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(detail);
    }
    expect({ stock: await h.stock(), exceptions: await h.exceptions() }).toEqual(before);
  });

  it('applies a batch sent again (its answer was lost) once, answering what it has', async () => {
    const start = await onHand();
    expect(await applied('q-again', 0, [sell(1), sell(2)])).toEqual(
      expect.objectContaining({ forwardedSeq: 2, applied: 2 }),
    );
    // Sent again with a change made since: the two it has are passed over, the new one applied.
    expect(await applied('q-again', 0, [sell(1), sell(2), sell(3)])).toEqual(
      expect.objectContaining({ forwardedSeq: 3, applied: 1, exceptions: 0 }),
    );
    expect(await onHand()).toBe(start - 3000);
    expect(await h.exceptions()).toEqual([]);
  });

  it('lists changes a register let go of that never came (the server restored from a backup), and goes on', async () => {
    const start = await onHand();
    await applied('q-skip', 0, [sell(1)]);
    // The register had these up to 40 applied by the server as it was before its restore.
    expect(await applied('q-skip', 40, [sell(41), sell(42)])).toEqual(
      expect.objectContaining({ forwardedSeq: 42, applied: 2, exceptions: 1 }),
    );
    expect(await onHand()).toBe(start - 3000);
    const [missing] = await h.exceptions();
    expect(missing).toMatchObject({ kind: 'changes_missing', seq: 40 });
    expect(missing!.detail).toBe(
      "front-1's changes 2 to 40 never reached this server, and front-1 has let go of them (was this server " +
        'restored from a backup?): sales and stock changes among them are missing here',
    );
  });

  it('asks a register that keeps the changes this server lacks (restored from a backup) for them again', async () => {
    const start = await onHand();
    const listed = (await h.exceptions()).length;
    await applied('q-kept', 0, [sell(1)]);
    // The register had 2 to 40 applied by this server as it was before its restore, and keeps them.
    expect(await applied('q-kept', 40, [sell(41)], 2)).toEqual(
      expect.objectContaining({ forwardedSeq: 1, applied: 0, exceptions: 0 }),
    );
    expect(await onHand()).toBe(start - 1000);
    // It sends them again after the mark it was answered, the new one with them: each applied once.
    const again = Array.from({ length: 40 }, (_, i) => sell(i + 2));
    expect(await applied('q-kept', 1, again, 2)).toEqual(
      expect.objectContaining({ forwardedSeq: 41, applied: 40, exceptions: 0 }),
    );
    expect(await onHand()).toBe(start - 41_000);
    expect(await h.exceptions()).toHaveLength(listed);
  });

  it('lists what a register no longer keeps as missing, and asks again for what it keeps', async () => {
    const start = await onHand();
    await applied('q-part', 0, [sell(1)]);
    // Kept from 31 on: 2 to 30 are gone for good.
    expect(await applied('q-part', 40, [sell(41)], 31)).toEqual(
      expect.objectContaining({ forwardedSeq: 30, applied: 0, exceptions: 1 }),
    );
    const [missing] = await h.exceptions();
    expect(missing).toMatchObject({ kind: 'changes_missing', seq: 30 });
    expect(missing!.detail).toMatch(/^front-1's changes 2 to 30 never reached this server/);
    const again = Array.from({ length: 11 }, (_, i) => sell(i + 31));
    expect(await applied('q-part', 30, again, 31)).toEqual(
      expect.objectContaining({ forwardedSeq: 41, applied: 11, exceptions: 0 }),
    );
    expect(await onHand()).toBe(start - 12_000);
    // A register cannot keep less than what it has not let go of yet.
    const refused = await h.send(forwardBody('q-part', '41', [sell(42)], '43'));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toBe(
      'keptFrom (43) must be at most 42: the register keeps every change after 41 (after) until it is applied',
    );
  });

  it('lists a register that went back (restored from a backup), and applies its changes again rather than passing them over', async () => {
    const start = await onHand();
    await applied('q-back', 0, [sell(1), sell(2), sell(3)]);
    await applied('q-back', 3, [sell(4)]);
    // Restored from a copy made when it had let go of change 1 only: it numbers 2 and 3 again, other sales.
    expect(await applied('q-back', 1, [sell(2, 5000), sell(3, 7000)])).toEqual(
      expect.objectContaining({ forwardedSeq: 3, applied: 2, exceptions: 1 }),
    );
    expect(await onHand()).toBe(start - 4000 - 12_000);
    const [back] = await h.exceptions();
    expect(back).toMatchObject({ kind: 'went_back', seq: 1 });
    expect(back!.detail).toBe(
      'front-1 sent its changes after 1 again, though it had let go of those up to 3 (was it restored from a ' +
        'backup?): they are applied as it sends them now, so sales and stock changes it sent before may be here ' +
        'twice: check them',
    );
    // And it goes on from there, as it numbers its changes.
    expect(await applied('q-back', 3, [sell(4)])).toEqual(expect.objectContaining({ forwardedSeq: 4, applied: 1 }));
    expect(await onHand()).toBe(start - 17_000);
  });

  it('never lets a sequence number far ahead make the register’s later changes look applied', async () => {
    const start = await onHand();
    await applied('q-far', 0, [sell(1)]);
    // Past 2^53 − 1: refused. Far ahead but held exactly: the gap is listed, the change applied.
    const past = await h.send(forwardBody('q-far', '1', [sell(2).replace('"seq":2', '"seq":9007199254740993')]));
    expect(past.statusCode, past.body).toBe(400);
    expect(await applied('q-far', 9_007_199_254_740_990, [sell(9_007_199_254_740_991)])).toEqual(
      expect.objectContaining({ forwardedSeq: 9_007_199_254_740_991, applied: 1, exceptions: 1 }),
    );
    // The register's own next change (after 1, as it let go): applied, and the jump listed as a step back.
    expect(await applied('q-far', 1, [sell(2)])).toEqual(
      expect.objectContaining({ forwardedSeq: 2, applied: 1, exceptions: 1 }),
    );
    expect(await onHand()).toBe(start - 3000);
    const listed = (await h.exceptions()).filter((e) => e.detail.includes('9,007,199,254,740,990'));
    expect(listed.map((e) => e.kind).sort()).toEqual(['changes_missing', 'went_back']);
  });
});
