import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { ServerLinkRepository } from '../../../electron/server/registers/server-link-repository.js';
import { newDispensary, NOW } from '../../fixtures/catalog/test-store.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, reading } from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { registerAuthorization } from '../support/registers.js';

// A chain's server: a set-up change of one store has that store's registers refresh their copy,
// not every register of the chain; a change of the organization's still reaches them all.
let database: TestDatabase;
let server: ServiceProcess;
let dir: string;
let admin: string;
let authorization: string;

/** The replica version the server answers the register attached to the demo store, as its ping. */
async function version(): Promise<number> {
  const response = await fetch(`${server.url}/v2.0/register/ping`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { replicaVersion: number }).replicaVersion;
}

async function setup(store: string, path: string, body: unknown, method = 'POST') {
  const answer = await call(server, `/v2.0/dispensary/${store}/setup/${path}`, { token: admin, body, method });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  // A second store of the demo organization, beside the demo store.
  await reading(database.config, (db) =>
    db.write((tx) =>
      new DispensaryRepository(db).create(tx, newDispensary(DEMO.organizationId, { shortName: 'mesa' }), NOW),
    ),
  );
  admin = await signIn(server, 'admin');
  dir = await migratedFolder('servicepay-register-');
  const attached = await attachTo(server, dir, 'front-1');
  expect(attached.status, attached.stderr).toBe(0);
  const link = await reading({ dataDir: dir }, (db) => new ServerLinkRepository(db).get(db));
  authorization = registerAuthorization(link!.registerId, link!.secret);
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('replica versions per store', () => {
  it("moves a register's version for its own store's and its organization's set-up, not another store's", async () => {
    const start = await version();
    // Another store's settings, taxes and locations: this register has nothing to refresh.
    await setup('mesa', 'store', { preparationMinutes: 30 }, 'PUT');
    await setup('mesa', 'tax-classes', {
      code: 'cannabis',
      name: 'Cannabis',
      rates: [{ name: 'Excise', percent: '15' }],
    });
    await setup('mesa', 'locations', { name: 'Vault' });
    expect(await version()).toBe(start);

    // Its own store's: it refreshes, once per change.
    await setup('demo', 'store', { preparationMinutes: 20 }, 'PUT');
    const own = await version();
    expect(own).toBe(start + 1);
    await setup('demo', 'locations', { name: 'Back room' });
    expect(await version()).toBe(own + 1);

    // The organization's processors are every store's: it refreshes too.
    await setup('demo', 'processors', { name: 'second-sandbox', kind: 'sandbox' });
    expect(await version()).toBe(own + 2);
  });

  it('keeps the version for set-up no register copies: webhooks, API clients, register enrolments', async () => {
    const start = await version();
    const endpoint = await call(server, '/v2.0/dispensary/demo/setup/webhooks', {
      token: admin,
      body: { url: 'http://127.0.0.1:9/hooks', events: ['order.created'], allowLocal: true },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const client = await call(server, '/v2.0/dispensary/demo/setup/api-clients', {
      token: admin,
      body: { name: 'Website' },
    });
    expect(client.status, JSON.stringify(client.body)).toBe(200);
    const clientId = (client.body.client as { clientId: string }).clientId;
    const disabled = await call(server, `/v2.0/dispensary/demo/setup/api-clients/${clientId}/disable`, {
      token: admin,
      body: {},
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const enrolled = await call(server, '/v2.0/dispensary/demo/setup/registers', {
      token: admin,
      body: { name: 'back-9' },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    const registerId = (enrolled.body.register as { registerId: string }).registerId;
    const revoked = await call(server, `/v2.0/dispensary/demo/setup/registers/${registerId}/revoke`, {
      token: admin,
      body: {},
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await version()).toBe(start);
  });

  it('keeps the version when a set-up change is refused', async () => {
    const start = await version();
    const refused = await call(server, '/v2.0/dispensary/demo/setup/store', {
      token: admin,
      method: 'PUT',
      body: { timezone: 'Mars/Olympus' },
    });
    expect(refused.status).toBe(400);
    expect(await version()).toBe(start);
  });
});
