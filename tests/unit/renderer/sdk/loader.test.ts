// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.test/checkout","settings":{"enableIframePageLoading":true,"fetch":{"virtualServers":[{"url":"https://pay.test/","directory":"tests/unit/renderer/sdk/fixtures/service-origin"}]}}}
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  bootLoader,
  ENTITY_ID,
  initOptions,
  recordFrames,
  resetPage,
  say,
  SERVICE,
  sent,
  settled,
  until,
  widgetFrame,
} from './loader-harness';

type ConsoleSpy = MockInstance<typeof console.error>;
let errors: ConsoleSpy;
let warnings: ConsoleSpy;
/** What was logged, without the `[instance]` prefix. */
const logged = (spy: ConsoleSpy) => spy.mock.calls.map((call: unknown[]) => call.slice(1).join(' ')).join('\n');

beforeEach(() => {
  recordFrames();
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  await resetPage();
  vi.restoreAllMocks();
});

/** Boots, inits and plays the widget's `ready`. */
async function readySdk(extra: Record<string, unknown> = {}) {
  const sdk = await bootLoader();
  const options = initOptions(extra);
  sdk('init', options);
  await until(() => sent('init').length === 1);
  say({ type: 'ready' });
  return { sdk, options };
}

describe('loading (spec 4.3)', () => {
  it('replays the queued commands in order and marks loaded-<instance>', async () => {
    const ready = vi.fn();
    const handlePaymentResponse = vi.fn();
    const sdk = await bootLoader([
      ['init', initOptions({ onReady: ready, channel: 'ecommerce' })],
      ['event', 'payment', { originalAmount: 1250, handlePaymentResponse }],
    ]);
    expect((window as unknown as Record<string, unknown>)['loaded-_servicepay']).toBe(true);
    expect(typeof sdk).toBe('function');
    const iframe = widgetFrame();
    expect(iframe.parentElement!.id).toBe('widget-_servicepay');
    expect(iframe.src).toBe(
      `${SERVICE}/sdk/widget/#instance=_servicepay&origin=${encodeURIComponent('https://shop.test')}`,
    );
    await until(() => sent('init').length === 1);
    expect(sent('init')[0]).toMatchObject({
      targetOrigin: SERVICE,
      message: {
        servicepay: 1,
        instance: '_servicepay',
        token: 'token-1',
        entityId: ENTITY_ID,
        options: { channel: 'ecommerce' },
      },
    });
    expect(sent('payment')).toHaveLength(0); // held until the widget is ready
    say({ type: 'ready' });
    await until(() => ready.mock.calls.length === 1);
    expect(sent().map((entry) => entry.message.type)).toEqual(['init', 'payment']);
    expect(sent('payment')[0]!.message.event).toEqual({ originalAmount: 1250 });
  });

  it('uses the script id as the instance name', async () => {
    const sdk = await bootLoader([], 'shopPay');
    sdk('init', initOptions());
    expect(document.getElementById('widget-shopPay')).not.toBeNull();
    await resetPage('shopPay');
  });

  it('says clearly when the page is not UTF-8 (spec 7.4) and still works', async () => {
    Object.defineProperty(document, 'characterSet', { value: 'windows-1252', configurable: true });
    const sdk = await bootLoader();
    delete (document as unknown as Record<string, unknown>).characterSet;
    expect(logged(errors)).toContain('<meta charset="UTF-8">');
    sdk('init', initOptions());
    expect(widgetFrame()).not.toBeNull();
  });

  it('does nothing the second time the script runs for the same instance', async () => {
    const first = await bootLoader();
    await bootLoader();
    expect((window as unknown as Record<string, unknown>)._servicepay).toBe(first);
    expect(logged(warnings)).toContain('loaded twice');
  });
});

