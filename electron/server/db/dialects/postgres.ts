import { sql } from 'kysely';
import { sameColumns, type Dialect } from './dialect.js';

/** PostgreSQL's SQLSTATE for a unique_violation. */
const UNIQUE_VIOLATION = '23505';
/** The advisory lock every service instance takes to migrate (an arbitrary constant of ours). */
const MIGRATION_LOCK = 461_020_251;

function sqlState(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The columns of the key a unique violation's detail names: "Key (a, b)=(1, 2) already exists." */
function keyColumns(error: unknown): string[] {
  const detail = (error as { detail?: unknown }).detail;
  const key = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail) : null;
  return key ? key[1]!.split(', ') : [];
}

/** PostgreSQL: row locks for read-check-write, `bigint`, `double precision`, identity columns. */
export const postgresDialect: Dialect = {
  forUpdate: (query) => query.forUpdate(),
  forNoKeyUpdate: (query, of) => query.forNoKeyUpdate(of),
  unindexed: (column) => sql.ref(column),
  asciiLower: (column) => sql<string>`lower(${sql.ref(column)} COLLATE "C")`,
  isUniqueViolation: (error, columns) =>
    sqlState(error) === UNIQUE_VIOLATION && sameColumns(keyColumns(error), columns),
  // SQLSTATE class 23: integrity constraint violation.
  isConstraintViolation: (error) => sqlState(error)?.startsWith('23') === true,
  types: {
    integer: 'bigint',
    float: 'double precision',
    autoIdType: 'bigint',
    autoId: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
  },
  // Instances starting together queue on a transaction-scoped advisory lock; it ends with the commit.
  beginMigration: async (db) => {
    await sql`BEGIN`.execute(db);
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(db);
  },
  legacySchemaVersion: () => Promise.resolve(0),
  foreignKeysForRebuild: () => Promise.resolve(),
};
