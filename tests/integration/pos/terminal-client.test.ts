import { buildApp } from '../../../electron/server/app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { TERMINAL_SIGNED_IN_ELSEWHERE } from '../../../shared/terminal-id.js';

let service: DemoService;
beforeAll(async () => {
  service = await demoService();
});
afterAll(() => service.close());

const enroll = (token: string, payload: unknown) =>
  service.request({
    method: 'POST',
    url: '/auth-v2/terminal-client',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const createWith = async (client: { clientId: string; clientSecret: string }) =>
  service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      authorization: `Bearer ${service.token}`,
    },
    payload: {
      type: 'PICKUP',
      items: [{ productId: (await products(service.app, 'p.deli = 0'))[0]!.id, quantity: 1 }],
    },
  });

describe('POST /auth-v2/terminal-client', () => {
  it('issues credentials the ticket API accepts, and enrolling again retires the old ones', async () => {
    const first = await enroll(service.token, { terminalId: 'front-1' });
    expect(first.statusCode, first.body).toBe(200);
    const issued = first.json<{ clientId: string; clientSecret: string; terminalId: string }>();
    expect(issued.terminalId).toBe('front-1');
    expect(issued.clientSecret).toMatch(/^sps_/);
    expect((await createWith(issued)).statusCode).toBe(201);

    const second = (await enroll(service.token, { terminalId: 'front-1' })).json<typeof issued>();
    expect(second.clientId).not.toBe(issued.clientId);
    expect((await createWith(second)).statusCode).toBe(201);
    const retired = await createWith(issued);
    expect(retired.statusCode).toBe(401);
    // In words the first window shows as its own (not "your session has expired").
    expect(retired.json()).toMatchObject({ resultDetail: TERMINAL_SIGNED_IN_ELSEWHERE });
    // The secret is stored hashed only.
    const stored = (await queryRow<{ hash: string }>(
      service.app,
      sql`SELECT secret_hash AS hash FROM api_clients WHERE client_id = ${second.clientId}`,
    ))!;
    expect(stored.hash).not.toContain(second.clientSecret);
  });

  it('accepts every terminal id the app and npm start accept (one rule: shared/terminal-id.ts)', async () => {
    for (const terminalId of ['Front_2', 'bo-3f9a0c1d', 'x'.repeat(40)]) {
      expect((await enroll(service.token, { terminalId })).statusCode, terminalId).toBe(200);
    }
    expect((await enroll(service.token, { terminalId: 'x'.repeat(41) })).statusCode).toBe(400);
  });

  it('keeps terminals apart: enrolling back-office does not retire front-1', async () => {
    const front = (await enroll(service.token, { terminalId: 'front-2' })).json<{
      clientId: string;
      clientSecret: string;
    }>();
    await enroll(service.token, { terminalId: 'backoffice' });
    expect((await createWith(front)).statusCode).toBe(201);
  });

  it.each([
    ['no terminal id', {}, 400, 'terminalId'],
    ['an invalid terminal id', { terminalId: 'Front 1!' }, 400, 'terminalId'],
    ['an extra field', { terminalId: 'front-1', admin: true }, 400, 'admin'],
  ])('refuses %s', async (_label, body, status, field) => {
    const clients = () => queryRow(service.app, sql`SELECT COUNT(*) AS n FROM api_clients`);
    const before = await clients();
    const response = await enroll(service.token, body);
    expect(response.statusCode).toBe(status);
    expect(response.json<{ resultDetail: string }>().resultDetail).toContain(field);
    expect(await clients()).toEqual(before);
  });

  it('refuses a user who may not create tickets, and a request without a token', async () => {
    const display = await login(service.app, 'display', 'display-demo-1');
    const refused = await enroll(display, { terminalId: 'front-1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resultReason: 'FORBIDDEN' });
    const anonymous = await service.request({
      method: 'POST',
      url: '/auth-v2/terminal-client',
      headers: { 'content-type': 'application/json' },
      payload: '{"terminalId":"front-1"}',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /auth-v2/login-hints', () => {
  it('lists the demo logins on a demo service, and nothing otherwise', async () => {
    const hints = await service.request({ method: 'GET', url: '/auth-v2/login-hints' });
    expect(hints.statusCode).toBe(200);
    expect(hints.json<{ logins: { username: string }[] }>().logins.map((login) => login.username)).toEqual([
      'admin',
      'manager',
      'cashier',
      'display',
    ]);
    const bare = await buildApp({ demo: false, logLevel: 'silent' });
    const none = await bare.inject({ method: 'GET', url: '/auth-v2/login-hints' });
    await bare.close();
    expect(none.json()).toEqual({ resultCode: 'SUCCESS', resultReason: null, logins: [] });
  });
});
