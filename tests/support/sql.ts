import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';

/**
 * Tests' own SQL on a service's database, written once for both engines with Kysely's `sql`
 * template (values become parameters). Quote camelCase aliases: PostgreSQL folds unquoted names.
 */
export function queryRows<T>(app: FastifyInstance, query: RawBuilder<T>): Promise<T[]> {
  const { db } = app.ctx;
  return db.all(query.compile(db.builder));
}

/** The first row of a test query, or undefined. */
export async function queryRow<T>(app: FastifyInstance, query: RawBuilder<T>): Promise<T | undefined> {
  return (await queryRows(app, query))[0];
}

/** Runs a test's set-up write in its own durable transaction; resolves with the rows changed. */
export function execute(app: FastifyInstance, query: RawBuilder<unknown>): Promise<number> {
  const { db } = app.ctx;
  return db.write((tx) => tx.run(query.compile(db.builder)));
}
