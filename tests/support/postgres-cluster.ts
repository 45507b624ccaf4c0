import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './service-process.js';

/** A PostgreSQL server for tests and benchmarks: its URL and how to stop it. */
export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';

/** The bin folder of the newest PostgreSQL installed from Debian's packages, if any. */
function pgBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((name) => existsSync(join(PG_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(PG_ROOT, versions[0], 'bin');
}

const isRoot = () => process.getuid?.() === 0;

/**
 * PostgreSQL's server programs, installed with apt when missing (Debian or Ubuntu, as root), as
 * `npm test` finds or installs Chromium. Throws with what to do when it cannot.
 */
export function ensurePostgres(): string {
  const found = pgBin();
  if (found) return found;
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'PostgreSQL is not installed: install it (Debian/Ubuntu: apt-get install -y postgresql) ' +
        'or set SERVICEPAY_TEST_DATABASE_URL to a database the tests may use',
    );
  }
  process.stderr.write('Installing PostgreSQL for the tests (apt-get install -y postgresql)…\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: 'inherit',
    env,
  });
  const bin = pgBin();
  if (install.status !== 0 || !bin) throw new Error('apt-get install -y postgresql failed');
  return bin;
}

/** Runs a PostgreSQL program as the `postgres` user when we are root (initdb refuses root). */
export function runAs(bin: string, program: string, args: string[]): void {
  const command = join(bin, program);
  if (isRoot()) {
    const quoted = [command, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: ['ignore', 'ignore', 'inherit'] });
  } else {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

/** A throwaway cluster's own files, for a test that works on the cluster itself (./postgres-replica.ts). */
export interface ThrowawayCluster extends PostgresServer {
  /** PostgreSQL's bin folder. */
  bin: string;
  /** The temporary folder: the data folder, the log and the socket. */
  dir: string;
  /** The data folder. */
  data: string;
  port: number;
  /** The server's `-c` settings, as it was started with them. */
  flags: string;
}

/**
 * A throwaway cluster in a temporary folder on a free port of 127.0.0.1 (TOOLCHAIN.md): trust
 * authentication for the `postgres` user, deleted when stopped. Fsync and synchronous commits are
 * on (as in production, which the benchmarks measure) unless `settings` says otherwise.
 */
export async function startThrowawayCluster(settings: Record<string, string | number> = {}): Promise<ThrowawayCluster> {
  const bin = ensurePostgres();
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot()) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  runAs(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  const options = {
    port,
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    max_connections: 400,
    shared_buffers: '256MB',
    ...settings,
  };
  const flags = Object.entries(options)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  runAs(bin, 'pg_ctl', ['-D', data, '-o', flags, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  return {
    bin,
    dir,
    data,
    port,
    flags,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        runAs(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * What the tests' throwaway cluster does not do: wait for its disk. A test kills the service (its
 * client), never PostgreSQL itself, and a committed row is there for every later reader whether or
 * not it reached the disk yet; only a crash of the machine would lose it, and the cluster is
 * deleted then anyway. Commits return without an fsync, which the suite makes tens of thousands of.
 */
const TEST_CLUSTER_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

/** The database of `SERVICEPAY_TEST_DATABASE_URL`, or a throwaway cluster. */
export async function testPostgres(): Promise<PostgresServer> {
  const url = process.env.SERVICEPAY_TEST_DATABASE_URL;
  if (url) return { url, stop: async () => undefined };
  return startThrowawayCluster(TEST_CLUSTER_SETTINGS);
}
