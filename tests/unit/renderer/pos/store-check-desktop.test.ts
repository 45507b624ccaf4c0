// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '../../../../shared/contracts/desktop.js';
import { refusedStoreWords } from '../../../../renderer/common/store-check-words.js';
import { fakeService, refused, storeIn } from '../backoffice/fake-service.js';

/**
 * In the Electron shell the preload gives the service and the register (no `?dispensary=`: the
 * default store): the register's store is read there, and one not there names no store.
 */
const bridge = { serviceUrl: 'http://127.0.0.1:5555', terminalId: 'front-3' } as DesktopBridge;

/** The register's stores as the shell's window has them, Casey signed in. */
async function inTheShell() {
  window.servicepayDesktop = bridge;
  vi.resetModules();
  const { ASKED_STORE, useStoreCheckStore } = await import('../../../../renderer/pos/stores/store-check.js');
  const { forgetStoreInfo } = await import('../../../../renderer/common/store-info.js');
  const { signedInCashier } = await import('./signed-in.js');
  forgetStoreInfo();
  signedInCashier();
  return { asked: ASKED_STORE, check: useStoreCheckStore() };
}

afterEach(() => {
  delete window.servicepayDesktop;
  vi.unstubAllGlobals();
});

describe('the register’s store in the Electron shell', () => {
  it('is read at the preload’s service, and opens the sale screen', async () => {
    const calls = fakeService({ 'GET /v2.0/dispensary/demo': [storeIn('America/Denver')] });
    const { check } = await inTheShell();
    await check.check();
    expect(check.verdict).toBe('open');
    expect(calls.map((call) => call.url.href)).toEqual(['http://127.0.0.1:5555/v2.0/dispensary/demo']);
  });

  it('not there: the page says the address names no store', async () => {
    fakeService({ 'GET /v2.0/dispensary/demo': [refused(404, 'NOT_FOUND', 'no dispensary')] });
    const { asked, check } = await inTheShell();
    await check.check();
    expect(check.verdict).toBe('unknown');
    expect(refusedStoreWords('unknown', asked, check.stores).title).toBe('This address names no store');
  });
});
