import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, type SqliteDataLayer } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';

// `changeEpoch` lets a quote keep what it read while nothing is written: it must move on every
// write of this process and, within a millisecond, on another process's commit to the file.
let dir: string;
let serving: SqliteDataLayer;
let command: SqliteDataLayer;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  dir = mkdtempSync(join(tmpdir(), 'servicepay-change-epoch-'));
  serving = await openSqlite(dir);
  command = await openSqlite(dir);
});
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all([serving.close(), command.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const insert = (db: SqliteDataLayer, payload: string) =>
  db.write((tx) =>
    tx.run(db.builder.insertInto('notification_overflow').values({ payload, created_at: new Date().toISOString() })),
  );
const count = async (db: SqliteDataLayer) =>
  (await db.all(db.builder.selectFrom('notification_overflow').select('id'))).length;

describe("a SQLite file's change epoch", () => {
  it('stays while only reads are made', async () => {
    const before = serving.changeEpoch();
    await count(serving);
    vi.advanceTimersByTime(5);
    await count(serving);
    expect(serving.changeEpoch()).toBe(before);
  });

  it("moves with this process's own writes, which data_version does not count", async () => {
    const before = serving.changeEpoch();
    await insert(serving, 'a');
    const after = serving.changeEpoch();
    expect(after).not.toBe(before);
    await serving.write((tx) => tx.run(serving.builder.deleteFrom('notification_overflow')));
    expect(serving.changeEpoch()).not.toBe(after);
  });

  it("moves with another process's commit once its reading is a millisecond old", async () => {
    const before = serving.changeEpoch();
    await insert(command, 'from the command line');
    vi.advanceTimersByTime(2);
    expect(serving.changeEpoch()).not.toBe(before);
    expect(await count(serving)).toBe(1);
  });
});
