import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { lsnBytes, walReached } from '../../electron/server/reports/replica-lag.js';
import { runAs, startThrowawayCluster, type ThrowawayCluster } from './postgres-cluster.js';
import { freePort } from './service-process.js';

/**
 * What a main database needs to be streamed from: WAL for a standby and senders for it (the
 * replication lines of pg_hba are initdb's own: trust from 127.0.0.1 and the socket). No fsync,
 * as the tests' other clusters; full-page writes stay on, which a base backup relies on.
 */
const PRIMARY_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  wal_level: 'replica',
  max_wal_senders: 4,
  shared_buffers: '32MB',
  max_connections: 100,
};

/** A throwaway main database and a real streaming replica of it, for one test file. */
export interface PrimaryWithReplica {
  primary: ThrowawayCluster;
  /** The replica's server (`postgres` database). */
  replicaUrl: string;
  /** `url` of the primary (any database of it) as the same database on the replica. */
  onReplica(url: string): string;
  /**
   * Waits until the replica has replayed everything the primary wrote so far, commits made with
   * synchronous_commit off included (its insert position: a converging state).
   */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops replaying (`pg_wal_replay_pause()`): the replica falls behind while the primary writes. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica's server (its data kept) and starts it again. */
  stopReplica(): void;
  startReplica(): void;
  /** Promotes the replica to a primary of its own (`pg_promote()`): it no longer follows. */
  promote(): Promise<void>;
  /** Runs one query on the replica's server, `postgres` database, or on `url`. */
  replicaQuery<R extends object>(text: string, url?: string): Promise<R[]>;
  primaryQuery<R extends object>(text: string, url?: string): Promise<R[]>;
  stop(): Promise<void>;
}

async function query<R extends object>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** `url` on another port of the same host. */
function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
}

/**
 * A main cluster and its streaming replica, made as an administrator would: `pg_basebackup -R`
 * (standby.signal and primary_conninfo written for us) into a second temporary folder, started
 * as a hot standby on a port of its own. About two seconds; deleted when stopped. `settings`
 * change both servers' (a benchmark's: fsync on, bigger buffers).
 */
export async function startPrimaryWithReplica(
  settings: Record<string, string | number> = {},
): Promise<PrimaryWithReplica> {
  const both = { ...PRIMARY_SETTINGS, ...settings };
  const primary = await startThrowawayCluster(both);
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-pg-replica-'));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  const { bin } = primary;
  try {
    runAs(bin, 'pg_basebackup', [
      ...['-D', data, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ]);
  } catch (error) {
    await primary.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  // A hot standby needs at least the primary's max_connections.
  const flags = Object.entries({
    ...both,
    port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
  })
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const startReplica = () =>
    runAs(bin, 'pg_ctl', ['-D', data, '-o', flags, '-l', join(dir, 'server.log'), '-w', 'start']);
  const stopReplica = () => runAs(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  startReplica();
  const replicaUrl = withPort(primary.url, port);
  const onReplica = (url: string) => withPort(url, port);

  return {
    primary,
    replicaUrl,
    onReplica,
    async caughtUp(timeoutMs = 10_000) {
      const [row] = await query<{ lsn: string }>(primary.url, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
      const position = lsnBytes(row!.lsn);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [replica] = await query<{ lsn: string }>(replicaUrl, 'SELECT pg_last_wal_replay_lsn()::text AS lsn');
        if (walReached(lsnBytes(replica!.lsn), position)) return;
        if (Date.now() > deadline) throw new Error(`the replica did not replay up to ${row!.lsn} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    pauseReplay: async () => void (await query(replicaUrl, 'SELECT pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query(replicaUrl, 'SELECT pg_wal_replay_resume()')),
    stopReplica,
    startReplica,
    promote: async () => void (await query(replicaUrl, 'SELECT pg_promote(true, 30)')),
    replicaQuery: (text, url = replicaUrl) => query(onReplica(url), text),
    primaryQuery: (text, url = primary.url) => query(url, text),
    async stop() {
      try {
        runAs(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped by the test.
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await primary.stop();
      }
    },
  };
}
