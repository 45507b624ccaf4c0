import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A test's own database on a PostgreSQL server: a fresh schema, and the URL whose connections use
 * it. Plain Node (no test runner's API), so vitest's integration tests and Playwright's workers
 * share it.
 */
export interface TestSchema {
  /** The server's URL with its connections' search_path set to the schema. */
  url: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** Every schema a test makes starts with this (a run's teardown drops them). */
export const TEST_SCHEMA_PREFIX = 'servicepay_test_';

/** `url` with its connections' search_path set to `schema`. */
export function withSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** Runs one statement on the server of `url` on a connection of its own. */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new empty schema on the server of `baseUrl` (the service migrates it on start). */
export async function freshSchema(baseUrl: string): Promise<TestSchema> {
  const schema = `${TEST_SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE SCHEMA ${schema}`);
  return {
    url: withSchema(baseUrl, schema),
    drop: () => adminQuery(baseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
