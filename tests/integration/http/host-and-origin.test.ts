import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICATION, demoService, type DemoService } from '../support/demo-service.js';
import { expectFailure, listenOnLoopback, send } from '../support/real-port.js';

let service: DemoService;
let port: number;
beforeAll(async () => {
  service = await demoService({ allowedHosts: ['pos.store.example', '.chain.example'] });
  port = await listenOnLoopback(service.app);
});
afterAll(() => service.close());

const hints = (host: string) => send(port, { path: '/auth-v2/login-hints', headers: { host } });

function login(headers: Record<string, string>, password = 'cashier-demo-1') {
  return send(port, {
    method: 'POST',
    path: '/auth-v2/login',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain', ...headers },
    body: Buffer.from(JSON.stringify({ username: 'cashier', password })).toString('base64'),
  });
}

describe('Host: DNS rebinding', () => {
  it('refuses a name that is not this service’s with 421 and a reason, before any route runs', async () => {
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `127.0.0.1.evil.example:${port}`,
      'localhost.evil.example',
    ]) {
      const body = expectFailure(await hints(host), 421, 'HOST_NOT_ALLOWED');
      expect(body.resultDetail).toContain('--allowed-host');
      expect(body.resultDetail).not.toContain('cashier');
    }
    expectFailure(await send(port, { path: '/pos/', headers: { host: 'evil.example' } }), 421);
    expectFailure(await login({ host: `evil.example:${port}` }), 421, 'HOST_NOT_ALLOWED');
  });

  it('serves the loopback names, the bound address and the declared names, whatever the port', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'LOCALHOST.',
      '[::1]:4610',
      'pos.store.example',
      'a.chain.example:8443',
    ]) {
      const answer = await hints(host);
      expect(answer.status, host).toBe(200);
      expect(JSON.parse(answer.text).logins.length).toBeGreaterThan(0);
    }
  });
});

describe('Origin: state-changing requests from browser pages', () => {
  it('takes the service’s own pages (same host and port) and callers that send no Origin (servers)', async () => {
    expect((await login({ origin: `http://127.0.0.1:${port}` })).status).toBe(200);
    expect((await login({ host: `localhost:${port}`, origin: `http://localhost:${port}` })).status).toBe(200);
    expect((await login({})).status).toBe(200);
    expect((await login({ host: 'pos.store.example', origin: 'https://pos.store.example' })).status).toBe(200);
  });

  it('refuses another origin’s page, another local port, a null origin, before the password is tried', async () => {
    for (const origin of [
      'http://evil.example',
      `http://127.0.0.1:${port + 1}`,
      'http://localhost:4700',
      'null',
      'file://',
    ]) {
      const body = expectFailure(await login({ origin }, 'wrong-password'), 403, 'ORIGIN_NOT_ALLOWED');
      expect(body.resultDetail).toContain(origin);
    }
    // Five refused attempts with a wrong password did not lock the account: none reached the login.
    expect((await login({})).status).toBe(200);
  });

  it('lets a page of another origin read nothing new, but GETs are not refused for their Origin', async () => {
    const answer = await send(port, { path: '/health', headers: { origin: 'http://evil.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
