// node --import tsx tests/bench/replica-tickets-bench.ts — does a read replica slow the registers?
// `npm run bench:tickets` (its figures as it prints them) on one PostgreSQL main cluster, as in
// production (fsync and synchronous commits on, wal_level=replica), three times on a new database
// each: with no replica, with an asynchronous streaming replica attached (pg_basebackup -R, as
// tests/support/postgres-replica.ts makes one), and with that replica synchronous
// (synchronous_standby_names, every commit waits for it). BENCH_DURATION=N seconds per measure
// (default 5 here); the SQLite half of bench:tickets runs too, as a yardstick of the machine's load.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runAs, startThrowawayCluster } from '../support/postgres-cluster.js';
import { freePort } from '../support/service-process.js';

const DURATION = process.env.BENCH_DURATION ?? '5';

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** One bench:tickets run on a new database of the main cluster; its figure lines. */
async function ticketsOn(baseUrl: string, name: string): Promise<string> {
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/tickets-bench.ts'], {
    encoding: 'utf8',
    env: { ...process.env, SERVICEPAY_BENCH_DATABASE_URL: url.toString(), BENCH_DURATION: DURATION },
  });
  return run.stdout
    .split('\n')
    .filter((line) => /^(sqlite|postgres)/.test(line))
    .join('\n');
}

const primary = await startThrowawayCluster({ wal_level: 'replica', max_wal_senders: 4 });
const dir = mkdtempSync(join(tmpdir(), 'servicepay-bench-replica-'));
chmodSync(dir, 0o777);
if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
const data = join(dir, 'data');
try {
  console.log(`no replica:\n${await ticketsOn(primary.url, 'bench_alone')}`);
  runAs(primary.bin, 'pg_basebackup', [
    ...['-D', data, '-R', '-X', 'stream', '-c', 'fast'],
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
  ]);
  const port = await freePort();
  const flags = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c max_connections=400`;
  runAs(primary.bin, 'pg_ctl', ['-D', data, '-o', flags, '-l', join(dir, 'server.log'), '-w', 'start']);
  console.log(`asynchronous replica:\n${await ticketsOn(primary.url, 'bench_async')}`);
  await admin(primary.url, `ALTER SYSTEM SET synchronous_standby_names = '*'`);
  await admin(primary.url, 'SELECT pg_reload_conf()');
  console.log(`synchronous replica:\n${await ticketsOn(primary.url, 'bench_sync')}`);
} finally {
  try {
    runAs(primary.bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // Never started.
  }
  rmSync(dir, { recursive: true, force: true });
  await primary.stop();
}
