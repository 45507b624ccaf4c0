import { spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { SERVICEPAY_BIN } from '../../support/service-process.js';
import { freshDatabase, TEST_ENGINE, type TestDatabase } from '../../support/test-database.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, login } from '../support/demo-service.js';

// The service keeps API clients (and stores, tokens) in memory; `servicepay` changing one from
// another process while the service runs is seen by the service's next request — on SQLite through
// the file's data_version (read at most once a millisecond), on PostgreSQL through the NOTIFY the
// CLI sends after its commit (heard within milliseconds).
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ ...database.config, demo: true, logLevel: 'silent' });
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

function servicepay(...args: string[]): void {
  const result = spawnSync(process.execPath, [SERVICEPAY_BIN, ...database.args, ...args], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
}

it(
  `refuses an API client disabled by servicepay from another process at its next request (${TEST_ENGINE})`,
  { timeout: 60_000 },
  async () => {
    const token = await login(app, 'cashier', 'cashier-demo-1');
    const [product] = await products(app, 'p.deli = 0 AND k.on_hand_milli >= 5000');
    const ticket = () =>
      app.inject({
        method: 'POST',
        url: '/v2.0/dispensary/demo/ecommerce/ticket',
        headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
        payload: { type: 'PICKUP', items: [{ productId: product!.id, quantity: 1 }] },
      });
    // The client is now in the service's memory.
    expect((await ticket()).statusCode).toBe(201);
    servicepay('clients', 'disable', DEMO_CLIENT.client_id);
    if (TEST_ENGINE === 'sqlite') {
      expect((await ticket()).statusCode).toBe(401);
    } else {
      await expect.poll(async () => (await ticket()).statusCode, { timeout: 5_000 }).toBe(401);
    }
  },
);
