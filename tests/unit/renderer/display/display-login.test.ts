// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/display/?terminal=front-2"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, session } from '../../../../renderer/display/logic/display-session.js';

/**
 * The pole display signs in at its register (`?terminal=`), so the customer's payments on it are the
 * register's (its drawer shift); it enrolls no terminal client, as it calls no ticket API.
 */
afterEach(() => vi.unstubAllGlobals());

describe('the pole display’s login', () => {
  it('names its register and enrolls nothing', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, headers: init.headers as Record<string, string> });
        const body = { token: 't-1', expiresAt: '2026-12-05T20:00:00.000Z', user: { role: 'display' } };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
    );
    await login('display', 'display-demo-1');
    expect(calls.map((call) => call.url)).toEqual(['http://127.0.0.1:4610/auth-v2/login']);
    expect(calls[0]!.headers['x-terminal-id']).toBe('front-2');
    expect(session.value).toMatchObject({ token: 't-1', client: null });
  });
});
