import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../electron/server/app.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { login } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';

// The command line serves no live channel: a change it makes while the service runs reaches the
// service's screens through the database — PostgreSQL's NOTIFY, or a register's SQLite file
// (electron/server/db/sqlite/file-notices.ts) — so an open POS window reads the store and its
// catalog again instead of showing what it read at sign-in.
let database: TestDatabase;
let app: FastifyInstance;
let baseUrl: string;
let cashier: string;

const servicepay = async (...args: string[]) => {
  const run = await runServicepay([...args, ...database.args]);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
};

beforeAll(async () => {
  database = await freshDatabase();
  await servicepay('demo', 'load');
  // Changed before the service runs: its screens read it as they open, it is never told again.
  await servicepay('dispensaries', 'set', 'demo', '--timezone', 'America/Denver');
  app = await buildApp({ logLevel: 'silent', ...database.config });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  cashier = await login(app, 'cashier', 'cashier-demo-1');
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe("the command's changes while the service runs", () => {
  it("tell the service's live channel: store.changed, then catalog.changed, each once, in order", async () => {
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=store,catalog', cashier);
    try {
      await servicepay('dispensaries', 'set', 'demo', '--timezone', 'America/New_York');
      const edited = JSON.parse(
        await servicepay('--json', 'products', 'edit', 'FLW-001', '--dispensary', 'demo', '--price', '36.00'),
      ) as { product: { productId: string } };
      const frames = await stream.waitFor(2);
      expect(frames).toEqual([
        { event: 'store.changed', data: JSON.stringify({ fields: ['timezone'] }) },
        { event: 'catalog.changed', data: JSON.stringify({ productIds: [edited.product.productId] }) },
      ]);
      // What the screens then read is the change.
      const store = await fetch(`${baseUrl}/v2.0/dispensary/demo`, { headers: { authorization: `Bearer ${cashier}` } });
      expect(((await store.json()) as { dispensary: { timezone: string } }).dispensary.timezone).toBe(
        'America/New_York',
      );
      // A third change is the third frame: none was handed over twice.
      await servicepay('dispensaries', 'set', 'demo', '--prep-minutes', '20');
      expect((await stream.waitFor(3)).slice(2)).toEqual([
        { event: 'store.changed', data: JSON.stringify({ fields: ['preparationMinutes'] }) },
      ]);
    } finally {
      await stream.close();
    }
  });
});
