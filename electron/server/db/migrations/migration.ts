import type { Kysely } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { ColumnTypes } from '../dialects/dialect.js';

/** What a migration gets: a builder on its transaction, the engine's column types and the engine. */
export interface MigrationContext {
  /** Kysely over the migration's transaction; only its schema builder and `sql` are used. */
  db: Kysely<unknown>;
  types: ColumnTypes;
  engine: EngineKind;
}

/**
 * One versioned schema change, written once for both engines with Kysely's schema builder. Never
 * edit a migration that has shipped: add the next one.
 */
export interface Migration {
  version: number;
  name: string;
  /**
   * The migration rebuilds a table SQLite cannot alter in place (a constraint dropped): on SQLite its
   * transaction runs with foreign keys off, as SQLite's own procedure for it asks, and every foreign
   * key is checked before it commits (a violation rolls it back). Nothing changes on PostgreSQL.
   */
  rebuildsTables?: boolean;
  up(context: MigrationContext): Promise<void>;
}
