// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?dispensary=nope&terminal=front-1"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../../../shared/permissions.js';
import { forgetStoreInfo, loadStoreInfo } from '../../../../renderer/common/store-info.js';
import App from '../../../../renderer/pos/App.vue';
import { useSessionStore } from '../../../../renderer/pos/stores/session.js';
import { useStoreCheckStore } from '../../../../renderer/pos/stores/store-check.js';
import { fakeService, refused, storeIn, type Answer } from '../backoffice/fake-service.js';
import { signedInCashier } from './signed-in.js';

/**
 * The register reads the store of its address before its sale screen opens (README "Setting up a store"): one
 * the service does not know is said in words on one page, and nothing is asked of it again.
 */
const ATTACH = 'GET /v2.0/register/attach';
const STORE = 'GET /v2.0/dispensary/nope';
const CHAIN = 'GET /v2.0/reports/summary';
const standalone: Answer = { body: { attachable: false, attached: null } };
const unknown = refused(404, 'NOT_FOUND', 'no dispensary with short name "nope"');
const chain: Answer = {
  body: { stores: [{ dispensaryShortName: 'mesa', dispensaryName: 'Mesa Verde Dispensary' }] },
};

/** Casey the cashier signed in, with `permissions` (a cashier's lists no stores). */
function signedIn(permissions: Permission[] = []): void {
  forgetStoreInfo();
  signedInCashier();
  const session = useSessionStore().session!;
  useSessionStore().session = { ...session, user: { ...session.user, permissions } };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the register at a store that is not there', () => {
  it('says so once in words, opens no sale screen and asks nothing again', async () => {
    signedIn();
    const calls = fakeService({ [ATTACH]: [standalone], [STORE]: [unknown] });
    const app = mount(App, { global: { plugins: [getActivePinia()!] } });
    await flushPromises();

    const page = app.get('[data-testid="store-refused"]');
    expect(page.get('h2').text()).toBe('There is no store “nope” here');
    expect(page.text()).toContain('Your manager can tell you the short name of each store.');
    expect(page.find('a').exists()).toBe(false);
    expect(app.text()).not.toMatch(/NOT_FOUND|404|no dispensary with short name|Cart|\d:\d\d/);

    await vi.advanceTimersByTimeAsync(60_000);
    // A cashier may not list the stores: not even asked.
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([STORE, ATTACH]);
    app.unmount();
  });

  it('offers a manager the stores to open, at this register’s address', async () => {
    signedIn(['audit:read', 'ticket:read']);
    fakeService({ [STORE]: [unknown], [CHAIN]: [chain] });
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('unknown');
    expect(check.stores).toEqual([{ shortName: 'mesa', name: 'Mesa Verde Dispensary' }]);
  });

  it('of another store than this login’s: not this login’s, in words', async () => {
    signedIn();
    fakeService({ [ATTACH]: [standalone], [STORE]: [refused(403, 'FORBIDDEN', 'you are not permitted')] });
    const app = mount(App, { global: { plugins: [getActivePinia()!] } });
    await flushPromises();
    expect(app.get('h2').text()).toBe('You cannot open the store “nope” with this login');
    expect(app.text()).not.toMatch(/FORBIDDEN|not permitted/);
    app.unmount();
  });

  it('there after all: the sale screen opens and finds the store already read', async () => {
    signedIn();
    const calls = fakeService({ [STORE]: [storeIn('America/Denver')] });
    const check = useStoreCheckStore();
    await check.check();
    expect(check.verdict).toBe('open');
    expect((await loadStoreInfo(useSessionStore().api, 'nope')).timeZone).toBe('America/Denver');
    expect(calls).toHaveLength(1);
  });

  it('signed out: the next login’s store is read again', async () => {
    signedIn();
    fakeService({ [STORE]: [unknown] });
    const check = useStoreCheckStore();
    await check.check();
    check.reset();
    expect([check.verdict, check.stores]).toEqual(['checking', []]);
  });
});
