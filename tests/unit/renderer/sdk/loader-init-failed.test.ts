// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.test/checkout","settings":{"enableIframePageLoading":true,"fetch":{"virtualServers":[{"url":"https://pay.test/","directory":"tests/unit/renderer/sdk/fixtures/service-origin"}]}}}
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { bootLoader, initOptions, recordFrames, resetPage, say, sent, settled, until } from './loader-harness';

let errors: MockInstance<typeof console.error>;

beforeEach(() => {
  recordFrames();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  await resetPage();
  vi.restoreAllMocks();
});

const SHOP_COULD_NOT_START = 'The shop could not start the payment. Reload the page, or contact the shop.';

describe('onInitFailed: the page waiting for onReady is told why the widget cannot start', () => {
  it('gets the widget’s words for the person paying, each time init fails; onReady fires once a retry starts it', async () => {
    const sdk = await bootLoader();
    const onReady = vi.fn();
    const onInitFailed = vi.fn();
    sdk('init', initOptions({ channel: 'ecommerce', onReady, onInitFailed }));
    await until(() => sent('init').length === 1);
    say({ type: 'init-failed', message: SHOP_COULD_NOT_START, reason: 'the token is not valid (unknown or revoked)' });
    await until(() => onInitFailed.mock.calls.length === 1);
    // The words, never the service's reason: that stays in the console for the integrator.
    expect(onInitFailed).toHaveBeenCalledWith({
      userMessage: `The payment form could not load. ${SHOP_COULD_NOT_START}`,
    });
    expect(errors.mock.calls.map((call) => call.slice(1).join(' '))).toContain(
      `init failed: ${SHOP_COULD_NOT_START} (the service answered: the token is not valid (unknown or revoked))`,
    );

    // init again (the page's "try again") fails again: told again.
    sdk('init', initOptions({ channel: 'ecommerce', onReady, onInitFailed }));
    await until(() => sent('init').length === 2);
    say({
      type: 'init-failed',
      message: 'The payment service cannot be reached. Check the connection, then try again.',
    });
    await until(() => onInitFailed.mock.calls.length === 2);
    expect(onInitFailed.mock.calls[1]![0]).toEqual({
      userMessage:
        'The payment form could not load. The payment service cannot be reached. Check the connection, then try again.',
    });

    sdk('init', initOptions({ channel: 'ecommerce', onReady, onInitFailed }));
    await until(() => sent('init').length === 3);
    say({ type: 'ready' });
    await until(() => onReady.mock.calls.length === 1);
    expect(onInitFailed).toHaveBeenCalledTimes(2);
  });

  it('authTokenFactory failing: told to reload, the console says what failed', async () => {
    const sdk = await bootLoader();
    const onInitFailed = vi.fn();
    const authTokenFactory = vi.fn(async () => Promise.reject(new Error('the shop answered 502')));
    sdk('init', initOptions({ channel: 'ecommerce', authTokenFactory, onInitFailed }));
    await until(() => onInitFailed.mock.calls.length === 1);
    expect(onInitFailed).toHaveBeenCalledWith({
      userMessage: 'The payment form could not load. Reload the page, then try again.',
    });
    expect(errors.mock.calls.map((call) => call.slice(1).join(' '))).toContain(
      'init failed: authTokenFactory failed: the shop answered 502',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('an onInitFailed that throws never reaches the page: the console says it', async () => {
    const sdk = await bootLoader();
    const onInitFailed = vi.fn(() => {
      throw new Error('no element to say it in');
    });
    sdk('init', initOptions({ channel: 'ecommerce', onInitFailed }));
    await until(() => sent('init').length === 1);
    say({ type: 'init-failed', message: SHOP_COULD_NOT_START });
    await until(() => onInitFailed.mock.calls.length === 1);
    await settled();
    expect(errors.mock.calls.map((call) => call.slice(1).join(' '))).toContain(
      'onInitFailed failed: no element to say it in',
    );
  });

  it('options init refused are the console’s: onInitFailed is not called for them', async () => {
    const sdk = await bootLoader();
    const onInitFailed = vi.fn();
    sdk('init', initOptions({ channel: 'kiosk', onInitFailed }));
    await settled();
    expect(onInitFailed).not.toHaveBeenCalled();
    expect(errors.mock.calls.map((call) => call.slice(1).join(' '))).toContain(
      'init failed: channel must be one of ffd, ecommerce, virtual_terminal, pos (got "kiosk")',
    );
  });
});
