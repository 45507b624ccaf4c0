import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { tagKey } from '../../../electron/server/catalog/import/package-tags.js';
import { postgresDialect } from '../../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../electron/server/db/migrations/index.js';
import { migrate } from '../../../electron/server/db/migrator.js';
import { freshSchema } from '../../support/postgres-schema.js';
import { postgresUrl, TEST_ENGINE } from '../../support/test-database.js';

// Migration 55 keeps every package's tag as tags are compared (`packages.label_key`: trimmed, ASCII
// letters in upper case, as `tagKey` says), filled for the packages there are and kept by the
// database on every later write of a label, whoever writes it. Two packages whose tags differ only
// in case already (stored before the rule) keep both: the migration does not fail on them.
type Row = Record<string, string | number | null>;
let db: Kysely<unknown>;
let done: () => Promise<void> = async () => undefined;
afterEach(() => done());

async function open(): Promise<void> {
  if (TEST_ENGINE === 'sqlite') {
    const conn = new Database(':memory:');
    conn.pragma('foreign_keys = ON');
    db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
    done = () => db.destroy();
    return;
  }
  const schema = await freshSchema(postgresUrl());
  db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url }) }) });
  done = async () => {
    await db.destroy();
    await schema.drop();
  };
}

const migrated = (upTo: number) =>
  migrate(
    db,
    TEST_ENGINE,
    TEST_ENGINE === 'sqlite' ? sqliteDialect : postgresDialect,
    MIGRATIONS.filter((m) => m.version <= upTo),
  );

/** The NOT NULL columns of `table` without a default, with their types. */
async function required(table: string): Promise<{ name: string; type: string }[]> {
  const query =
    TEST_ENGINE === 'sqlite'
      ? sql<{ name: string; type: string }>`
          SELECT name, type FROM pragma_table_info(${table}) WHERE "notnull" = 1 AND dflt_value IS NULL AND pk = 0`
      : sql<{ name: string; type: string }>`
          SELECT column_name AS name, data_type AS type FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table}
            AND is_nullable = 'NO' AND column_default IS NULL`;
  return (await query.execute(db)).rows;
}

/** Inserts `values`, filling every other NOT NULL column without a default with a value of its type. */
async function insert(table: string, values: Row): Promise<void> {
  const row: Row = { ...values };
  for (const c of await required(table)) {
    if (!(c.name in row)) row[c.name] = /int|real|numeric|double/i.test(c.type) ? 0 : `${table}-${c.name}`;
  }
  const names = Object.keys(row);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    VALUES (${sql.join(names.map((n) => row[n]))})`.execute(db);
}

const keys = async () =>
  (
    await sql<{ id: string; label: string; label_key: string }>`
    SELECT id, label, label_key FROM packages ORDER BY id`.execute(db)
  ).rows;

/** Stored in mixed case, as an import before the rule or a state system's sync wrote them. */
const MIXED = '1a4060300003C35000012345';
const STORED: [string, string][] = [
  ['pk1', MIXED],
  ['pk2', '1A4060300003C35000012345'], // the same tag in upper case: a duplicate by case
  ['pk3', ' 1a4060300003c35000099999\t'],
  ['pk4', ''],
  ['pk5', '1a4-é-ß'], // letters beyond ASCII are kept as they are, by both engines and tagKey
];

async function store(): Promise<void> {
  await insert('organizations', { id: 'org' });
  await insert('addresses', { id: 1 });
  await insert('dispensaries', { id: 'shop', organization_id: 'org', short_name: 'shop', address_id: 1 });
  await insert('tax_classes', { id: 1, dispensary_id: 'shop' });
  await insert('locations', { id: 'floor', dispensary_id: 'shop' });
  for (const [id] of STORED) {
    await insert('products', { id: `p-${id}`, dispensary_id: 'shop', sku: `SKU-${id}`, tax_class_id: 1 });
  }
  for (const [id, label] of STORED) {
    await insert('packages', { id, product_id: `p-${id}`, location_id: 'floor', label });
  }
}

describe(`migration 55 on ${TEST_ENGINE}`, () => {
  it('fills every package’s tag key from 54, keeping both packages of a tag stored in two cases', async () => {
    await open();
    await migrated(54);
    await store();

    await migrated(55);

    expect(await keys()).toEqual(STORED.map(([id, label]) => ({ id, label, label_key: tagKey(label) })));
    expect((await keys()).map((row) => row.label_key)).toEqual([
      '1A4060300003C35000012345',
      '1A4060300003C35000012345',
      '1A4060300003C35000099999',
      '',
      '1A4-é-ß',
    ]);
  });

  it('keeps the key on every later write of a label, whoever writes it; its index replaces the label’s', async () => {
    await open();
    await migrated(55);
    await store();
    expect((await keys()).map((row) => row.label_key)).toEqual(STORED.map(([, label]) => tagKey(label)));

    await sql`UPDATE packages SET label = ${'  1a4060300003c35000077777 '} WHERE id = 'pk4'`.execute(db);
    // A row copied whole with another label (a refresh, a restore) does not keep the copied key.
    await sql`UPDATE packages SET label = 'x1', label_key = 'WRONG' WHERE id = 'pk5'`.execute(db);
    await sql`UPDATE packages SET on_hand_milli = 5000 WHERE id = 'pk1'`.execute(db);
    const rows = await keys();
    expect(rows.find((row) => row.id === 'pk4')!.label_key).toBe('1A4060300003C35000077777');
    expect(rows.find((row) => row.id === 'pk5')!.label_key).toBe('X1');
    expect(rows.find((row) => row.id === 'pk1')!.label_key).toBe('1A4060300003C35000012345');

    const indexes =
      TEST_ENGINE === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'packages'`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = 'packages'`;
    const names = (await indexes.execute(db)).rows.map((row) => row.name);
    expect(names).toContain('packages_label_key');
    expect(names).not.toContain('packages_label');
  });
});
