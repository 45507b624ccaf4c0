import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { sameColumns, type Dialect } from './dialect.js';

/** The columns of the key a SQLite constraint message names, without their table. */
const keyColumns = (message: string) =>
  (message.split(': ')[1] ?? '').split(', ').map((column) => column.slice(column.indexOf('.') + 1));

/** SQLite: one writer at a time, 64-bit `integer`, `real` doubles, rowid aliases for auto ids. */
export const sqliteDialect: Dialect = {
  forUpdate: (query) => query,
  forNoKeyUpdate: (query) => query,
  unindexed: (column) => sql`+${sql.ref(column)}`,
  asciiLower: (column) => sql<string>`lower(${sql.ref(column)})`,
  isUniqueViolation: (error, columns) =>
    error instanceof Database.SqliteError &&
    (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') &&
    // "UNIQUE constraint failed: orders.dispensary_id, orders.order_number"
    sameColumns(keyColumns(error.message), columns),
  isConstraintViolation: (error) => error instanceof Database.SqliteError && error.code.startsWith('SQLITE_CONSTRAINT'),
  types: {
    integer: 'integer',
    float: 'real',
    autoIdType: 'integer',
    autoId: (column) => column.primaryKey().autoIncrement(),
  },
  // IMMEDIATE takes the write lock at once: a second process waits (busy_timeout) instead of
  // failing when its read transaction would have to become a write.
  beginMigration: async (db) => {
    await sql`BEGIN IMMEDIATE`.execute(db);
  },
  // PRAGMA foreign_keys changes nothing inside a transaction: it is set around the migration's.
  foreignKeysForRebuild: async (db, step) => {
    if (step !== 'check') {
      await sql.raw(`PRAGMA foreign_keys = ${step === 'off' ? 'OFF' : 'ON'}`).execute(db);
      return;
    }
    const { rows } = await sql<{ table: string; rowid: number; parent: string }>`PRAGMA foreign_key_check`.execute(db);
    if (rows.length > 0) {
      const first = rows[0]!;
      throw new Error(
        `rebuilding left ${rows.length} row(s) whose foreign key finds nothing (first: ${first.table} row ${first.rowid}, referring to ${first.parent})`,
      );
    }
  },
  // Registers made before schema_migrations counted their migrations in the file header.
  legacySchemaVersion: async (db) => {
    const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
    return rows[0]?.user_version ?? 0;
  },
};
