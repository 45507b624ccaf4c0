import { testPostgres } from '../../support/postgres-cluster.js';
import { freshSchema } from '../../support/postgres-schema.js';

/** The database engines the service runs on: a register's SQLite, or a store server's PostgreSQL. */
export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/** A PostgreSQL database of one worker's service: the `serve` arguments naming it, and its clean-up. */
export interface ServiceDatabase {
  args: string[];
  close(): Promise<void>;
}

/**
 * A database of its own for a service on PostgreSQL (README "Running a store server"): a fresh
 * schema on the server of SERVICEPAY_TEST_DATABASE_URL, or on a throwaway cluster started for it
 * (tests/support/postgres-cluster.ts; installs PostgreSQL where it can). `close` drops the schema
 * and stops the cluster.
 */
export async function postgresDatabase(): Promise<ServiceDatabase> {
  const server = await testPostgres();
  try {
    const schema = await freshSchema(server.url);
    return {
      args: ['--database', schema.url],
      close: async () => {
        try {
          await schema.drop();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
