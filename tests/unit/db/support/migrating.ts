import type Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteDialect } from '../../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../../electron/server/db/migrations/index.js';
import { migrate } from '../../../../electron/server/db/migrator.js';
import { insertFilled } from './fill-row.js';

/** Runs the migrations on `conn` up to version `upTo` (those already run are skipped), as a store upgrading does. */
export async function migratedTo(conn: Database.Database, upTo: number): Promise<void> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
  await migrate(db, 'sqlite', sqliteDialect, MIGRATIONS.slice(0, upTo));
}

/** Organization `org` and its store `shop` (address 1): what a migration test's rows hang from. */
export function insertShop(conn: Database.Database): void {
  insertFilled(conn, 'organizations', { id: 'org' });
  insertFilled(conn, 'addresses', { id: 1 });
  insertFilled(conn, 'dispensaries', { id: 'shop', organization_id: 'org', short_name: 'shop', address_id: 1 });
}
