import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../electron/server/db/database.js';
import { WriteBatcher } from '../../../electron/server/db/write-batcher.js';

describe('WriteBatcher (group commit)', () => {
  let db: Db;
  let batcher: WriteBatcher;
  const insert = (name: string) => () =>
    db.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(name, name, 'now');
  const count = () => (db.prepare('SELECT COUNT(*) AS n FROM organizations').get() as { n: number }).n;

  beforeEach(() => {
    db = openDatabase(':memory:');
    batcher = new WriteBatcher(db);
  });
  afterEach(() => db.close());

  it('runs the writes queued in one turn and resolves each with its result', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        batcher.run(() => {
          insert(name)();
          return name.toUpperCase();
        }),
      ),
    );
    expect(results).toEqual(['A', 'B', 'C']);
    expect(count()).toBe(3);
  });

  it('rolls back only the job that failed', async () => {
    const outcomes = await Promise.allSettled([
      batcher.run(insert('a')),
      batcher.run(() => {
        insert('b')();
        throw new Error('refused');
      }),
      batcher.run(insert('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const names = db.prepare('SELECT name FROM organizations ORDER BY name').pluck().all();
    expect(names).toEqual(['a', 'c']);
  });

  it('keeps the order of jobs, so a later job sees an earlier one', async () => {
    const [, seen] = await Promise.all([batcher.run(insert('first')), batcher.run(() => count())]);
    expect(seen).toBe(1);
  });

  it('is not inside a transaction between batches', async () => {
    await batcher.run(insert('x'));
    expect(db.inTransaction).toBe(false);
  });
});

describe('WriteBatcher with a durability barrier', () => {
  it('answers no write before the barrier after its commit has completed', async () => {
    const db = openDatabase(':memory:');
    const events: string[] = [];
    let release!: () => void;
    const barrier = () =>
      new Promise<void>((resolve) => {
        events.push('barrier started');
        release = () => {
          events.push('barrier done');
          resolve();
        };
      });
    const batcher = new WriteBatcher(db, barrier);
    const write = batcher.run(() => events.push('committed')).then(() => events.push('answered'));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['committed', 'barrier started']);
    release();
    await write;
    expect(events).toEqual(['committed', 'barrier started', 'barrier done', 'answered']);
    db.close();
  });

  it('covers writes committed during a barrier with the next one, and reports a failed barrier', async () => {
    const db = openDatabase(':memory:');
    let calls = 0;
    const barrier = async () => {
      calls += 1;
      if (calls === 2) throw new Error('fdatasync failed');
    };
    const batcher = new WriteBatcher(db, barrier);
    await expect(batcher.run(() => 1)).resolves.toBe(1);
    await expect(batcher.run(() => 2)).rejects.toThrow('fdatasync failed');
    await expect(batcher.run(() => 3)).resolves.toBe(3);
    expect(calls).toBe(3);
    db.close();
  });

  it('holds jobs that arrive during a barrier and commits them together once it returns', async () => {
    const db = openDatabase(':memory:');
    const releases: (() => void)[] = [];
    const barrier = () => new Promise<void>((resolve) => releases.push(resolve));
    const batcher = new WriteBatcher(db, barrier);
    const committed: string[] = [];
    const first = batcher.run(() => committed.push('first'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(releases).toHaveLength(1);
    const later = [batcher.run(() => committed.push('second')), batcher.run(() => committed.push('third'))];
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toEqual(['first']); // held while the first barrier is in flight
    releases[0]!();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(committed).toEqual(['first', 'second', 'third']);
    expect(releases).toHaveLength(2); // one barrier for both
    releases[1]!();
    await Promise.all(later);
    db.close();
  });
});
