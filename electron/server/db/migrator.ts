import { sql, type Kysely } from 'kysely';
import type { EngineKind } from './data-layer.js';
import type { Dialect } from './dialects/dialect.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';

/** The database was migrated by a newer build: running this one on it could corrupt it. */
export class SchemaTooNewError extends Error {
  constructor(found: number, known: number) {
    super(
      `the database's schema is version ${found}, newer than this build of ServicePay knows (${known}); ` +
        'upgrade ServicePay, or point it at another database',
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Applies every migration the database has not had yet, each in its own transaction that also
 * records it in `schema_migrations`, holding off other processes migrating the same database
 * (dialect.beginMigration). Refuses a database whose schema is newer than `migrations` know.
 * Returns how many were applied.
 */
export async function migrate(
  db: Kysely<unknown>,
  engine: EngineKind,
  dialect: Dialect,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => Date = () => new Date(),
): Promise<number> {
  const known = migrations[migrations.length - 1]?.version ?? 0;
  return db.connection().execute(async (conn) => {
    if (await upToDate(conn, dialect, migrations, known, now)) return 0;
    let applied = 0;
    for (const migration of migrations) {
      const rebuild = migration.rebuildsTables === true;
      if (rebuild) await dialect.foreignKeysForRebuild(conn, 'off');
      await dialect.beginMigration(conn);
      try {
        const done = await appliedVersions(conn, dialect, migrations, now);
        const newest = Math.max(0, ...done);
        if (newest > known) throw new SchemaTooNewError(newest, known);
        if (!done.has(migration.version)) {
          await migration.up({ db: conn, types: dialect.types, engine });
          if (rebuild) await dialect.foreignKeysForRebuild(conn, 'check');
          await record(conn, migration, now);
          applied += 1;
        }
        await sql`COMMIT`.execute(conn);
      } catch (error) {
        await sql`ROLLBACK`.execute(conn);
        throw error;
      } finally {
        if (rebuild) await dialect.foreignKeysForRebuild(conn, 'on');
      }
    }
    return applied;
  });
}

/**
 * Whether every migration is applied already, as at nearly every start, read in one transaction
 * instead of one per migration (four statements instead of two hundred: the tests start hundreds of
 * services); refuses a database whose schema is newer than `migrations` know.
 */
async function upToDate(
  conn: Kysely<unknown>,
  dialect: Dialect,
  migrations: readonly Migration[],
  known: number,
  now: () => Date,
): Promise<boolean> {
  let done: Set<number>;
  await dialect.beginMigration(conn);
  try {
    done = await appliedVersions(conn, dialect, migrations, now);
    await sql`COMMIT`.execute(conn);
  } catch (error) {
    await sql`ROLLBACK`.execute(conn);
    throw error;
  }
  const newest = Math.max(0, ...done);
  if (newest > known) throw new SchemaTooNewError(newest, known);
  return migrations.every((migration) => done.has(migration.version));
}

/**
 * The versions applied so far. Creates `schema_migrations` on first use; a register made before it
 * existed has its older migrations recorded from the engine's own counter.
 */
async function appliedVersions(
  conn: Kysely<unknown>,
  dialect: Dialect,
  migrations: readonly Migration[],
  now: () => Date,
): Promise<Set<number>> {
  await conn.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('version', dialect.types.integer, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations`.execute(conn);
  const done = new Set(rows.map((row) => Number(row.version)));
  if (done.size === 0) {
    const legacy = await dialect.legacySchemaVersion(conn);
    for (const migration of migrations.filter((m) => m.version <= legacy)) {
      await record(conn, migration, now);
      done.add(migration.version);
    }
  }
  return done;
}

async function record(conn: Kysely<unknown>, migration: Migration, now: () => Date): Promise<void> {
  await sql`INSERT INTO schema_migrations (version, name, applied_at)
    VALUES (${migration.version}, ${migration.name}, ${now().toISOString()})`.execute(conn);
}
