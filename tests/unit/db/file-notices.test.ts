import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotices, NOTICE_KEEP_MS } from '../../../electron/server/db/sqlite/file-notices.js';
import {
  DATABASE_FILE,
  openSqlite,
  type SqliteDataLayer,
} from '../../../electron/server/db/sqlite/sqlite-data-layer.js';

// A register's SQLite file is served by one process; the command line is another. What the command
// publishes on the live channel is kept in the file and handed to the serving process's listeners.
let dir: string;
let serving: SqliteDataLayer;
let command: SqliteDataLayer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'servicepay-notices-'));
  serving = await openSqlite(dir);
  command = await openSqlite(dir);
});
afterEach(async () => {
  await Promise.all([serving.close(), command.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** What the layer's listener is handed, and a promise of the first `count` of it. */
function heard(db: SqliteDataLayer) {
  const payloads: string[] = [];
  const waiting: { count: number; resolve: (first: string[]) => void }[] = [];
  const stop = db.listen((payload) => {
    payloads.push(payload);
    for (const wait of waiting) if (payloads.length === wait.count) wait.resolve(payloads.slice(0, wait.count));
  });
  const first = (count: number) =>
    new Promise<string[]>((resolve) => {
      if (payloads.length >= count) resolve(payloads.slice(0, count));
      else waiting.push({ count, resolve });
    });
  return { payloads, first, stop };
}

const kept = () => {
  const file = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return file.prepare('SELECT payload FROM notification_overflow ORDER BY id').pluck().all();
  } finally {
    file.close();
  }
};

describe("SQLite: the live channel's messages of another process on the file", () => {
  it('reach the serving process in order, each once, none kept before it began to listen', async () => {
    await command.notify('before');
    const listener = heard(serving);
    await command.notify('one');
    await command.notify('two');
    expect(await listener.first(2)).toEqual(['one', 'two']);
    await command.notify('three');
    expect(await listener.first(3)).toEqual(['one', 'two', 'three']);
    listener.stop();
  });

  it('stay in the serving process when it publishes them itself: nothing is written', async () => {
    const listener = heard(serving);
    await serving.notify('own');
    expect(listener.payloads).toEqual(['own']);
    expect(kept()).toEqual([]);
    listener.stop();
  });

  it('are kept ten minutes: each new one forgets the older ones', async () => {
    const old = new Date(Date.now() - NOTICE_KEEP_MS - 1_000).toISOString();
    await command.write((tx) =>
      tx.run(command.builder.insertInto('notification_overflow').values({ payload: 'stale', created_at: old })),
    );
    await command.notify('fresh');
    expect(kept()).toEqual(['fresh']);
  });
});

describe('FileNotices', () => {
  it('waits while the connection holds a write transaction, then hands over what came', () => {
    const conn = new Database(join(dir, DATABASE_FILE));
    const other = new Database(join(dir, DATABASE_FILE));
    try {
      const delivered: string[] = [];
      let writing = true;
      const version = conn.prepare<[], number>('PRAGMA data_version').pluck();
      const notices = new FileNotices(
        conn,
        (payload) => delivered.push(payload),
        () => version.get()!,
        () => writing,
      );
      notices.start();
      other.prepare("INSERT INTO notification_overflow (payload, created_at) VALUES ('x', '2026-12-02')").run();
      notices.look();
      expect(delivered).toEqual([]);
      writing = false;
      notices.look();
      notices.look();
      expect(delivered).toEqual(['x']);
      notices.stop();
    } finally {
      conn.close();
      other.close();
    }
  });
});
