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
