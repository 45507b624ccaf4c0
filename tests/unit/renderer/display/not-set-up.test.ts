// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/display/?dispensary=nope&terminal=front-1"}
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, getActivePinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStoreInfo } from '../../../../renderer/common/store-info.js';
import App from '../../../../renderer/display/App.vue';
import { session } from '../../../../renderer/display/logic/display-session.js';
import { notSetUpWords } from '../../../../renderer/display/logic/not-set-up-words.js';
import { useDisplayStore } from '../../../../renderer/display/stores/display.js';
import { useStoreCheckStore } from '../../../../renderer/display/stores/store-check.js';
import { fakeService, refused } from '../backoffice/fake-service.js';

/**
 * The pole display at a store that is not there (README "Setting up a store"): the customer sees a calm
 * "not set up" screen, staff the reason in small type and the title, and nothing is asked again.
 */
const STORE = 'GET /v2.0/dispensary/nope';
const LIVE = 'GET /v2.0/dispensary/nope/live';
const unknown = refused(404, 'NOT_FOUND', 'no dispensary with short name "nope"');
const user = { id: 'd', username: 'display', displayName: 'Display', role: 'display' as const };

beforeEach(() => {
  forgetStoreInfo();
  setActivePinia(createPinia());
  session.value = {
    token: 't',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    user: { ...user, permissions: ['ticket:read'], organizationId: 'o', employeeReferenceId: null },
    client: null,
  };
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  useDisplayStore().stop();
  session.value = null;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the pole display at a store that is not there', () => {
  it('shows the customer a calm screen, staff the reason, and asks nothing again', async () => {
    const calls = fakeService({ [STORE]: [unknown] });
    const app = mount(App, { global: { plugins: [getActivePinia()!] } });
    await flushPromises();

    expect(app.get('h1').text()).toBe('This display is not set up yet');
    expect(app.get('[data-testid="staff-note"]').text()).toContain(
      'For staff (register front-1): There is no store “nope” here.',
    );
    expect(document.title).toBe('Not set up: There is no store “nope” here · ServicePay customer display');
    expect(app.text()).not.toMatch(/Welcome|NOT_FOUND|404|no dispensary with short name/);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([STORE]);
    app.unmount();
    expect(document.title).not.toMatch(/Not set up/);
  });

  it('stops its live channel at the first 404, rather than asking every few seconds', async () => {
    const calls = fakeService({ [LIVE]: [unknown] });
    const check = useStoreCheckStore();
    check.verdict = 'open';
    useDisplayStore().follow({ snapshot: () => undefined, reconnected: () => undefined });
    await vi.waitFor(() => expect(check.verdict).toBe('unknown'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(session.value).not.toBeNull();
  });
});

describe('the words of a display that is not set up', () => {
  it('say nothing of stores to the customer, and why to staff', () => {
    const words = notSetUpWords('not-yours', 'demo', 'front-2');
    expect(words.heading).toBe('This display is not set up yet');
    expect(words.staff).toBe(
      'For staff (register front-2): You cannot open the store “demo” with this login. Sign out and sign in as someone who works there, or check the address.',
    );
    expect(notSetUpWords('unknown', 'Green Valley', 'front-1').staff).toContain(
      'A store’s short name has lowercase letters and digits only',
    );
  });
});
