import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { buildApp } from '../../../electron/server/app.js';
import { products } from '../support/catalog-fixtures.js';
import { runServicepay } from '../../support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-auth-cli-'));
const database = await freshDatabase();
let organizationId: string;

const servicepay = (args: string[], input?: string) => runServicepay([...database.args, ...args], input);
/** A command's --json answer: one JSON document, its line ended (`jwt keygen`'s as every other's). */
const json = async (args: string[], input?: string) => {
  const result = await servicepay([...args, '--json'], input);
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toMatch(/^[{[][^]*[}\]]\n$/);
  return JSON.parse(result.stdout);
};

beforeAll(async () => {
  organizationId = (await json(['demo', 'load'])).organizationId;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

describe('servicepay users / clients / partners / jwt', { timeout: 60_000 }, () => {
  it('adds a user from --password-stdin and lists it without the hash', async () => {
    const added = await json(
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
    const listed = await json(['users', 'list']);
    expect(listed.map((user: { username: string }) => user.username)).toContain('bob');
    expect(JSON.stringify(listed)).not.toMatch(/passwordHash|scrypt/);
  });

  it.each([
    [['users', 'add', 'bob', '--role', 'cashier', '--org', 'x', '--password-stdin'], /organization/],
    [
      ['users', 'add', 'carol', '--role', 'king', '--org', 'x', '--password-stdin'],
      /^servicepay: --role must be one of admin, manager, cashier, display, integration\n$/,
    ],
    [
      ['users', 'add', 'Carol King', '--role', 'cashier', '--org', 'x', '--password-stdin'],
      /^servicepay: <username> must be 2-64 lower-case letters, digits, "\.", "_" or "-"\n$/,
    ],
    [['apps', 'add', 'x'], /^servicepay: <name> must be 2-64 letters, digits, "\.", "_" or "-"\n$/],
    [['users', 'disable', 'nobody'], /no user nobody/],
    [['apps', 'add', 'servicepay-demo'], /already exists/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await servicepay(args, 'long-enough-password\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it('refuses a short password', async () => {
    const result = await servicepay(
      ['users', 'add', 'dave', '--role', 'cashier', '--org', organizationId, '--password-stdin'],
      'short\n',
    );
    expect([result.status, result.stderr]).toEqual([1, 'servicepay: The password must have at least 8 characters\n']);
    const pin = await servicepay(['users', 'set-pin', 'manager', '--pin-stdin'], '12\n');
    expect([pin.status, pin.stderr]).toEqual([1, 'servicepay: The PIN must be 4 to 8 digits\n']);
  });

  it('refuses a partner without a name, or with a file that is not a public key, naming the argument and option', async () => {
    const file = join(dir, 'not-a-key.pem');
    writeFileSync(file, 'not a key\n');
    for (const [name, words] of [
      ['  ', '<name> is required'],
      ['Acme', '--public-key is not a PEM public key'],
    ] as const) {
      const refused = await servicepay(['partners', 'add', name, '--org', organizationId, '--public-key', file]);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: ${words}\n`]);
    }
  });

  it('refuses a display name or an employee number longer than a login keeps, adding nobody', async () => {
    const add = (username: string, ...options: string[]) =>
      servicepay(
        ['users', 'add', username, '--role', 'cashier', '--org', organizationId, '--password-stdin', ...options],
        'long-enough-1\n',
      );
    const named = await add('erin', '--display-name', 'E'.repeat(101));
    expect([named.status, named.stderr]).toEqual([1, 'servicepay: --display-name must be at most 100 characters\n']);
    const numbered = await add('erin', '--employee-ref', '9'.repeat(65));
    expect([numbered.status, numbered.stderr]).toEqual([
      1,
      'servicepay: --employee-ref must be at most 64 characters\n',
    ]);
    const users = (await json(['users', 'list', '--org', organizationId])) as { username: string }[];
    expect(users.map((user) => user.username)).not.toContain('erin');
    expect((await add('erin', '--display-name', ` ${'E'.repeat(100)} `)).status).toBe(0);
  });

  it('refuses an API client named past 100 characters, or with spaces only', async () => {
    for (const [name, words] of [
      ['W'.repeat(101), 'must be at most 100 characters'],
      ['   ', 'is required'],
    ] as const) {
      const refused = await servicepay(['clients', 'add', name, '--org', organizationId]);
      expect([refused.status, refused.stderr]).toEqual([1, `servicepay: <name> ${words}\n`]);
    }
  });

  it('issues credentials that work against the service, and JWTs signed by the helper', async () => {
    const client = await json(['clients', 'add', 'Web shop', '--org', organizationId]);
    expect(client.clientSecret).toMatch(/^sps_/);
    expect(JSON.stringify(await json(['clients', 'list']))).not.toContain(client.clientSecret);

    const keys = join(dir, 'keys');
    await json(['jwt', 'keygen', '--out', keys]);
    expect(statSync(join(keys, 'private.pem')).mode & 0o777).toBe(0o600);
    expect((await servicepay(['jwt', 'keygen', '--out', keys])).status).toBe(1);
    const partner = await json([
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
    expect((await servicepay([...signArgs, '--ttl', '301'])).status).not.toBe(0);
    const jwt = (await servicepay(signArgs)).stdout.trim();

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
      // Scoped for a shopper's browser: it may pay, not make tickets; another scope is refused in words.
      const shopper = (await servicepay([...signArgs, '--scope', 'shopper'])).stdout.trim();
      expect((await ticket(`Bearer ${shopper}`)).statusCode).toBe(403);
      const wider = await servicepay([...signArgs, '--scope', 'admin']);
      expect(wider.status).not.toBe(0);
      expect(wider.stderr).toContain('--scope is "shopper"');
    } finally {
      await app.close();
    }
  });
});
