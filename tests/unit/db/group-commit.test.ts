import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteDataLayer } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';
import type { Queryable } from '../../../electron/server/db/query.js';

/** A data layer on an in-memory SQLite with one table, and a barrier the test controls. */
function layer(barrier?: () => Promise<void>): { db: SqliteDataLayer; conn: Database.Database } {
  const conn = new Database(':memory:');
  conn.exec('CREATE TABLE organizations (id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL)');
  return { db: new SqliteDataLayer(conn, 'test', () => undefined, barrier), conn };
}

const insert = (db: SqliteDataLayer, tx: Queryable, name: string) =>
  tx.run(db.builder.insertInto('organizations').values({ id: name, name, created_at: 'now' }));
const names = async (db: SqliteDataLayer, q: Queryable = db) =>
  (await q.all(db.builder.selectFrom('organizations').select('name').orderBy('name'))).map((row) => row.name);
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite writes (group commit)', () => {
  let db: SqliteDataLayer;
  let conn: Database.Database;

  beforeEach(() => ({ db, conn } = layer()));
  afterEach(() => db.close());

  it('runs the writes queued in one turn and resolves each with its result', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        db.write(async (tx) => {
          await insert(db, tx, name);
          return name.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    expect(await names(db)).toEqual(['a', 'b', 'c']);
  });

  it('rolls back only the job that failed', async () => {
    const outcomes = await Promise.allSettled([
      db.write((tx) => insert(db, tx, 'a')),
      db.write(async (tx) => {
        await insert(db, tx, 'b');
        throw new Error('refused');
      }),
      db.write((tx) => insert(db, tx, 'c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names(db)).toEqual(['a', 'c']);
  });

  it('keeps the journals of a batch in memory only when every job of it is small', async () => {
    // temp_store: 0 the build's default (a file), 2 memory; read inside each job, so of its batch.
    const tempStore = () => Promise.resolve(conn.pragma('temp_store', { simple: true }));
    const small = { small: true };
    const alone = await Promise.all([db.write(tempStore, small), db.write(tempStore, small)]);
    const mixed = await Promise.all([db.write(tempStore, small), db.write(tempStore)]);
    const again = await db.write(tempStore, small);
    expect({ alone, mixed, again }).toEqual({ alone: [2, 2], mixed: [0, 0], again: 2 });
    // A small job that fails still rolls back alone, from the journal kept in memory.
    const outcomes = await Promise.allSettled([
      db.write((tx) => insert(db, tx, 'a'), small),
      db.write(async (tx) => {
        await insert(db, tx, 'b');
        throw new Error('refused');
      }, small),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    expect(await names(db)).toEqual(['a']);
  });

  it('keeps the order of jobs, so a later job sees an earlier one', async () => {
    const [, seen] = await Promise.all([db.write((tx) => insert(db, tx, 'first')), db.write((tx) => names(db, tx))]);
    expect(seen).toEqual(['first']);
  });

  it('makes a read from outside wait until the batch has committed, so it never sees a rolled-back job', async () => {
    let inserted!: () => void;
    let proceed!: () => void;
    const insertedGhost = new Promise<void>((resolve) => (inserted = resolve));
    const mayFail = new Promise<void>((resolve) => (proceed = resolve));
    const failing = db.write(async (tx) => {
      await insert(db, tx, 'ghost');
      inserted();
      await mayFail;
      throw new Error('refused');
    });
    await insertedGhost;
    const reading = names(db); // another request's read, while the batch holds the connection
    proceed();
    await expect(failing).rejects.toThrow('refused');
    expect(await reading).toEqual([]);
  });

  it('refuses a job that reads outside its transaction instead of waiting for itself', async () => {
    await expect(db.write(() => names(db))).rejects.toThrow('query through its tx');
  });

  it('still knows its jobs in a later batch (the job scope is off between batches, on in each)', async () => {
    await db.write((tx) => insert(db, tx, 'a'));
    await tick();
    expect(await names(db)).toEqual(['a']);
    await expect(db.write(() => names(db))).rejects.toThrow('query through its tx');
    // A job that awaited something else first is still known after it.
    await expect(
      db.write(async (tx) => {
        await insert(db, tx, 'b');
        await tick();
        return names(db);
      }),
    ).rejects.toThrow('query through its tx');
    expect(await names(db)).toEqual(['a']);
  });

  it('is not inside a transaction between batches', async () => {
    await db.write((tx) => insert(db, tx, 'x'));
    expect(conn.inTransaction).toBe(false);
  });
});

describe('SQLite writes with a durability barrier', () => {
  it('answers no write before the barrier after its commit has completed', async () => {
    const events: string[] = [];
    let release!: () => void;
    const { db } = layer(
      () =>
        new Promise<void>((resolve) => {
          events.push('barrier started');
          release = () => {
            events.push('barrier done');
            resolve();
          };
        }),
    );
    const write = db.write(async () => events.push('committed')).then(() => events.push('answered'));
    await tick();
    await tick();
    expect(events).toEqual(['committed', 'barrier started']);
    release();
    await write;
    expect(events).toEqual(['committed', 'barrier started', 'barrier done', 'answered']);
  });

  it('covers writes committed during a barrier with the next one, and reports a failed barrier', async () => {
    let calls = 0;
    const { db } = layer(async () => {
      calls += 1;
      if (calls === 2) throw new Error('fdatasync failed');
    });
    await expect(db.write(async () => 1)).resolves.toBe(1);
    await expect(db.write(async () => 2)).rejects.toThrow('fdatasync failed');
    await expect(db.write(async () => 3)).resolves.toBe(3);
    expect(calls).toBe(3);
  });

  it('holds jobs that arrive during a barrier and commits them together once it returns', async () => {
    const releases: (() => void)[] = [];
    const { db } = layer(() => new Promise<void>((resolve) => releases.push(resolve)));
    const committed: string[] = [];
    const first = db.write(async () => committed.push('first'));
    await tick();
    expect(releases).toHaveLength(1);
    const later = [db.write(async () => committed.push('second')), db.write(async () => committed.push('third'))];
    await tick();
    expect(committed).toEqual(['first']); // held while the first barrier is in flight
    releases[0]!();
    await first;
    await tick();
    expect(committed).toEqual(['first', 'second', 'third']);
    expect(releases).toHaveLength(2); // one barrier for both
    releases[1]!();
    await Promise.all(later);
  });
});
