// `npm run serve` and `servicepay` started with what a new owner mistypes: a port another instance
// already listens on, a data folder the system makes nothing in, a URL of another database. Each is
// refused in one line of words, never a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { SERVE_BIN } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

/** `serve` with `args` and none of the caller's SERVICEPAY_ variables: its exit status and what it said. */
function serve(args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SERVICEPAY_')));
  const run = spawnSync(process.execPath, [SERVE_BIN, '--log-level', 'silent', ...args], {
    encoding: 'utf8',
    env,
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr };
}

let database: TestDatabase;
let taken: Server;
let port: number;
beforeAll(async () => {
  database = await freshDatabase();
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  port = (taken.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  await database.drop();
});

describe('starting the service with the wrong options', { timeout: 60_000 }, () => {
  it('refuses a port something already listens on, in words', () => {
    expect(serve([...database.args, '--port', String(port)])).toEqual({
      status: 1,
      stderr:
        `servicepay serve: port ${port} of 127.0.0.1 is taken: another ServicePay (or another program) listens ` +
        'there. Stop it, or start this one with another --port\n',
    });
  });

  it.runIf(existsSync('/proc/self'))('refuses a data folder the system makes nothing in, in words', () => {
    expect(serve(['--data', '/proc/nope', '--port', '0'])).toEqual({
      status: 1,
      stderr:
        'servicepay serve: --data /proc/nope cannot hold the database: the system makes no files or folders there\n',
    });
  });

  it('servicepay refuses a --database that is not PostgreSQL’s, in words', async () => {
    const run = await runServicepay(['--database', 'mysql://db.example/servicepay', 'orgs', 'list']);
    expect([run.status, run.stdout, run.stderr]).toEqual([
      1,
      '',
      'servicepay: --database takes a postgres:// URL (postgres://user:password@host:5432/name), not ' +
        `"mysql://db.example/servicepay"; a register's SQLite file is chosen with --data DIR\n`,
    ]);
  });
});
