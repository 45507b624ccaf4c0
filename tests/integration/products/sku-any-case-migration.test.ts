import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { skuKey } from '../../../electron/server/catalog/sku-key.js';
import { postgresDialect } from '../../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 59 finds a store's products by SKU in any case, by an index on the SKU's lower case. A
// store may already hold SKUs that differ only in case (allowed before): the migration does not
// fail on them, and keeps both products as they are — no row lost, no SKU renamed.
const m = new MigrationDatabase();
afterEach(() => m.close());

const products = async () =>
  (await sql<{ id: string; sku: string | null }>`SELECT id, sku FROM products ORDER BY id`.execute(m.db)).rows;

const indexes = async () => {
  const query =
    TEST_ENGINE === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'products'`
      : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'products'`;
  return (await query.execute(m.db)).rows.map((row) => row.name);
};

describe(`migration 59 on ${TEST_ENGINE}`, () => {
  it('keeps both products of a store whose SKUs differ only in case, and indexes SKUs in any case', async () => {
    await m.open();
    await m.migrated(58);
    await m.store();
    const stored = [
      { id: 'p1', sku: 'FLW-001' },
      { id: 'p2', sku: 'flw-001' },
      { id: 'p3', sku: 'Flw-001' },
      { id: 'p4', sku: 'PRE-É-1' },
      { id: 'p5', sku: null },
    ];
    for (const row of stored) await m.insert('products', { ...row, dispensary_id: 'shop', tax_class_id: 1 });

    await m.migrated(59);

    expect(await products()).toEqual(stored);
    expect(await indexes()).toEqual(expect.arrayContaining(['products_dispensary_sku', 'products_dispensary_sku_key']));
    // The same SKU in the same case is still refused by the database itself.
    const again = m.insert('products', { id: 'p6', dispensary_id: 'shop', sku: 'FLW-001', tax_class_id: 1 });
    await expect(again).rejects.toThrow();
    // The key the index holds is the code's (`skuKey`): ASCII letters in any case, others as they are.
    const withKey = async (key: string) =>
      (
        await sql<{
          id: string;
        }>`SELECT id FROM products WHERE ${(TEST_ENGINE === 'sqlite' ? sqliteDialect : postgresDialect).asciiLower('sku')} = ${key} ORDER BY id`.execute(
          m.db,
        )
      ).rows.map((row) => row.id);
    expect(await withKey(skuKey('fLW-001'))).toEqual(['p1', 'p2', 'p3']);
    expect(await withKey(skuKey('pre-É-1'))).toEqual(['p4']);
    expect(await withKey('pre-é-1')).toEqual([]);
  });
});
