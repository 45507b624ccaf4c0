import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyOnWorker } from '../../../electron/server/db/sqlite/copy-on-worker.js';

let dir: string;
let writer: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'servicepay-copy-'));
  writer = new Database(join(dir, 'source.db'));
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE sales (id INTEGER PRIMARY KEY, cents INTEGER NOT NULL)');
});
afterEach(() => {
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (count: number) => {
  const add = writer.prepare('INSERT INTO sales (cents) VALUES (?)');
  writer.transaction(() => {
    for (let i = 0; i < count; i += 1) add.run(100 + i);
  })();
};

describe('copyOnWorker: a SQLite backup made on another thread', () => {
  it('copies what was committed, while this thread keeps its connection open and writing', async () => {
    insert(5_000);
    const copying = copyOnWorker(join(dir, 'source.db'), join(dir, 'copy.db'));
    // This thread's writer is not held up by the copy (WAL: the copy is one read snapshot).
    insert(10);
    await copying;
    const copy = new Database(join(dir, 'copy.db'), { readonly: true });
    try {
      const { count, cents } = copy.prepare('SELECT count(*) AS count, sum(cents) AS cents FROM sales').get() as {
        count: number;
        cents: number;
      };
      // The snapshot is one moment: the first 5,000 sales, perhaps the ten after, never part of them.
      const first = 5_000 * 100 + (4_999 * 5_000) / 2;
      expect([
        [5_000, first],
        [5_010, first + 10 * 100 + 45],
      ]).toContainEqual([count, cents]);
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
  });

  it('says why when the copy cannot be made: a missing folder, a missing database', async () => {
    await expect(copyOnWorker(join(dir, 'source.db'), join(dir, 'no-such-folder', 'copy.db'))).rejects.toThrow(
      /the copy of .*source\.db failed: .*directory does not exist/,
    );
    await expect(copyOnWorker(join(dir, 'missing.db'), join(dir, 'copy.db'))).rejects.toThrow(
      /the copy of .*missing\.db failed: unable to open database file/,
    );
  });
});
