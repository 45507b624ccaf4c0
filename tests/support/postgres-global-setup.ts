import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testPostgres } from './postgres-cluster.js';
import { TEST_SCHEMA_PREFIX } from './postgres-schema.js';

/** Drops the schemas and databases tests made (each test's own database) on a server that outlives the run. */
async function dropTestSchemas(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schemas = await client.query<{ name: string }>(
      'SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { name } of schemas.rows) await client.query(`DROP SCHEMA ${pg.escapeIdentifier(name)} CASCADE`);
    const databases = await client.query<{ name: string }>(
      'SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)',
      [TEST_SCHEMA_PREFIX],
    );
    for (const { name } of databases.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Global setup of the integration tests on PostgreSQL: a throwaway cluster for the run (or the
 * server of SERVICEPAY_TEST_DATABASE_URL), stopped, or cleared of the tests' schemas, when it ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await testPostgres();
  project.provide('databaseUrl', server.url);
  return async () => {
    if (process.env.SERVICEPAY_TEST_DATABASE_URL) await dropTestSchemas(server.url);
    await server.stop();
  };
}
