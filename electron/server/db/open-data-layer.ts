import { invalidInput } from '../../../shared/errors.js';
import type { DataLayer } from './data-layer.js';
import { openSqlite } from './sqlite/sqlite-data-layer.js';

/** Where one service instance (or the CLI) keeps its data. */
export interface DatabaseLocation {
  /** A `postgres://` (or `postgresql://`) URL: the store or chain server's database. */
  database?: string;
  /** Otherwise the folder of the register's SQLite file, or ':memory:'. */
  dataDir: string;
  /** Most PostgreSQL connections of this process. */
  poolSize?: number;
  /** Where background connection problems are reported. */
  onError?: (error: unknown) => void;
  /** Hear other service instances' notifications (default true; a one-off command need not). */
  listen?: boolean;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** True when `value` is a database URL this service can use. */
export function isDatabaseUrl(value: string): boolean {
  return POSTGRES_URL.test(value);
}

/**
 * Opens the data layer of `location`, migrated to this build's schema: PostgreSQL when a URL is
 * given, else the register's embedded SQLite. The PostgreSQL data layer (and the pg driver) is
 * loaded only then: a register's service never reads it.
 */
export async function openDataLayer(location: DatabaseLocation): Promise<DataLayer> {
  if (location.database !== undefined) {
    if (!isDatabaseUrl(location.database)) {
      // A refusal in words (the command prints it as it is), never a stack trace.
      throw invalidInput(
        '--database',
        `takes a postgres:// URL (postgres://user:password@host:5432/name), not "${location.database}"; ` +
          "a register's SQLite file is chosen with --data DIR",
      );
    }
    const { poolSize, onError, listen } = location;
    const { openPostgres } = await import('./postgres/postgres-data-layer.js');
    return openPostgres(location.database, { poolSize, onError, listen });
  }
  return openSqlite(location.dataDir);
}
