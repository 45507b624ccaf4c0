import pg from 'pg';
import type { StatementResult } from '../query.js';
import { ServicePayError } from '../../../../shared/errors.js';

/** PostgreSQL type ids whose text the service reads as JavaScript numbers. */
const INT8 = 20;
const NUMERIC = 1700;

function toNumber(text: string): number {
  const value = Number(text);
  // Cents, thousandths and counts stay far below 2^53; a larger value would be silently wrong.
  if (!Number.isSafeInteger(value) && Number.isInteger(value)) throw new RangeError(`${text} is too large to count`);
  return value;
}

/**
 * bigint columns (cents, thousandths) and sums or counts come back as numbers, like SQLite's
 * integers; every other type keeps pg's own parser. Scoped to our connections, not pg's globals.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 || oid === NUMERIC
      ? toNumber
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connection settings for one database URL. */
export function connectionConfig(url: string): pg.ClientConfig {
  return { connectionString: url, types, application_name: 'servicepay' };
}

export { DatabaseUnreachableError, describeUrl } from './database-unreachable.js';

/**
 * A write the server refused for other writes to the same rows (`isRetryable`) at each of its tries:
 * nothing of it was kept, and the request can be sent again.
 */
export function tooBusy(cause: unknown): ServicePayError {
  return new ServicePayError(
    'UNAVAILABLE',
    'other requests were changing the same records at the same moment, and nothing of this one was saved; send it again',
    { cause, retryAfterSeconds: 1 },
  );
}

/** SQLSTATEs after which a write transaction is simply run again: serialization failure, deadlock. */
export function isRetryable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40001' || code === '40P01';
}

/** A statement's answer as the data layer gives it: its rows and how many rows it changed. */
export function statementResult(result: pg.QueryResult): StatementResult {
  return { rows: result.rows as unknown[], changes: result.rowCount ?? 0 };
}

/**
 * `work` in one transaction on a connection of `pool`, begun by `begin` ('BEGIN', or a read-only
 * one): committed when it resolves, rolled back when it throws. A connection whose rollback fails
 * is dropped from the pool rather than handed to the next caller.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
