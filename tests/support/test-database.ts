import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

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

/** Every schema a test makes starts with this (the global teardown drops them). */
export const TEST_SCHEMA_PREFIX = 'servicepay_test_';

/** The PostgreSQL server of this run (the project's global setup started it or took it from the env). */
export function postgresUrl(): string {
  const url = process.env.SERVICEPAY_TEST_DATABASE_URL ?? inject('databaseUrl');
  if (!url) throw new Error('no PostgreSQL for the tests: run them through vitest (its global setup starts one)');
  return url;
}

/** `url` with its connections' search_path set to `schema`. */
export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/**
 * A fresh database on the engine under test: on PostgreSQL a new schema of the test server (the
 * service migrates it on start), on SQLite a new folder, or memory when `onDisk` is false.
 */
export async function freshDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_ENGINE === 'postgres') {
    const base = postgresUrl();
    const schema = `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE SCHEMA ${schema}`);
    const database = withSchema(base, schema);
    return {
      config: { database, dataDir: ':memory:' },
      args: ['--database', database],
      drop: () => adminQuery(base, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
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

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the postgres project's tests use (empty on the sqlite project). */
    databaseUrl: string;
  }
}
