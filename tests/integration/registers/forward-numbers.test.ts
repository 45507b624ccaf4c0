import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardBody, forwardHarness, stockRecord, zRecord, type ForwardHarness } from './forward-support.js';

// A register's forward whose numbers the server cannot hold exactly (past 2^53 − 1, hundreds of
// digits, fractions, below the field's range) is refused in words and changes nothing; the
// register's later changes are applied as before. On SQLite and on PostgreSQL.
let h: ForwardHarness;

beforeAll(async () => {
  h = await forwardHarness(40_000);
});
afterAll(() => h.close());

/** Sends a forward that must be refused, naming `field`; nothing changes at the server. */
async function refusedNaming(records: string[], detail: RegExp, after = '0') {
  const before = { stock: await h.stock(), z: await h.zNumber(), exceptions: await h.exceptions() };
  const answer = await h.send(forwardBody('q-1', after, records));
  expect(answer.statusCode, answer.body).toBe(400);
  expect(answer.json()).toEqual({
    resultCode: 'FAIL',
    resultReason: 'INVALID_INPUT',
    resultDetail: expect.any(String),
  });
  expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(detail);
  expect({ stock: await h.stock(), z: await h.zNumber(), exceptions: await h.exceptions() }).toEqual(before);
}

describe('numbers in a register’s forward', () => {
  it('refuses a sequence number past 2^53 − 1 in words, and applies the register’s next change', async () => {
    // JSON reads 9007199254740993 as 9007199254740992: taken, it made every later change look applied.
    await refusedNaming(
      [stockRecord(h.pkg.id, '9007199254740993', '0')],
      /^records\[0\]\.seq must be a whole number from 1 to 9,007,199,254,740,991, not a number too large to hold exactly$/,
    );
    const next = await h.send(forwardBody('q-1', '0', [stockRecord(h.pkg.id, '1', '-1000')]));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ forwardedSeq: 1, applied: 1, exceptions: 0 });
    expect(await h.stock()).toEqual({ onHandMilli: 39_000, reservedMilli: 0, shortMilli: 0 });
  });

  it('refuses stock changes and row numbers past what the columns hold, fractions and negative places', async () => {
    const digits400 = `1${'0'.repeat(399)}`;
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', '0', digits400)],
      /^records\[0\]\.reservedDelta must be a whole number from -1,000,000,000,000 to 1,000,000,000,000, not a number too large to hold exactly$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', `-${digits400}`)],
      /^records\[0\]\.onHandDelta must be a whole number from -1,000,000,000,000 to 1,000,000,000,000, not a number too large to hold exactly$/,
    );
    // More than a package holds (a billion units), either way.
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', '1000000000001')],
      /^records\[0\]\.onHandDelta must be a whole number from -1,000,000,000,000 to 1,000,000,000,000, not 1000000000001$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', '0', '-1000000000001')],
      /reservedDelta must be a whole number from -1,000,000,000,000 to 1,000,000,000,000, not -1000000000001$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', '0.5')],
      /^records\[0\]\.onHandDelta must be a whole number from -1,000,000,000,000 to 1,000,000,000,000, not 0\.5$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '3.5', '-1')],
      /^records\[0\]\.seq must be a whole number of at least 1, not 3\.5$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '-3', '-1')],
      /^records\[0\]\.seq must be a whole number of at least 1, not -3$/,
    );
    await refusedNaming(
      [stockRecord(h.pkg.id, '0', '-1')],
      /^records\[0\]\.seq must be a whole number of at least 1, not 0$/,
    );
    await refusedNaming(
      [zRecord('3', digits400)],
      /^records\[0\]\.row\.last must be a number of at most 9,007,199,254,740,991, not a number too large to hold exactly$/,
    );
    await refusedNaming(
      [zRecord('3', '9007199254740993')],
      /^records\[0\]\.row\.last must be a number of at most 9,007,199,254,740,991, not a number too large to hold exactly$/,
    );
    // A row's cents and thousandths are whole, and a quantity within what a package holds.
    await refusedNaming(
      [zRecord('3', '1').replace('"last":1', '"last":1,"amount_cents":2.5')],
      /^records\[0\]\.row\.amount_cents must be a whole number of cents from -9007199254740991 to 9007199254740991$/,
    );
    await refusedNaming(
      [zRecord('3', '1').replace('"last":1', '"last":1,"quantity_milli":1000000000001')],
      /^records\[0\]\.row\.quantity_milli must be a whole number of thousandths of a unit from -1000000000000 to 1000000000000$/,
    );
    // One bad number refuses the whole forward: the good change beside it waits with it.
    await refusedNaming(
      [stockRecord(h.pkg.id, '3', '-1000'), zRecord('4', `-${digits400}`)],
      /^records\[1\]\.row\.last must be a number of at least -9,007,199,254,740,991, not a number too large to hold exactly$/,
    );

    const next = await h.send(forwardBody('q-1', '1', [stockRecord(h.pkg.id, '2', '-1000'), zRecord('3', '7')]));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ forwardedSeq: 3, applied: 2, exceptions: 0 });
    expect(await h.stock()).toEqual({ onHandMilli: 38_000, reservedMilli: 0, shortMilli: 0 });
    expect(await h.zNumber()).toBe(7);
  });

  it('lists a change that would stock a package past what it holds, and does not count it applied', async () => {
    const answer = await h.send(
      forwardBody('q-1', '3', [stockRecord(h.pkg.id, '4', '1000000000000'), stockRecord(h.pkg.id, '5', '1')]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ forwardedSeq: 5, applied: 0, exceptions: 1 });
    expect(await h.stock()).toEqual({ onHandMilli: 38_000, reservedMilli: 0, shortMilli: 0 });
    const [listed] = await h.exceptions();
    expect(listed).toMatchObject({ kind: 'not_applied', seq: 5 });
    expect(listed!.detail).toMatch(
      /^front-1 changed the stock of .+ to 1000000038\.001, past the 1,000,000,000 a package holds: refused$/,
    );
  });
});
