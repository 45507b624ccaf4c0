import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, login, type DemoService } from '../support/demo-service.js';

let clock = new Date('2026-11-22T18:00:00Z');
let service: DemoService;
beforeAll(async () => {
  service = await demoService({ now: () => clock });
});
afterAll(() => service.close());

const unlock = (token: string, body: Record<string, string>) =>
  service.request({
    method: 'POST',
    url: '/auth-v2/unlock',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /auth-v2/unlock', () => {
  it("unlocks with the user's own password", async () => {
    const response = await unlock(service.token, { password: 'cashier-demo-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resultCode: 'SUCCESS', unlockedBy: { username: 'cashier' } });
  });

  it("never locks the cashier's account: after many wrong unlocks the cashier still signs in and unlocks", async () => {
    const token = await login(service.app, 'cashier', 'cashier-demo-1');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await unlock(token, { password: 'not-it' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().resultDetail).toBe('the password is wrong');
    }
    // The register waits a minute before the cashier's own password is tried again…
    const waiting = await unlock(token, { password: 'cashier-demo-1' });
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // …but the account is not locked: a login elsewhere works, and so does its own unlock.
    const elsewhere = await login(service.app, 'cashier', 'cashier-demo-1');
    expect((await unlock(elsewhere, { password: 'cashier-demo-1' })).statusCode).toBe(200);
    // A manager unlocks the waiting register at once.
    const byManager = await unlock(token, { username: 'manager', password: 'manager-demo-1' });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().unlockedBy).toMatchObject({ username: 'manager', role: 'manager' });
    // A minute later the cashier's own password works again.
    clock = new Date(clock.getTime() + 61_000);
    expect((await unlock(token, { password: 'cashier-demo-1' })).statusCode).toBe(200);
  });

  it("refuses another cashier's login and a manager's wrong password", async () => {
    const token = await login(service.app, 'cashier', 'cashier-demo-1');
    const notManager = await unlock(token, { username: 'display', password: 'display-demo-1' });
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().resultDetail).toMatch(/only a manager or an admin/);
    const wrong = await unlock(token, { username: 'manager', password: 'nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().resultDetail).toBe('the manager username or password is wrong');
  });

  it('needs the locked session itself', async () => {
    const response = await service.request({
      method: 'POST',
      url: '/auth-v2/unlock',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'cashier-demo-1' }),
    });
    expect(response.statusCode).toBe(401);
  });
});
