import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../electron/server/db/migrations/index.js';
import { migrate, SchemaTooNewError } from '../../../electron/server/db/migrator.js';

// The migrator on an in-memory SQLite: what it applies, what it leaves, and what a start of an
// up-to-date database costs (counted in statements, the same on both engines).
let conn: Database.Database;
afterEach(() => conn?.close());

/** A Kysely on `conn` that counts the statements it runs. */
function counted() {
  const seen = { statements: 0 };
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: conn }),
    log: () => {
      seen.statements += 1;
    },
  });
  return { db, seen };
}

const versions = () =>
  (conn.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map(
    (row) => row.version,
  );

describe('migrate', () => {
  it('applies every migration once, then checks an up-to-date database in one transaction', async () => {
    conn = new Database(':memory:');
    const first = counted();
    expect(await migrate(first.db, 'sqlite', sqliteDialect)).toBe(MIGRATIONS.length);
    expect(versions()).toEqual(MIGRATIONS.map((m) => m.version));

    const again = counted();
    expect(await migrate(again.db, 'sqlite', sqliteDialect)).toBe(0);
    // BEGIN, the table made if missing, the versions read, COMMIT.
    expect(again.seen.statements).toBe(4);
    expect(conn.inTransaction).toBe(false);
  });

  it('applies only the migrations a database has not had yet', async () => {
    conn = new Database(':memory:');
    const half = MIGRATIONS.filter((m) => m.version <= 20);
    expect(await migrate(counted().db, 'sqlite', sqliteDialect, half)).toBe(half.length);
    expect(await migrate(counted().db, 'sqlite', sqliteDialect)).toBe(MIGRATIONS.length - half.length);
    expect(versions()).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('refuses a database migrated by a newer build, changing nothing', async () => {
    conn = new Database(':memory:');
    await migrate(counted().db, 'sqlite', sqliteDialect);
    const older = MIGRATIONS.slice(0, -1);
    const refused = migrate(counted().db, 'sqlite', sqliteDialect, older);
    await expect(refused).rejects.toBeInstanceOf(SchemaTooNewError);
    await expect(refused).rejects.toThrow(/newer than this build of ServicePay knows/);
    expect(versions()).toEqual(MIGRATIONS.map((m) => m.version));
    expect(conn.inTransaction).toBe(false);
  });
});
