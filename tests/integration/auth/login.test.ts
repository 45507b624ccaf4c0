import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { OPERATOR, StoreSetup } from '../../../electron/server/setup/store-setup.js';
import { execute } from '../../support/sql.js';
import { count } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, demoService, login, type DemoService } from '../support/demo-service.js';

let clock = new Date('2026-11-22T18:00:00Z');
let service: DemoService;
beforeAll(async () => {
  service = await demoService({ now: () => clock });
});
afterAll(() => service.close());

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
const attempt = (payload: string, headers: Record<string, string | undefined> = {}) =>
  service.request({
    method: 'POST',
    url: '/auth-v2/login',
    headers: Object.fromEntries(
      Object.entries({ 'x-application': 'servicepay-demo', 'content-type': 'text/plain', ...headers }).filter(
        ([, value]) => value !== undefined,
      ),
    ) as Record<string, string>,
    payload,
  });
const listTickets = (token: string) =>
  service.request({
    method: 'GET',
    url: '/v2.0/dispensary/demo/ecommerce/tickets',
    headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
  });

describe('POST /auth-v2/login (spec 4.2)', () => {
  it('answers a bearer token with its expiry and the user', async () => {
    const response = await attempt(b64({ username: 'cashier', password: 'cashier-demo-1' }));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      resultCode: 'SUCCESS',
      resultReason: null,
      tokenType: 'Bearer',
      expiresIn: 8 * 3600,
      expiresAt: '2026-11-23T02:00:00.000Z',
      user: { username: 'cashier', role: 'cashier', employeeReferenceId: 'E1001' },
    });
    expect(body.token).toMatch(/^spt_[\w-]{43}$/);
    expect(body.user.permissions).toContain('ticket:create');
    expect((await listTickets(body.token)).statusCode).toBe(200);
  });

  it('accepts the username in any case', async () => {
    expect((await attempt(b64({ username: 'Cashier', password: 'cashier-demo-1' }))).statusCode).toBe(200);
  });

  const bad: {
    name: string;
    payload: string;
    headers?: Record<string, string | undefined>;
    status: number;
    detail: RegExp;
  }[] = [
    {
      name: 'no x-application',
      payload: b64({ username: 'cashier', password: 'cashier-demo-1' }),
      headers: { 'x-application': undefined },
      status: 401,
      detail: /x-application header is required/,
    },
    {
      name: 'unknown application',
      payload: b64({ username: 'cashier', password: 'cashier-demo-1' }),
      headers: { 'x-application': 'evil-app' },
      status: 401,
      detail: /"evil-app" is not a registered application/,
    },
    {
      name: 'JSON content type',
      payload: JSON.stringify({ username: 'cashier', password: 'x' }),
      headers: { 'content-type': 'application/json' },
      status: 415,
      detail: /Content-Type must be text\/plain/,
    },
    { name: 'empty body', payload: '', status: 400, detail: /^body must be the base64 encoding/ },
    { name: 'not base64', payload: 'not base64!', status: 400, detail: /^body is not valid base64/ },
    { name: 'base64 of text', payload: b64('hello'), status: 400, detail: /does not decode to JSON/ },
    { name: 'base64 of an array', payload: b64([1, 2]), status: 400, detail: /must decode to a JSON object/ },
    { name: 'no password', payload: b64({ username: 'cashier' }), status: 400, detail: /^password is required/ },
    { name: 'no username', payload: b64({ password: 'x' }), status: 400, detail: /^username is required/ },
    {
      name: 'wrong password',
      payload: b64({ username: 'manager', password: 'nope' }),
      status: 401,
      detail: /^username or password is wrong$/,
    },
    {
      name: 'unknown user',
      payload: b64({ username: 'nobody', password: 'nope' }),
      status: 401,
      detail: /^username or password is wrong$/,
    },
  ];

  it.each(bad)('refuses $name ($status) and issues no token', async ({ payload, headers, status, detail }) => {
    const tokens = await count(service.app, 'access_tokens');
    const response = await attempt(payload, headers);
    expect(response.statusCode).toBe(status);
    expect(response.json().resultCode).toBe('FAIL');
    expect(response.json().resultDetail).toMatch(detail);
    expect(await count(service.app, 'access_tokens')).toBe(tokens);
  });
});

describe('lockout, expiry, disabling and logout', () => {
  it('locks an account after 5 failures in a row and unlocks it after 15 minutes', async () => {
    const wrong = b64({ username: 'manager', password: 'wrong-password' });
    const right = b64({ username: 'manager', password: 'manager-demo-1' });
    expect((await attempt(right)).statusCode).toBe(200); // clears the failure from the table above
    for (let i = 0; i < 5; i += 1) expect((await attempt(wrong)).statusCode).toBe(401);
    const locked = await attempt(right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().resultReason).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBe(900);
    clock = new Date(clock.getTime() + 15 * 60 * 1000 + 1000);
    expect((await attempt(right)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const token = await login(service.app, 'cashier', 'cashier-demo-1');
    clock = new Date(clock.getTime() + 8 * 3600 * 1000 + 1000);
    const response = await listTickets(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().resultDetail).toMatch(/expired/);
  });

  it('stops the tokens of a disabled user at once and refuses their login', async () => {
    const token = await login(service.app, 'display', 'display-demo-1');
    expect((await listTickets(token)).statusCode).toBe(200); // the token is cached now
    await new StoreSetup(service.app.ctx.db).staff.setDisabled(OPERATOR, 'display', true);
    expect((await listTickets(token)).json().resultDetail).toMatch(/user is disabled/);
    const response = await attempt(b64({ username: 'display', password: 'display-demo-1' }));
    expect(response.statusCode).toBe(401);
    expect(response.json().resultDetail).toBe('user is disabled');
    await new StoreSetup(service.app.ctx.db).staff.setDisabled(OPERATOR, 'display', false);
    expect((await listTickets(token)).statusCode).toBe(200);
  });

  it('refuses a disabled API client', async () => {
    const token = await login(service.app, 'cashier', 'cashier-demo-1');
    expect((await listTickets(token)).statusCode).toBe(200); // the client is cached now
    await new StoreSetup(service.app.ctx.db).clients.disable(OPERATOR, 'spc_demo');
    const response = await listTickets(token);
    // No command enables a client again: the test puts it back as a database administrator would,
    // then tells the instances that cached rows changed.
    await execute(service.app, sql`UPDATE api_clients SET disabled = 0 WHERE client_id = 'spc_demo'`);
    await service.app.ctx.db.invalidateCaches();
    expect(response.statusCode).toBe(401);
    expect(response.json().resultDetail).toBe('API client is disabled');
  });

  it('revokes the token on logout', async () => {
    const token = await login(service.app, 'cashier', 'cashier-demo-1');
    expect((await listTickets(token)).statusCode).toBe(200); // the token is cached now
    const logout = await service.request({
      method: 'POST',
      url: '/auth-v2/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await listTickets(token)).statusCode).toBe(401);
    const again = await service.request({
      method: 'POST',
      url: '/auth-v2/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(401);
  });
});
