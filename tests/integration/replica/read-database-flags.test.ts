// `--read-database` and `--read-max-lag` (issue 32): only beside a PostgreSQL `--database`, a
// postgres:// URL, refused in words otherwise, by `serve` and by the service itself; a replica that
// does not answer when the service starts does not stop it.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import type { PaymentSummary } from '../../../shared/contracts/payment-reports.js';
import { freePort, SERVE_BIN } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';

const NEEDS_DATABASE =
  '--read-database needs --database: a read replica is a streaming replica of a PostgreSQL database, ' +
  "and a register's SQLite has none";

/** `serve` with `args` and `env` only (none of the caller's SERVICEPAY_ variables): its exit and first line. */
function serve(args: string[], env: Record<string, string> = {}) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SERVICEPAY_')));
  const result = spawnSync(process.execPath, [SERVE_BIN, '--port', '0', ...args], {
    encoding: 'utf8',
    env: { ...inherited, ...env },
    timeout: 15_000,
  });
  return { status: result.status, said: result.stderr.split('\n')[0] };
}

describe('serve --read-database', () => {
  it('is refused without --database, by flag or by environment', () => {
    expect(serve(['--read-database', 'postgres://reports@replica:5432/servicepay'])).toEqual({
      status: 2,
      said: `servicepay serve: ${NEEDS_DATABASE}`,
    });
    expect(serve([], { SERVICEPAY_READ_DATABASE_URL: 'postgres://reports@replica:5432/servicepay' })).toEqual({
      status: 2,
      said: `servicepay serve: ${NEEDS_DATABASE}`,
    });
  });

  it('is refused when it is not a postgres:// URL, and so is a lag that is not a whole number', () => {
    const database = ['--database', 'postgres://servicepay@db:5432/servicepay'];
    expect(serve([...database, '--read-database', 'replica.example:5432'])).toEqual({
      status: 2,
      said: 'servicepay serve: --read-database must be a postgres:// URL, not "replica.example:5432"',
    });
    expect(serve(database, { SERVICEPAY_READ_MAX_LAG: 'soon' })).toEqual({
      status: 2,
      said: 'servicepay serve: --read-max-lag takes a number of seconds, 0 or more, not "soon"',
    });
  });

  it('the service refuses it on a register’s SQLite, saying why', async () => {
    await expect(
      buildApp({ logLevel: 'silent', dataDir: ':memory:', readDatabase: 'postgres://reports@replica:5432/x' }),
    ).rejects.toThrow(NEEDS_DATABASE);
  });
});

describe('a read replica that does not answer', () => {
  let database: TestDatabase;
  let service: DemoService;
  afterAll(async () => {
    await service?.close();
    await database?.drop();
  });

  it('does not stop the service: its reports read the main database and say why', async () => {
    database = await freshDatabase();
    // A port nothing listens on: connections are refused at once.
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    service = await demoService({ ...database.config, readDatabase: nowhere });
    const manager = await login(service.app, 'manager', 'manager-demo-1');
    const response = await service.request({
      method: 'GET',
      url: '/v2.0/payments/summary?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<PaymentSummary>()).toMatchObject({
      readFrom: 'primary',
      fallback: 'The read replica does not answer; this report is from the main database.',
      totals: { count: 0 },
    });
  });
});
