import { rmSync } from 'node:fs';
import { inject } from 'vitest';
import { freshPostgresDatabase } from './postgres-schema.js';
import { migratedFolder } from './sqlite-template.js';

/** The engine the integration tests run on: `SERVICEPAY_TEST_ENGINE` (each vitest project sets it). */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  process.env.SERVICEPAY_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** One test's own empty database, on the engine under test. */
export interface TestDatabase {
  /** What buildApp needs: `database` (PostgreSQL) or `dataDir` (SQLite). */
  config: { database?: string; dataDir: string };
  /** The CLI's and `npm run serve`'s arguments for the same database. */
  args: string[];
  /** Deletes it (the PostgreSQL database, or the SQLite folder). */
  drop(): Promise<void>;
}

/** The PostgreSQL server of this run (the project's global setup started it or took it from the env). */
export function postgresUrl(): string {
  const url = process.env.SERVICEPAY_TEST_DATABASE_URL ?? inject('databaseUrl');
  if (!url) throw new Error('no PostgreSQL for the tests: run them through vitest (its global setup starts one)');
  return url;
}

/**
 * A fresh database on the engine under test: on PostgreSQL a new database of the test server
 * copied from a migrated template, on SQLite a new folder (a copy of a migrated file), or memory
 * when `onDisk` is false.
 */
export async function freshDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_ENGINE === 'postgres') {
    const database = await freshPostgresDatabase(postgresUrl());
    return {
      config: { database: database.url, dataDir: ':memory:' },
      args: ['--database', database.url],
      drop: database.drop,
    };
  }
  if (options.onDisk === false) return { config: { dataDir: ':memory:' }, args: [], drop: async () => undefined };
  const dir = await migratedFolder();
  return {
    config: { dataDir: dir },
    args: ['--data', dir],
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the postgres project's tests use (empty on the sqlite project). */
    databaseUrl: string;
  }
}
