import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICATION, DEMO_CLIENT, demoService, type DemoService } from '../support/demo-service.js';
import { expectFailure, listenOnLoopback, send } from '../support/real-port.js';

const LIMIT = 5;
const TICKETS = '/v2.0/dispensary/demo/ecommerce/tickets';

let service: DemoService;
let port: number;
let manager: string;
let managerAgain: string;
let entityId: string;

/** A manager login from another address than the tests' (logins are charged to the address). */
async function managerLogin(): Promise<{ token: string; user: { organizationId: string } }> {
  const answer = await service.app.inject({
    method: 'POST',
    url: '/auth-v2/login',
    remoteAddress: '127.0.0.2',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain' },
    payload: Buffer.from(JSON.stringify({ username: 'manager', password: 'manager-demo-1' })).toString('base64'),
  });
  return answer.json();
}

beforeAll(async () => {
  service = await demoService({ rateLimit: { max: LIMIT, windowMs: 60_000 } });
  const first = await managerLogin();
  [manager, managerAgain, entityId] = [first.token, (await managerLogin()).token, first.user.organizationId];
  port = await listenOnLoopback(service.app);
});
afterAll(() => service.close());

const get = (path: string, headers: Record<string, string>) => send(port, { path, headers });
const madeUp = () => ({ client_id: `spc_${randomUUID()}`, client_secret: 'guess' });

describe('the rate limit is keyed on who was verified, over a real port', () => {
  it('made-up client ids share the address’s allowance: the limit holds, 429 with Retry-After', async () => {
    // The address has spent one request already (the cashier's login of demoService).
    for (let i = 1; i < LIMIT; i += 1) expectFailure(await get(TICKETS, madeUp()), 401, 'UNAUTHENTICATED');
    for (let i = 0; i < 10; i += 1) {
      const limited = await get(TICKETS, { ...madeUp(), authorization: 'Bearer sp_at_forged' });
      expect(expectFailure(limited, 429, 'RATE_LIMITED').resultDetail).toMatch(/at most 5 per 60 s/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Unknown URLs and the login are the address's too.
    expectFailure(await get('/nowhere', {}), 429, 'RATE_LIMITED');
  });

  it('a verified API client has its own allowance, spent by its own requests only', async () => {
    const headers = { ...DEMO_CLIENT, authorization: `Bearer ${service.token}` };
    for (let i = 0; i < LIMIT; i += 1) expect((await get(TICKETS, headers)).status).toBe(200);
    expectFailure(await get(TICKETS, headers), 429, 'RATE_LIMITED');
    // The real client id with a wrong secret is not the client: it is charged to the address (spent).
    expectFailure(await get(TICKETS, { ...headers, client_secret: 'wrong' }), 429, 'RATE_LIMITED');
  });

  it('a verified token’s subject has its own allowance; a client_id header beside it changes nothing', async () => {
    const config = `/v2.0/payments/config?entityId=${entityId}&channel=ecommerce`;
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await get(config, { authorization: `Bearer ${manager}`, ...madeUp() });
      expect(answer.status).toBe(200);
    }
    expectFailure(await get(config, { authorization: `Bearer ${manager}`, ...madeUp() }), 429, 'RATE_LIMITED');
    // Another login of the same user is the same subject.
    expectFailure(await get(config, { authorization: `Bearer ${managerAgain}` }), 429, 'RATE_LIMITED');
  });
});
