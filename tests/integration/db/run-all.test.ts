import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { writeStep } from '../../../electron/server/db/query.js';
import { freshDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-database.js';

// Several writes in one round trip (one statement on PostgreSQL, one by one on SQLite) answer how
// many rows the last one changed: a ticket's write takes its stock last and checks the count.
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

describe(`runAll (${TEST_ENGINE})`, () => {
  it("answers the last write's changed rows, and fails as one when one of them fails", async () => {
    const insert = db.prepare((k, p: { id: string }) =>
      k.insertInto('organizations').values({ id: p.id, name: 'Before', created_at: '2026-11-27T00:00:00.000Z' }),
    );
    const rename = db.prepare((k, p: { a: string; b: string; name: string }) =>
      k.updateTable('organizations').set({ name: p.name }).where('id', 'in', [p.a, p.b]),
    );
    const both = await db.write((tx) =>
      tx.runAll([
        writeStep(insert, { id: 'run-all-1' }),
        writeStep(insert, { id: 'run-all-2' }),
        writeStep(rename, { a: 'run-all-1', b: 'run-all-9', name: 'After' }),
      ]),
    );
    // On PostgreSQL the rename runs on the statement's snapshot, which has neither new row yet.
    expect(both).toBe(TEST_ENGINE === 'postgres' ? 0 : 1);
    const later = await db.write((tx) =>
      tx.runAll([
        writeStep(insert, { id: 'run-all-3' }),
        writeStep(rename, { a: 'run-all-1', b: 'run-all-2', name: 'Renamed' }),
      ]),
    );
    expect(later).toBe(2);
    // A failing write (a key already there) fails the whole call: the first write is not kept.
    await expect(
      db.write((tx) => tx.runAll([writeStep(insert, { id: 'run-all-4' }), writeStep(insert, { id: 'run-all-1' })])),
    ).rejects.toThrow();
    const rows = await db.all(
      db.builder.selectFrom('organizations').select(['id', 'name']).where('id', 'like', 'run-all-%').orderBy('id'),
    );
    expect(rows).toEqual([
      { id: 'run-all-1', name: 'Renamed' },
      { id: 'run-all-2', name: 'Renamed' },
      { id: 'run-all-3', name: 'Before' },
    ]);
  });
});
