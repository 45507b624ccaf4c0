import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { freshSchema } from './postgres-schema.js';

/** The engine the integration tests run on: `SERVICEPAY_TEST_ENGINE` (each vitest project sets it). */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  process.env.SERVICEPAY_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** One test's own empty database, on the engine under test. */
export interface TestDatabase {
  /** What buildApp needs: `database` (PostgreSQL) or `dataDir` (SQLite). */
  config: { database?: string; dataDir: string };
  /** The CLI's and `npm run serve`'s arguments for the same database. */
  args: string[];
  /** Deletes it (the schema, or the SQLite folder). */
  drop(): Promise<void>;
}

/** The PostgreSQL server of this run (the project's global setup started it or took it from the env). */
export function postgresUrl(): string {
  const url = process.env.SERVICEPAY_TEST_DATABASE_URL ?? inject('databaseUrl');
  if (!url) throw new Error('no PostgreSQL for the tests: run them through vitest (its global setup starts one)');
  return url;
}

/**
 * A fresh database on the engine under test: on PostgreSQL a new schema of the test server (the
 * service migrates it on start), on SQLite a new folder, or memory when `onDisk` is false.
 */
export async function freshDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_ENGINE === 'postgres') {
    const schema = await freshSchema(postgresUrl());
    return {
      config: { database: schema.url, dataDir: ':memory:' },
      args: ['--database', schema.url],
      drop: schema.drop,
    };
  }
  if (options.onDisk === false) return { config: { dataDir: ':memory:' }, args: [], drop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-test-'));
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
