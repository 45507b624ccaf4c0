import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 64: a loyalty entry keeps the number of its order as a store server sent it to a
// register (`loyalty_ledger.order_number`): the entries there keep every column and have none.
const m = new MigrationDatabase();
afterEach(() => m.close());

const entries = async () =>
  (
    await sql<{ id: string; points: number | string; order_id: string | null; order_number: string | null }>`
      SELECT id, points, order_id, order_number FROM loyalty_ledger ORDER BY id`.execute(m.db)
  ).rows.map((row) => ({ ...row, points: Number(row.points) }));

describe(`migration 64 on ${TEST_ENGINE}`, () => {
  it('keeps the entries there are, with no number, and keeps a number sent with an entry after it', async () => {
    await m.open();
    await m.migrated(63);
    await m.store();
    const entry = { dispensary_id: 'shop', customer_id: 'c1', kind: 'spent', note: 'Spent', actor: 'ServicePay' };
    await m.insert('loyalty_ledger', { ...entry, id: 'l1', order_id: 'o1', points: -200 });
    await m.insert('loyalty_ledger', { ...entry, id: 'l2', order_id: null, kind: 'adjusted', points: 1000 });

    await m.migrated(64);

    expect(await entries()).toEqual([
      { id: 'l1', points: -200, order_id: 'o1', order_number: null },
      { id: 'l2', points: 1000, order_id: null, order_number: null },
    ]);
    await m.insert('loyalty_ledger', { ...entry, id: 'l3', order_id: 'o9', order_number: 'ZZS9DD', points: -100 });
    expect((await entries())[2]).toEqual({ id: 'l3', points: -100, order_id: 'o9', order_number: 'ZZS9DD' });
  });
});
