import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { freshDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-database.js';
import { login } from '../support/demo-service.js';
import { runServicepay } from '../../support/cli-in-process.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

const servicepay = (args: string[]) => runServicepay([...database.args, ...args]);

it(
  '`servicepay backup` copies a register, and points a PostgreSQL server to pg_dump',
  { timeout: 30_000 },
  async () => {
    expect((await servicepay(['demo', 'load'])).status).toBe(0);
    const backup = await servicepay(['backup']);
    if (TEST_ENGINE === 'sqlite') {
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(
        /^Backed up 0 orders to \S+\/backups\/servicepay-[\dT-]+Z\.db \([\d.]+ [KM]B\) in [\d.]+ s\.$/m,
      );
    } else {
      expect(backup.status).toBe(1);
      expect(backup.stderr).toMatch(/data is in PostgreSQL, which its database administrator backs up with pg_dump/);
      const restore = await servicepay(['restore', 'some-backup.db']);
      expect(restore.status).toBe(1);
      expect(restore.stderr).toMatch(/restore it with pg_restore/);
    }
  },
);

it('the back office learns when the last backup was made, or that the DBA makes them', async () => {
  const app = await buildApp({ ...database.config, logLevel: 'silent' });
  try {
    const token = await login(app, 'manager', 'manager-demo-1');
    const status = await app.inject({
      method: 'GET',
      url: '/v2.0/backups/latest',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.statusCode, status.body).toBe(200);
    if (TEST_ENGINE === 'sqlite') {
      expect(status.json()).toMatchObject({
        engine: 'sqlite',
        last: { automatic: false },
        schedule: { everyHours: 24, keep: 7 },
      });
    } else {
      expect(status.json()).toMatchObject({ engine: 'postgres', last: null, schedule: null });
    }
    const cashier = await login(app, 'cashier', 'cashier-demo-1');
    const refused = await app.inject({
      method: 'GET',
      url: '/v2.0/backups/latest',
      headers: { authorization: `Bearer ${cashier}` },
    });
    expect(refused.statusCode).toBe(403);
  } finally {
    await app.close();
  }
});
