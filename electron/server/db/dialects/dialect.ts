import type { ColumnDataType, ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

/**
 * Where the two engines differ, in one place (one file per engine, chosen once at start).
 * Everything else — upserts (`ON CONFLICT`), `RETURNING`, conditional updates — is written once.
 */
export interface Dialect {
  /**
   * Locks the rows a select reads until the write transaction ends (PostgreSQL `FOR UPDATE`), so a
   * read-check-write sequence is safe against other service instances. SQLite's writer already
   * holds the whole database, so there it changes nothing. For rows the write may delete (or whose
   * key it may change); any other lock is `forNoKeyUpdate`, which keeps the same writers in turn
   * without making other writes' foreign keys to the rows wait (a product saved while the store's
   * row is held would otherwise hold up every sale's order, which points at the store).
   */
  forUpdate<Q extends Lockable<Q>>(query: Q): Q;
  /**
   * Locks the rows a select reads as an UPDATE of them would (PostgreSQL `FOR NO KEY UPDATE`, which
   * lets other writes' foreign keys point at them), in the select's order: writes that update the
   * same rows, each after such a select ordered by key, lock them in one order and never deadlock.
   * Nothing on SQLite, whose writer holds the whole database. `of` names the table (its alias) of a
   * join whose rows are locked; without it every joined table's rows are, and a join's other rows
   * locked too would make another write's foreign key to them wait (`FOR KEY SHARE`).
   */
  forNoKeyUpdate<Q extends Lockable<Q>>(query: Q, of?: string): Q;
  /**
   * `column` (a reference such as `p.dispensary_id`) as a value no index is looked up by: SQLite's
   * unary `+`; as it is on PostgreSQL, which plans by its statistics. For a condition that only
   * guards a lookup by keys: SQLite keeps no statistics and would drive the query by an index on it
   * (a dispensary's whole catalog) rather than by the 20 primary keys of a ticket's lines.
   */
  unindexed(column: string): RawBuilder<unknown>;
  /**
   * `column` (a reference such as `p.sku`) with its ASCII letters in lower case and every other
   * character as it is: SQLite's `lower`, PostgreSQL's under the "C" collation (whose `lower` would
   * otherwise follow the database's locale). Written as an index on it is (migration 59's SKUs, 74's
   * customers' emails), so a lookup by it reads the index.
   */
  asciiLower(column: string): RawBuilder<string>;
  /**
   * True when `error` is the engine refusing a row because a UNIQUE or PRIMARY KEY value is taken;
   * with `columns`, only when the key taken is made of exactly those columns, in order.
   */
  isUniqueViolation(error: unknown, columns?: readonly string[]): boolean;
  /** True when `error` is any integrity constraint refusing a write (unique, check, foreign key…). */
  isConstraintViolation(error: unknown): boolean;
  /** Column types of migrations. */
  readonly types: ColumnTypes;
  /**
   * Opens the transaction a migration runs in, on `db`'s one connection, so that two processes
   * starting on the same database apply each migration once.
   */
  beginMigration(db: Kysely<unknown>): Promise<void>;
  /**
   * Around a migration that rebuilds tables (`Migration.rebuildsTables`): `off` before its
   * transaction opens, `check` before it commits (throws naming the rows a foreign key no longer
   * finds), `on` after it ends. SQLite only; nothing on PostgreSQL, which alters tables in place.
   */
  foreignKeysForRebuild(db: Kysely<unknown>, step: 'off' | 'check' | 'on'): Promise<void>;
  /** The schema version of a database made before `schema_migrations` existed (0 when none). */
  legacySchemaVersion(db: Kysely<unknown>): Promise<number>;
}

/** A select that can take a row lock (Kysely's SelectQueryBuilder). */
export interface Lockable<Q> {
  forUpdate(): Q;
  forNoKeyUpdate(of?: string | readonly string[]): Q;
}

/** Column types that are spelled differently by the two engines. */
export interface ColumnTypes {
  /** A 64-bit integer: cents, thousandths, counts (SQLite `integer`, PostgreSQL `bigint`). */
  readonly integer: ColumnDataType;
  /** A double-precision float (SQLite `real`; PostgreSQL's `real` is single precision). */
  readonly float: ColumnDataType;
  /** The type of an auto-increment primary key, and how its column is declared. */
  readonly autoIdType: ColumnDataType;
  autoId(column: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

/** True when `columns` is absent, or names exactly the `found` key's columns, in order. */
export function sameColumns(found: readonly string[], columns: readonly string[] | undefined): boolean {
  return columns === undefined || found.join(',') === columns.join(',');
}
