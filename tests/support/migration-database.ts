import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { postgresDialect } from '../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../electron/server/db/migrations/index.js';
import { migrate } from '../../electron/server/db/migrator.js';
import { freshSchema } from './postgres-schema.js';
import { postgresUrl, TEST_ENGINE } from './test-database.js';

/** A row as a migration test writes it: columns by name. */
export type Row = Record<string, string | number | null>;

/**
 * An empty database on the test's engine for a migration's test (an in-memory SQLite, or a fresh
 * PostgreSQL schema): migrated up to a version, then rows written as an older build wrote them, each
 * with every other required column filled, then migrated on.
 */
export class MigrationDatabase {
  db!: Kysely<unknown>;
  private done: () => Promise<void> = async () => undefined;

  async open(): Promise<void> {
    if (TEST_ENGINE === 'sqlite') {
      const conn = new Database(':memory:');
      conn.pragma('foreign_keys = ON');
      this.db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
      this.done = () => this.db.destroy();
      return;
    }
    const schema = await freshSchema(postgresUrl());
    this.db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url }) }),
    });
    this.done = async () => {
      await this.db.destroy();
      await schema.drop();
    };
  }

  /** Closes it (and drops PostgreSQL's schema); nothing when it was not opened. */
  async close(): Promise<void> {
    const done = this.done;
    this.done = async () => undefined;
    await done();
  }

  /** Applies the migrations up to `upTo`. */
  migrated(upTo: number): Promise<number> {
    return migrate(
      this.db,
      TEST_ENGINE,
      TEST_ENGINE === 'sqlite' ? sqliteDialect : postgresDialect,
      MIGRATIONS.filter((m) => m.version <= upTo),
    );
  }

  /** Inserts `values`, filling every other NOT NULL column without a default with a value of its type. */
  async insert(table: string, values: Row): Promise<void> {
    const row: Row = { ...values };
    for (const c of await this.required(table)) {
      if (!(c.name in row)) row[c.name] = /int|real|numeric|double/i.test(c.type) ? 0 : `${table}-${c.name}`;
    }
    const names = Object.keys(row);
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
      VALUES (${sql.join(names.map((n) => row[n]))})`.execute(this.db);
  }

  /** The names of `table`'s indexes. */
  async indexes(table: string): Promise<string[]> {
    const query =
      TEST_ENGINE === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ${table}`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE schemaname = current_schema() AND tablename = ${table}`;
    return (await query.execute(this.db)).rows.map((row) => row.name);
  }

  /**
   * How the engine reads `query`: SQLite's plan, or PostgreSQL's as it would be on a store's many
   * rows (a few rows are read fastest from the table, so its scans of the whole table are off).
   */
  async plan(query: { sql: string; parameters: readonly unknown[] }): Promise<string> {
    if (TEST_ENGINE === 'sqlite') {
      const rows = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${sql.raw(inline(query))}`.execute(this.db);
      return rows.rows.map((row) => row.detail).join('\n');
    }
    return this.db.connection().execute(async (db: Kysely<unknown>) => {
      await sql`SET enable_seqscan = off`.execute(db);
      await sql`SET enable_bitmapscan = off`.execute(db);
      const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${sql.raw(inline(query))}`.execute(db);
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  /** A store `shop` of organization `org`, its tax class 1 and its location `floor`. */
  async store(): Promise<void> {
    await this.insert('organizations', { id: 'org' });
    await this.insert('addresses', { id: 1 });
    await this.insert('dispensaries', { id: 'shop', organization_id: 'org', short_name: 'shop', address_id: 1 });
    await this.insert('tax_classes', { id: 1, dispensary_id: 'shop' });
    await this.insert('locations', { id: 'floor', dispensary_id: 'shop' });
  }

  /** The NOT NULL columns of `table` without a default, with their types. */
  private async required(table: string): Promise<{ name: string; type: string }[]> {
    const query =
      TEST_ENGINE === 'sqlite'
        ? sql<{ name: string; type: string }>`
            SELECT name, type FROM pragma_table_info(${table}) WHERE "notnull" = 1 AND dflt_value IS NULL AND pk = 0`
        : sql<{ name: string; type: string }>`
            SELECT column_name AS name, data_type AS type FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = ${table}
              AND is_nullable = 'NO' AND column_default IS NULL`;
    return (await query.execute(this.db)).rows;
  }
}

/** The query with its parameters written in (they are a test's own strings and numbers). */
function inline({ sql: text, parameters }: { sql: string; parameters: readonly unknown[] }): string {
  let at = 0;
  const value = (parameter: unknown) => (typeof parameter === 'number' ? String(parameter) : `'${String(parameter)}'`);
  return text.replace(/\?|\$\d+/g, (mark) => value(parameters[mark === '?' ? at++ : Number(mark.slice(1)) - 1]));
}
