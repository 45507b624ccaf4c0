// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOrdersStore } from '../../../../renderer/pos/stores/orders.js';
import { useStoreCheckStore } from '../../../../renderer/pos/stores/store-check.js';
import { useSessionStore } from '../../../../renderer/pos/stores/session.js';
import { fakeService, refused } from '../backoffice/fake-service.js';
import { signedInCashier } from './signed-in.js';

/**
 * The register's live channel at a store that is gone since the window checked it: the page says
 * so once (the store check's "unknown" card), and the channel is not asked again every few seconds.
 */
const LIVE = 'GET /v2.0/dispensary/demo/live';

beforeEach(() => {
  signedInCashier();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(() => {
  useOrdersStore().stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the POS live channel at a store that is not there', () => {
  it('stops at the first 404 and says the store is unknown, the cashier still signed in', async () => {
    const calls = fakeService({ [LIVE]: [refused(404, 'NOT_FOUND', 'no dispensary with short name "demo"')] });
    const check = useStoreCheckStore();
    check.verdict = 'open';
    useOrdersStore().follow();
    await vi.waitFor(() => expect(check.verdict).toBe('unknown'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([LIVE]);
    expect(useSessionStore().session).not.toBeNull();
  });
});
