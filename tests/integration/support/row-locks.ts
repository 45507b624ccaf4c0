import pg from 'pg';
import { expect } from 'vitest';

/** The backend that `holder` keeps waiting for a lock, once one is blocked by it. */
export async function blockedBy(admin: pg.Client, holder: pg.Client): Promise<number> {
  const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  let blocked: number | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await admin.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
          [holderPid],
        );
        blocked = rows[0]?.pid;
        return blocked;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return blocked!;
}

/**
 * What `client` gets when it asks for `lock` on a row without waiting, in a transaction of its own
 * rolled back at once: 'granted', or 'busy' when another transaction holds a lock in its way.
 */
export async function lockNow(
  client: pg.Client,
  table: 'products' | 'packages' | 'dispensaries' | 'organizations' | 'orders' | 'customers',
  id: string,
  lock: 'FOR KEY SHARE' | 'FOR NO KEY UPDATE',
): Promise<string> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT 1 FROM ${table} WHERE id = $1 ${lock} NOWAIT`, [id]);
    return 'granted';
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return 'busy';
    throw error;
  } finally {
    await client.query('ROLLBACK');
  }
}
