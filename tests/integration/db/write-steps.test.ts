import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { StaleWriteError, writeStep } from '../../../electron/server/db/query.js';
import { freshDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-database.js';

// A write built on an unlocked read (a ticket's stock) runs as one durable write of its own and
// fails whole unless its last step changed the rows it expects: one statement on PostgreSQL.
let database: TestDatabase;
let db: DataLayer;
beforeAll(async () => {
  database = await freshDatabase();
  db = await openDataLayer(database.config);
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

const names = () =>
  db.all(db.builder.selectFrom('organizations').select(['id', 'name']).where('id', 'like', 'steps-%').orderBy('id'));

describe(`writeSteps (${TEST_ENGINE})`, () => {
  it('keeps every step when the last changed the rows expected, and none when it did not', async () => {
    const insert = db.prepare((k, p: { id: string }) =>
      k.insertInto('organizations').values({ id: p.id, name: 'New', created_at: '2026-11-27T00:00:00.000Z' }),
    );
    // Renames only an organization still named `was`: a conditional update, as a reservation is.
    const rename = db.prepare((k, p: { a: string; b: string; was: string; name: string }) =>
      k.updateTable('organizations').set({ name: p.name }).where('id', 'in', [p.a, p.b]).where('name', '=', p.was),
    );
    await db.writeSteps([writeStep(insert, { id: 'steps-1' }), writeStep(insert, { id: 'steps-2' })], 1);
    await db.writeSteps(
      [
        writeStep(insert, { id: 'steps-3' }),
        writeStep(rename, { a: 'steps-1', b: 'steps-2', was: 'New', name: 'Sold' }),
      ],
      2,
    );
    expect(await names()).toEqual([
      { id: 'steps-1', name: 'Sold' },
      { id: 'steps-2', name: 'Sold' },
      { id: 'steps-3', name: 'New' },
    ]);

    // Another writer got to steps-2 first: the rename changes one row of two, nothing is kept.
    const stale = db.writeSteps(
      [
        writeStep(insert, { id: 'steps-4' }),
        writeStep(rename, { a: 'steps-3', b: 'steps-2', was: 'New', name: 'Sold' }),
      ],
      2,
    );
    await expect(stale).rejects.toBeInstanceOf(StaleWriteError);
    await expect(stale).rejects.toThrow(/expected its last step to change 2 rows.*nothing was written/);
    // A failing step (a key already there) fails the whole write as well, with the engine's error.
    await expect(
      db.writeSteps([writeStep(insert, { id: 'steps-5' }), writeStep(insert, { id: 'steps-1' })], 1),
    ).rejects.toSatisfy((error: unknown) => db.dialect.isUniqueViolation(error, ['id']));
    expect(await names()).toEqual([
      { id: 'steps-1', name: 'Sold' },
      { id: 'steps-2', name: 'Sold' },
      { id: 'steps-3', name: 'New' },
    ]);
  });

  it('never lets two writers take the same row', async () => {
    const insert = db.prepare((k, p: { id: string }) =>
      k.insertInto('organizations').values({ id: p.id, name: 'Free', created_at: '2026-11-27T00:00:00.000Z' }),
    );
    const take = db.prepare((k, p: { id: string; by: string }) =>
      k.updateTable('organizations').set({ name: p.by }).where('id', '=', p.id).where('name', '=', 'Free'),
    );
    await db.writeSteps([writeStep(insert, { id: 'steps-race' })], 1);
    const tries = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => db.writeSteps([writeStep(take, { id: 'steps-race', by: `taker ${i}` })], 1)),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    for (const lost of tries.filter((t) => t.status === 'rejected')) {
      expect((lost as PromiseRejectedResult).reason).toBeInstanceOf(StaleWriteError);
    }
  });
});
