import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { buildApp } from '../../../electron/server/app.js';
import { products } from '../support/catalog-fixtures.js';
import { SERVICEPAY_BIN } from '../../support/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-auth-cli-'));
const database = await freshDatabase();
let organizationId: string;

function servicepay(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [SERVICEPAY_BIN, ...database.args, ...args], {
    encoding: 'utf8',
    input,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const json = (args: string[], input?: string) => {
  const result = servicepay([...args, '--json'], input);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

beforeAll(() => {
  organizationId = json(['demo', 'load']).organizationId;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

// Each step spawns the CLI (about a second each on an idle machine): give a busy one room.
describe('servicepay users / clients / partners / jwt', { timeout: 60_000 }, () => {
  it('adds a user from --password-stdin and lists it without the hash', () => {
    const added = json(
      [
        'users',
        'add',
        'bob',
        '--role',
        'cashier',
        '--org',
        organizationId,
        '--employee-ref',
        'E2002',
        '--password-stdin',
      ],
      'bob-password-1\n',
    );
    expect(added).toMatchObject({ username: 'bob', role: 'cashier', employeeRef: 'E2002' });
    const listed = json(['users', 'list']);
    expect(listed.map((user: { username: string }) => user.username)).toContain('bob');
    expect(JSON.stringify(listed)).not.toMatch(/passwordHash|scrypt/);
  });

  it.each([
    [['users', 'add', 'bob', '--role', 'cashier', '--org', 'x', '--password-stdin'], /organization/],
    [['users', 'add', 'carol', '--role', 'king', '--org', 'x', '--password-stdin'], /role must be one of/],
    [['users', 'disable', 'nobody'], /no user nobody/],
    [['apps', 'add', 'servicepay-demo'], /already exists/],
  ])('refuses %j with a clear message and exit code 1', (args, message) => {
    const result = servicepay(args, 'long-enough-password\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a short password', () => {
    const result = servicepay(
      ['users', 'add', 'dave', '--role', 'cashier', '--org', organizationId, '--password-stdin'],
      'short\n',
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/at least 8 characters/);
  });

  it('issues credentials that work against the service, and JWTs signed by the helper', async () => {
    const client = json(['clients', 'add', 'Web shop', '--org', organizationId]);
    expect(client.clientSecret).toMatch(/^sps_/);
    expect(JSON.stringify(json(['clients', 'list']))).not.toContain(client.clientSecret);

    const keys = join(dir, 'keys');
    json(['jwt', 'keygen', '--out', keys]);
    expect(statSync(join(keys, 'private.pem')).mode & 0o777).toBe(0o600);
    expect(servicepay(['jwt', 'keygen', '--out', keys]).status).toBe(1);
    const partner = json([
      'partners',
      'add',
      'Web agency',
      '--org',
      organizationId,
      '--public-key',
      join(keys, 'public.pem'),
    ]);
    expect(partner).toMatchObject({ organizationId, algorithm: 'ES256' });
    const signArgs = [
      'jwt',
      'sign',
      '--key',
      join(keys, 'private.pem'),
      '--cert-id',
      partner.certId,
      '--org-id',
      organizationId,
    ];
    expect(servicepay([...signArgs, '--ttl', '301']).status).not.toBe(0);
    const jwt = servicepay(signArgs).stdout.trim();

    const app = await buildApp({ ...database.config, logLevel: 'silent' });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/auth-v2/login',
        headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
        payload: Buffer.from(JSON.stringify({ username: 'bob', password: 'bob-password-1' })).toString('base64'),
      });
      expect(login.statusCode).toBe(200);
      const productId = (await products(app, 'p.deli = 0 AND k.on_hand_milli >= 5000'))[0]!.id;
      const ticket = (authorization: string) =>
        app.inject({
          method: 'POST',
          url: '/v2.0/dispensary/demo/ecommerce/ticket',
          headers: { client_id: client.clientId, client_secret: client.clientSecret, authorization },
          payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
        });
      expect((await ticket(`Bearer ${login.json().token}`)).statusCode).toBe(201);
      expect((await ticket(`Bearer ${jwt}`)).statusCode).toBe(201);
      expect((await ticket(`Bearer ${jwt}`)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
