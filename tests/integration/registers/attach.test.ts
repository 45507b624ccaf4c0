import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { DEMO_APPLICATION } from '../support/demo-service.js';
import { attachTo, reading, servicepay } from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';

// A store server (the engine under test) and a register on its own SQLite folder, attached to it
// with the `servicepay attach` command as a newcomer would.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];

const newFolder = async () => {
  const dir = await migratedFolder('servicepay-register-');
  folders.push(dir);
  return dir;
};

const attach = async (dir: string, password = 'manager-demo-1', name = 'front-1') =>
  await attachTo(server, dir, name, password);

const countsOf = (db: DataLayer) =>
  Promise.all(
    (['products', 'packages', 'tax_rates', 'locations', 'payment_devices'] as const).map(
      async (table) =>
        (await db.all(db.builder.selectFrom(table).select((e) => e.fn.countAll<number>().as('n'))))[0]!.n,
    ),
  ).then((values) => values.map(Number));

const signInAt = (instance: ServiceProcess, username: string, password: string) =>
  fetch(`${instance.url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
}, 90_000);
afterAll(async () => {
  await server.stop();
  await database.drop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('a register attached to a store server', { timeout: 90_000 }, () => {
  it("is enrolled by a manager's sign-in and keeps its store's catalog, taxes, staff and payment set-up", async () => {
    const dir = await newFolder();
    const attached = await attach(dir);
    expect(attached.status, attached.stderr).toBe(0);
    expect(attached.stdout).toMatch(
      /^Register front-1 is attached to .+ at http:\/\/127\.0\.0\.1:\d+\.\nIts replica holds \d+ products/,
    );
    const onServer = await reading(database.config, countsOf);
    const onRegister = await reading({ dataDir: dir }, countsOf);
    expect(onRegister).toEqual(onServer);
    expect(onServer.every((n) => n > 0)).toBe(true);

    // The server lists it, seen, and enrolled by the manager by name; its secret is never shown again.
    const listed = await call(server, '/v2.0/dispensary/demo/setup/registers', { token: manager });
    const register = (listed.body.registers as Record<string, unknown>[]).find((r) => r.name === 'front-1')!;
    expect(register).toMatchObject({ enrolledBy: 'Morgan Manager', revokedAt: null });
    expect(register.lastSeenAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain('spr_');

    const link = await servicepay(dir, '', '--json', 'link');
    expect(JSON.parse(link.stdout).link).toMatchObject({ name: 'front-1', serverUrl: server.url, lastProblem: null });
    expect(link.stdout).not.toContain('spr_');

    // Attached, it enrolls no register of its own: one attached to it would sell under a name its server never lists.
    const chained = await servicepay(dir, '', 'registers', 'enroll', 'front-3', '--dispensary', 'demo');
    expect(chained.status).not.toBe(0);
    expect(chained.stderr).toContain(
      `this is a register attached to the store server at ${server.url}, not a store server: attach register front-3 to that server instead`,
    );
  });

  it('signs staff in from its own replica, and follows staff changes on refresh and live', async () => {
    const dir = await newFolder();
    const admin = await signIn(server, 'admin');
    expect((await attach(dir, 'manager-demo-1', 'front-2')).status).toBe(0);
    const added = await call(server, '/v2.0/dispensary/demo/setup/staff', {
      token: admin,
      body: { username: 'riley', displayName: 'Riley Register', role: 'cashier', password: 'riley-register-1' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const refreshed = await servicepay(dir, '', 'link', '--refresh');
    expect(refreshed.status, refreshed.stderr).toBe(0);
    // What it read is said on stdout, before the link.
    expect(refreshed.stdout).toMatch(/^Refreshed: .+\.\nRegister front-2 /);
    const asJson = await servicepay(dir, '', '--json', 'link', '--refresh');
    expect(JSON.parse(asJson.stdout)).toMatchObject({ link: { name: 'front-2' }, refreshed: expect.any(Object) });

    // The register's own service: signing in there asks the server nothing.
    const register = await startService(['--data', dir, '--log-level', 'warn']);
    try {
      const signedIn = await signInAt(register, 'riley', 'riley-register-1');
      expect(signedIn.status).toBe(200);
      expect((await signInAt(register, 'riley', 'wrong-password-9')).status).toBe(401);
      // The register asks every second whether its server answers, and says so.
      const { token } = (await signedIn.json()) as { token: string };
      await expect
        .poll(async () => (await call(register, '/v2.0/register/link', { token })).body.link, { timeout: 5_000 })
        .toMatchObject({ name: 'front-2', serverUrl: server.url, reachable: true, problem: null, refused: false });
      // Disabled on the server while the register runs: the server's set-up moved, so the register
      // reads its replica again within a second or two, and refuses the login.
      const disabled = await call(server, '/v2.0/dispensary/demo/setup/staff/riley/disable', {
        token: admin,
        method: 'POST',
      });
      expect(disabled.status).toBe(200);
      await expect
        .poll(async () => (await signInAt(register, 'riley', 'riley-register-1')).status, { timeout: 5_000 })
        .toBe(401);
      expect((await signInAt(register, 'cashier', 'cashier-demo-1')).status).toBe(200);
    } finally {
      await register.stop();
    }
  });

  it('keeps a sale reserved at the register across refreshes, so it is still canceled or paid', async () => {
    const dir = await newFolder();
    expect((await attach(dir, 'manager-demo-1', 'front-4')).status).toBe(0);
    const register = await startService(['--data', dir, '--log-level', 'warn']);
    try {
      const { token } = (await (await signInAt(register, 'cashier', 'cashier-demo-1')).json()) as { token: string };
      const enrolled = await call(register, '/auth-v2/terminal-client', { token, body: { terminalId: 'front-4' } });
      const client = { client_id: String(enrolled.body.clientId), client_secret: String(enrolled.body.clientSecret) };
      const catalog = await call(register, '/v2.0/dispensary/demo/catalog?limit=200', { token });
      const item = (catalog.body.items as { productId: string; unitType: string; quantityAvailable: number }[]).find(
        (candidate) => candidate.unitType !== 'g' && candidate.quantityAvailable >= 2,
      )!;
      const stockOf = () =>
        reading({ dataDir: dir }, (db) =>
          db.first(
            db.builder
              .selectFrom('packages')
              .select(['on_hand_milli as onHand', 'reserved_milli as reserved'])
              .where('product_id', '=', item.productId),
          ),
        );
      const before = await stockOf();
      const created = await fetch(`${register.url}/v2.0/dispensary/demo/ecommerce/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...client },
        body: JSON.stringify({ type: 'PICKUP', items: [{ productId: item.productId, quantity: 2 }] }),
      });
      expect(created.status).toBe(201);
      const { orderId } = (await created.json()) as { orderId: string };
      expect((await stockOf())!.reserved).toBe(before!.reserved + 2000);

      // A refresh writes the server's stock, which holds the reservation once it was forwarded, and
      // adds the register's changes not forwarded yet: the reservation is held either way.
      expect((await servicepay(dir, '', 'link', '--refresh')).status).toBe(0);
      expect((await stockOf())!.reserved).toBe(before!.reserved + 2000);
      const canceled = await fetch(`${register.url}/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...client },
      });
      expect(canceled.status).toBe(200);
      expect(await stockOf()).toEqual(before);
    } finally {
      await register.stop();
    }
  });

  it('is refused by the server once revoked, says so, and keeps its replica', async () => {
    const dir = await newFolder();
    expect((await attach(dir, 'manager-demo-1', 'front-3')).status).toBe(0);
    const listed = await call(server, '/v2.0/dispensary/demo/setup/registers', { token: manager });
    const { registerId } = (listed.body.registers as { registerId: string; name: string }[]).find(
      (r) => r.name === 'front-3',
    )!;
    const revoked = await call(server, `/v2.0/dispensary/demo/setup/registers/${registerId}/revoke`, {
      token: manager,
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    const refresh = await servicepay(dir, '', 'link', '--refresh');
    expect(refresh.status).toBe(1);
    expect(refresh.stderr).toContain('register front-3 was revoked by a manager');
    expect((await servicepay(dir, '', 'link')).stdout).toContain(
      'The last refresh failed: the store server refused: register front-3 was revoked',
    );
    expect((await reading({ dataDir: dir }, countsOf))[0]).toBeGreaterThan(0);
    // Attached again, it works again under the same id.
    expect((await attach(dir, 'manager-demo-1', 'front-3')).status).toBe(0);
    expect((await servicepay(dir, '', 'link', '--refresh')).status).toBe(0);
  });

  it('is attached from its own screen when new, and refuses that route once attached or holding a store', async () => {
    const register = await startService(['--data', await newFolder(), '--log-level', 'warn']);
    const standalone = await startService(['--data', await newFolder(), '--demo', '--log-level', 'warn']);
    try {
      const attachAt = (instance: ServiceProcess, password: string, name = 'front-5') =>
        call(instance, '/v2.0/register/attach', {
          body: { serverUrl: server.url, dispensary: 'demo', name, username: 'manager', password },
        });
      expect((await call(register, '/v2.0/register/attach')).body).toMatchObject({ attachable: true, attached: null });
      expect((await call(standalone, '/v2.0/register/attach')).body).toMatchObject({ attachable: false });
      const badName = await attachAt(register, 'manager-demo-1', 'front 5!');
      expect(badName.status).toBe(400);
      expect(badName.body.resultDetail).toContain('must be a register name');
      expect((await attachAt(register, 'wrong-password-1')).status).toBe(401);

      const attached = await attachAt(register, 'manager-demo-1');
      expect(attached.status, JSON.stringify(attached.body)).toBe(200);
      expect(attached.body).toMatchObject({ name: 'front-5', serverUrl: server.url, dispensaryShortName: 'demo' });
      expect((await call(register, '/v2.0/register/attach')).body).toMatchObject({
        attachable: false,
        attached: { name: 'front-5', dispensaryShortName: 'demo' },
      });
      // Its cashiers sign in from the replica, and its link runs at once (no restart).
      const token = (await (await signInAt(register, 'cashier', 'cashier-demo-1')).json()) as { token: string };
      await expect
        .poll(async () => (await call(register, '/v2.0/register/link', { token: token.token })).body.link, {
          timeout: 5_000,
        })
        .toMatchObject({ reachable: true });
      const again = await attachAt(register, 'manager-demo-1');
      expect(again.status).toBe(409);
      expect(again.body.resultDetail).toContain('attached already');
      expect((await attachAt(standalone, 'manager-demo-1')).status).toBe(409);
    } finally {
      await register.stop();
      await standalone.stop();
    }
  });

  it('refuses a wrong password, a database with a store of its own and an unreachable server, writing nothing', async () => {
    const dir = await newFolder();
    const wrong = await attach(dir, 'not-the-password');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/the store server refused: .+/);
    expect(JSON.parse((await servicepay(dir, '', '--json', 'link')).stdout)).toEqual({ link: null });
    // A cashier's sign-in: who may attach, in words (not a role's permission code).
    const asCashier = await attachTo(server, dir, 'front-9', 'cashier-demo-1', 'cashier');
    expect(asCashier.status).toBe(1);
    expect(asCashier.stderr).toContain(
      'only a manager or an administrator of the store attaches a register: cashier is neither',
    );
    // A name that is no register's: refused by the option typed, with the rule, before the server is asked.
    const spaced = await attach(dir, 'manager-demo-1', 'Front 2');
    expect([spaced.status, spaced.stdout, spaced.stderr]).toEqual([
      1,
      '',
      'servicepay: --name must be a register name: a letter or digit, then letters, digits, - or _ (at most 40), ' +
        'not "Front 2"\n',
    ]);
    // The address without http://: said, with the fix.
    const noScheme = await attachTo({ url: server.url.replace('http://', '') }, dir, 'front-9');
    expect(noScheme.stderr).toContain(`(did you mean ${server.url}?)`);

    const standalone = await newFolder();
    expect((await servicepay(standalone, '', 'demo', 'load')).status).toBe(0);
    const mixed = await attach(standalone);
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toContain('holds a store of its own (Green Valley Dispensary, a standalone register');

    const nowhereUrl = `http://127.0.0.1:${await freePort()}`;
    const nowhere = await attachTo({ url: nowhereUrl }, dir, 'front-9', 'x', 'manager');
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toContain(
      `the store server at ${nowhereUrl} does not answer: nothing takes connections at that address`,
    );
    const badUrl = await attachTo({ url: 'ftp://store' }, dir, 'front-9', 'x', 'manager');
    expect(badUrl.stderr).toContain("the store server's address must be an http or https URL");
  });
});
