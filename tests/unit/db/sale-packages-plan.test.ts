import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesOfProducts, packagesWithIds } from '../../../electron/server/catalog/package-rows.js';
import { postgresDialect } from '../../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../electron/server/db/migrations/index.js';
import { migrate } from '../../../electron/server/db/migrator.js';
import type { Builder } from '../../../electron/server/db/query.js';

// A sale reads its lines' packages by their products' keys. SQLite keeps no statistics, and took
// the store's index (products_by_name: every product of the store) for `dispensary_id = ?` over 20
// primary keys: 0.2 ms for 440 products, growing with the catalog. The dispensary only guards
// (`Dialect.unindexed`), so the plan follows the keys whatever the catalog's size.
// One migrated schema for the file: the plans only read it.
let conn: Database.Database;
let k: Builder;
beforeAll(async () => {
  conn = new Database(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
  await migrate(db, 'sqlite', sqliteDialect, MIGRATIONS);
  k = db as unknown as Builder;
});
afterAll(() => conn.close());

const ids = (count: number) => Array.from({ length: count }, (_, index) => `id-${index}`);

function plan(query: { compile(): { sql: string; parameters: readonly unknown[] } }): string {
  const { sql, parameters } = query.compile();
  const rows = conn.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[];
  return rows.map((row) => row.detail).join('\n');
}

describe("a sale's packages on SQLite", () => {
  it.each([1, 3, 20])("are found by their products' keys (%i of them), never through the store's catalog", (count) => {
    const found = plan(packagesOfProducts(k, sqliteDialect, 'store', 'location', ids(count)));
    expect(found).toMatch(/SEARCH p USING INDEX sqlite_autoindex_products_1 \(id=\?\)/);
    expect(found).toMatch(/SEARCH k USING INDEX packages_product \(product_id=\? AND location_id=\?\)/);
    expect(found).not.toMatch(/products_by_name|SCAN p\b/);
  });

  it('are found by their own keys when named by package', () => {
    const found = plan(packagesWithIds(k, sqliteDialect, 'store', ids(20)));
    expect(found).toMatch(/SEARCH k USING INTEGER PRIMARY KEY|SEARCH k USING INDEX sqlite_autoindex_packages_1/);
    expect(found).not.toMatch(/products_by_name|SCAN p\b/);
  });

  it('still belong to the store: the guard stays in the query, on PostgreSQL as it is', () => {
    const sqlite = packagesOfProducts(k, sqliteDialect, 'store', 'location', ids(2)).compile();
    expect(sqlite.sql).toMatch(/and \+"p"\."dispensary_id" = \?/);
    expect(sqlite.parameters).toContain('store');
    const postgres = packagesOfProducts(k, postgresDialect, 'store', 'location', ids(2)).compile();
    expect(postgres.sql).toMatch(/and "p"\."dispensary_id" = \?/);
  });
});