describe('misuse is reported in the console and does nothing else', () => {
  it.each([
    ['an event before init', [['event', 'payment', { originalAmount: 1 }]], 'call init first'],
    ['an unknown command', [['pay', 1]], 'unknown command "pay"'],
    [
      'an unknown event',
      [
        ['init', null],
        ['event', 'refund'],
      ],
      'init failed',
    ],
  ])('%s', async (_name, commands, message) => {
    const sdk = await bootLoader();
    for (const args of commands) expect(() => sdk(...args)).not.toThrow();
    expect(logged(errors)).toContain(message);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('answers a payment event before init with PAYMENT_ERROR, so a page waiting on it is not left waiting', async () => {
    const sdk = await bootLoader();
    const answers: { eventType: string; userMessage: string }[] = [];
    sdk('event', 'payment', {
      originalAmount: 1,
      handlePaymentResponse: (answer: (typeof answers)[number]) => answers.push(answer),
    });
    await until(() => answers.length > 0);
    expect(answers).toEqual([
      expect.objectContaining({ eventType: 'PAYMENT_ERROR', userMessage: expect.stringContaining('could not load') }),
    ]);
    expect(logged(errors)).toContain('call init first');
  });

  it('refuses a second init without rendering twice', async () => {
    const { sdk } = await readySdk();
    sdk('init', initOptions());
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(logged(errors)).toContain('init was already called');
  });

  it('logs unknown events and bad mount arguments after init', async () => {
    const { sdk } = await readySdk();
    sdk('event', 'refund');
    sdk('event', 'mount', { component: 'cart' });
    sdk('event', 'unmount', { component: 'payment-options-banner' });
    expect(logged(errors)).toContain('unknown event "refund"');
    expect(logged(errors)).toContain('component must be "payment-options-banner"');
    expect(logged(warnings)).toContain('not mounted');
  });

  it('lets init run again after a failed init', async () => {
    const sdk = await bootLoader();
    sdk('init', { ...initOptions(), channel: 'kiosk' });
    expect(logged(errors)).toContain('channel must be one of ffd, ecommerce, virtual_terminal, pos (got "kiosk")');
    sdk('event', 'refresh');
    expect(logged(errors)).toContain('event "refresh" ignored: init failed');
    sdk('init', initOptions());
    expect(widgetFrame()).not.toBeNull();
  });

  it('reports an authTokenFactory that fails and removes the widget', async () => {
    const sdk = await bootLoader();
    sdk('init', initOptions({ authTokenFactory: () => Promise.reject(new Error('login refused')) }));
    await until(() => errors.mock.calls.length > 0);
    expect(logged(errors)).toContain('init failed: authTokenFactory failed: login refused');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('never lets a throwing callback reach the page', async () => {
    const { sdk } = await readySdk({
      onReady: () => {
        throw new Error('onReady broke');
      },
    });
    const handlePaymentResponse = vi.fn(() => {
      throw new Error('handler broke');
    });
    sdk('event', 'payment', { originalAmount: 100, ticketAlphaNumId: 'ABC234', handlePaymentResponse });
    say({
      type: 'response',
      envelope: { eventType: 'PAYMENT_ERROR', userMessage: 'x', processorName: '', paymentMethod: '', data: {} },
    });
    await until(() => handlePaymentResponse.mock.calls.length === 1 && errors.mock.calls.length >= 2);
    expect(logged(errors)).toContain('onReady failed: onReady broke');
    expect(logged(errors)).toContain('handlePaymentResponse failed: handler broke');
  });
});

describe('the widget messages', () => {
  it('accepts only messages from the service origin and its own iframe', async () => {
    const onReady = vi.fn();
    const sdk = await bootLoader();
    sdk('init', initOptions({ onReady }));
    await until(() => sent('init').length === 1);
    say({ type: 'ready' }, { origin: 'https://evil.test' });
    say({ type: 'ready' }, { source: window });
    say({ type: 'ready' }, { instance: 'other' });
    await settled();
    expect(onReady).not.toHaveBeenCalled();
    say({ type: 'ready' });
    say({ type: 'ready' });
    await until(() => onReady.mock.calls.length === 1);
    await settled();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('delivers responses to the current payment callback', async () => {
    const { sdk } = await readySdk();
    const first = vi.fn();
    const second = vi.fn();
    sdk('event', 'payment', { originalAmount: 100, ticketAlphaNumId: 'ABC234', handlePaymentResponse: first });
    sdk('event', 'payment', { originalAmount: 200, ticketAlphaNumId: 'ABC234', handlePaymentResponse: second });
    const envelope = {
      eventType: 'PAYMENT_OPTION_SELECTED',
      processorName: 'sandbox',
      paymentMethod: 'ATM',
      data: { option: 'Rounded Debit' },
    };
    say({ type: 'response', envelope });
    await until(() => second.mock.calls.length === 1);
    expect(second).toHaveBeenCalledWith(envelope);
    expect(first).not.toHaveBeenCalled();
  });

  it('calls authTokenFactory again when the token expired', async () => {
    let count = 0;
    await readySdk({ authTokenFactory: async () => `token-${++count}` });
    say({ type: 'token-expired' });
    await until(() => sent('token').length === 1);
    expect(sent('token')[0]!.message.token).toBe('token-2');
  });

  it('sizes the iframe to the widget, except full screen', async () => {
    await readySdk();
    say({ type: 'resize', height: 412.4 });
    expect(widgetFrame().style.height).toBe('413px');
  });

  it('shows the paylink overlay of the service origin only, locking the page until it closes', async () => {
    const { options } = await readySdk();
    say({ type: 'paylink-open', url: 'https://evil.test/sdk/paylink/' });
    expect(document.getElementById('paylink-_servicepay')).toBeNull();
    say({ type: 'paylink-open', url: `${SERVICE}/sdk/paylink/#token=abc` });
    const overlay = document.getElementById('paylink-_servicepay')!;
    expect(overlay.getAttribute('aria-modal')).toBe('true');
    expect(overlay.querySelector('iframe')!.src).toBe(`${SERVICE}/sdk/paylink/#token=abc`);
    expect((options.element as HTMLElement).hasAttribute('inert')).toBe(true);
    say({ type: 'paylink-close' });
    expect(document.getElementById('paylink-_servicepay')).toBeNull();
    expect((options.element as HTMLElement).hasAttribute('inert')).toBe(false);
  });

  it('forwards widget logs only with debug', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await readySdk({ debug: true });
    say({ type: 'log', level: 'info', message: 'session opened' });
    expect(logged(info)).toContain('widget: session opened');
  });
});
