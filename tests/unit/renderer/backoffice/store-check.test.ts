// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../../../../renderer/backoffice/App.vue';
import { useLiveStore } from '../../../../renderer/backoffice/stores/live.js';
import { useSessionStore } from '../../../../renderer/backoffice/stores/session.js';
import { useStoreCheckStore } from '../../../../renderer/backoffice/stores/store-check.js';
import { loadStoreInfo } from '../../../../renderer/common/store-info.js';
import { fakeService, refused, signedIn, storeIn, type Answer } from './fake-service.js';

/**
 * The back office reads the store of its address before any screen opens (README "Back office"): a
 * store the service does not know, or not this login's, is said in words on one page, with the
 * stores to open instead, and nothing is asked of the service again.
 */
const STORE = 'GET /v2.0/dispensary/demo';
const CHAIN = 'GET /v2.0/reports/summary';
const LIVE = 'GET /v2.0/dispensary/demo/live';
const unknown = refused(404, 'NOT_FOUND', 'no dispensary with short name "demo"');
const chain: Answer = {
  body: {
    resultCode: 'SUCCESS',
    resultReason: null,
    stores: [{ dispensaryShortName: 'mesa', dispensaryName: 'Mesa Verde Dispensary' }],
  },
};

beforeEach(() => {
  signedIn(['store:manage', 'audit:read', 'ticket:read']);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  useLiveStore().stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the store of the address', () => {
  it('unknown to the service: one page in words, the stores to open instead, and no screen asking again', async () => {
    const calls = fakeService({ [STORE]: [unknown], [CHAIN]: [chain] });
    const app = mount(App, { global: { plugins: [getActivePinia()!] } });
    await flushPromises();

    const page = app.get('[data-testid="store-refused"]');
    expect(page.text()).toContain('open one of the stores you can');
    expect(page.get('a').text()).toBe('Mesa Verde Dispensary');
    expect(page.get('a').attributes('href')).toBe('http://127.0.0.1:4610/backoffice/?dispensary=mesa');
    expect(app.text()).not.toMatch(/NOT_FOUND|404|no dispensary with short name/);
    // No tab, no backup line, no time: nothing of a store that is not there.
    expect(app.find('nav').exists()).toBe(false);
    expect(app.text()).not.toMatch(/\d:\d\d/);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([STORE, CHAIN]);
    app.unmount();
  });

  it('of another store than this login’s: says so, and that no store could be listed when none can', async () => {
    fakeService({
      [STORE]: [refused(403, 'FORBIDDEN', 'you are not permitted')],
      [CHAIN]: [refused(403, 'FORBIDDEN', 'no')],
    });
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('not-yours');
    expect(check.stores).toEqual([]);
  });

  it('read: the screens open, and find its name and time zone already read', async () => {
    const calls = fakeService({ [STORE]: [storeIn('America/Denver')] });
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('open');
    expect((await loadStoreInfo(useSessionStore().api, 'demo')).timeZone).toBe('America/Denver');
    expect(calls).toHaveLength(1);
  });

  it('not reached (a network failure): the screens open as before, and read again as they always did', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('open');
  });

  it('signed out: the next login’s store is read again', async () => {
    fakeService({ [STORE]: [unknown], [CHAIN]: [chain] });
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('unknown');
    check.reset();
    expect([check.verdict, check.stores]).toEqual(['checking', []]);
  });
});

describe('the live channel of a store that is not there', () => {
  it('stops at the first 404 and closes the screens, rather than asking every few seconds', async () => {
    const calls = fakeService({ [LIVE]: [unknown], [CHAIN]: [chain] });
    const check = useStoreCheckStore();
    check.verdict = 'open';
    useLiveStore().follow(true);
    await vi.waitFor(() => expect(check.verdict).toBe('unknown'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.filter((call) => call.url.pathname.endsWith('/live'))).toHaveLength(1);
    expect(check.stores).toEqual([{ shortName: 'mesa', name: 'Mesa Verde Dispensary' }]);
  });
});
