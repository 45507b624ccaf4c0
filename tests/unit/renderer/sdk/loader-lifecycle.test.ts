// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.test/checkout","settings":{"enableIframePageLoading":true,"fetch":{"virtualServers":[{"url":"https://pay.test/","directory":"tests/unit/renderer/sdk/fixtures/service-origin"}]}}}
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  bootLoader,
  initOptions,
  recordFrames,
  resetPage,
  say,
  SERVICE,
  sent,
  until,
  widgetFrame,
} from './loader-harness';

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

async function readySdk(extra: Record<string, unknown> = {}) {
  const sdk = await bootLoader();
  sdk('init', initOptions(extra));
  await until(() => sent('init').length === 1);
  say({ type: 'ready' });
  return sdk;
}

const container = () => document.getElementById('widget-_servicepay')!;

describe('rendering options', () => {
  it('autoRenderPayments false loads the widget hidden and shows it at the first payment', async () => {
    const sdk = await readySdk({ autoRenderPayments: false, channel: 'ecommerce' });
    expect(container().hidden).toBe(true);
    sdk('event', 'payment', { originalAmount: 500, handlePaymentResponse: vi.fn() });
    expect(container().hidden).toBe(false);
    await until(() => sent('payment').length === 1);
    expect(sent().map((entry) => entry.message.type)).toEqual(['init', 'show', 'payment']);
  });

  it('theme.positionFixed fills the viewport and keeps the full height', async () => {
    await readySdk({ theme: { positionFixed: true } });
    expect(container().style.position).toBe('fixed');
    say({ type: 'resize', height: 200 });
    expect(widgetFrame().style.height).toBe('100%');
    expect(sent('init')[0]!.message.options).toMatchObject({ positionFixed: true, channel: 'ffd' });
  });

  it('sends the widget what it needs of init, with defaults', async () => {
    const rules = [{ paymentMethod: 'ACH', action: 'message', message: 'Bank transfers are paused', extra: () => 1 }];
    await readySdk({
      channel: 'ecommerce',
      dispensaryShortName: 'demo',
      entityName: 'Green Valley',
      disablePaymentMethods: rules,
    });
    expect(sent('init')[0]!.message.options).toEqual({
      channel: 'ecommerce',
      debug: false,
      dispensaryShortName: 'demo',
      entityName: 'Green Valley',
      locationId: undefined,
      disablePaymentMethods: [{ paymentMethod: 'ACH', action: 'message', message: 'Bank transfers are paused' }],
      paylinkDeliveryMethod: 'redirect',
      positionFixed: false,
      colors: {},
    });
  });

  it('theme.colors reach the widget, and a full-screen widget takes their background', async () => {
    const colors = { background: '#0f1a16', surface: '#18271f', text: '#f3f6f4', accent: '#7fd6a4' };
    await readySdk({ theme: { positionFixed: true, colors } });
    expect(container().style.background).toBe('#0f1a16');
    expect(sent('init')[0]!.message.options).toMatchObject({ positionFixed: true, colors });
  });
});

describe('events', () => {
  it('answers an invalid payment event with PAYMENT_ERROR naming the field and rule, and sends nothing', async () => {
    const sdk = await readySdk({ channel: 'pos' });
    const handlePaymentResponse = vi.fn();
    sdk('event', 'payment', { originalAmount: 1250, ticketAlphaNumId: 'AB-12', handlePaymentResponse });
    await until(() => handlePaymentResponse.mock.calls.length === 1);
    expect(handlePaymentResponse).toHaveBeenCalledWith({
      eventType: 'PAYMENT_ERROR',
      userMessage: 'ticketAlphaNumId must be letters and digits only, at most 10 characters (got "AB-12")',
      processorName: '',
      paymentMethod: '',
      data: {},
    });
    expect(sent('payment')).toHaveLength(0);
  });

  it('warns in the console of an ecommerce payment with no order number: a plain charge', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sdk = await readySdk({ channel: 'ecommerce' });
    const handlePaymentResponse = vi.fn();
    sdk('event', 'payment', { originalAmount: 1250, handlePaymentResponse });
    const said = () => warn.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(said()).toContain('without ticketAlphaNumId in the ecommerce channel: the card is charged against no order');
    expect(sent('payment')).toHaveLength(1);
    warn.mockClear();
    sdk('event', 'payment', { originalAmount: 1250, ticketAlphaNumId: 'UEMA2R', handlePaymentResponse });
    expect(said()).toBe('');
  });

  it('forwards cancel and refresh; cancel without a payment only warns', async () => {
    const sdk = await readySdk({ channel: 'ecommerce' });
    sdk('event', 'cancel');
    expect(sent('cancel')).toHaveLength(0);
    sdk('event', 'payment', { originalAmount: 500, handlePaymentResponse: vi.fn() });
    sdk('event', 'cancel');
    sdk('event', 'refresh');
    expect(sent().map((entry) => entry.message.type)).toEqual(['init', 'payment', 'cancel', 'refresh']);
  });

  it('mounts the payment-options banner, fills it from the widget and unmounts it', async () => {
    const sdk = await readySdk();
    const target = document.body.appendChild(document.createElement('aside'));
    sdk('event', 'mount', { component: 'payment-options-banner', element: target });
    const banner = target.querySelector('.servicepay-payment-options-banner')!;
    expect(banner).not.toBeNull();
    say({
      type: 'methods',
      methods: [
        { paymentMethod: 'Credit', label: 'Credit card' },
        { paymentMethod: 'ACH', label: 'Bank transfer (ACH)' },
        { paymentMethod: 'Cash', label: 'Cash' },
      ],
    });
    expect(banner.textContent).toBe('We accept Credit card, Bank transfer (ACH) and Cash.');
    sdk('event', 'unmount', { component: 'payment-options-banner' });
    expect(target.querySelector('.servicepay-payment-options-banner')).toBeNull();
  });

  it('mounts the banner above the widget when no element is given', async () => {
    const sdk = await readySdk();
    sdk('event', 'mount', { component: 'payment-options-banner' });
    expect(container().previousElementSibling!.className).toBe('servicepay-payment-options-banner');
  });
});

describe('single-page apps (spec 4.3)', () => {
  it('initializes again after the teardown, and the old instance goes quiet', async () => {
    const firstReady = vi.fn();
    const first = await bootLoader();
    first('init', initOptions({ onReady: firstReady }));
    await until(() => sent('init').length === 1);
    const oldFrame = widgetFrame();
    say({ type: 'paylink-open', url: `${SERVICE}/sdk/paylink/#token=t` });
    // The app navigates away: widget element, script element and both window properties go.
    await resetPage();
    const secondReady = vi.fn();
    const second = await bootLoader();
    expect(second).not.toBe(first);
    expect(document.getElementById('paylink-_servicepay')).toBeNull();
    second('init', initOptions({ onReady: secondReady }));
    await until(() => sent('init').length === 2);
    say({ type: 'ready' }, { source: oldFrame.contentWindow });
    say({ type: 'ready' });
    await until(() => secondReady.mock.calls.length === 1);
    expect(firstReady).not.toHaveBeenCalled();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('an init that fails is told to the page, and tried again', () => {
  const LOAD_FAILED =
    'The payment form could not load. The payment service cannot be reached. Check the connection, then try again.';

  it('the payment waiting for the widget gets PAYMENT_ERROR in words; the next payment tries init again', async () => {
    const sdk = await bootLoader();
    const onReady = vi.fn();
    sdk('init', initOptions({ channel: 'ecommerce', onReady }));
    const first = vi.fn();
    sdk('event', 'payment', { originalAmount: 1110, handlePaymentResponse: first });
    await until(() => sent('init').length === 1);
    // The widget could not read the payment configuration (the connection dropped).
    say({
      type: 'init-failed',
      message: 'The payment service cannot be reached. Check the connection, then try again.',
    });
    await until(() => first.mock.calls.length === 1);
    expect(first).toHaveBeenCalledWith({
      eventType: 'PAYMENT_ERROR',
      userMessage: LOAD_FAILED,
      processorName: '',
      paymentMethod: '',
      data: {},
    });
    expect(document.querySelector('iframe')).toBeNull();
    expect(onReady).not.toHaveBeenCalled();

    // The page's next payment event starts the widget again and waits for it.
    const second = vi.fn();
    sdk('event', 'payment', { originalAmount: 1110, handlePaymentResponse: second });
    expect(widgetFrame()).not.toBeNull();
    await until(() => sent('init').length === 2);
    say({ type: 'ready' });
    await until(() => sent('payment').length === 1 && onReady.mock.calls.length === 1);
    expect(second).not.toHaveBeenCalled();
  });

  it('the console says the service’s own reason beside the words the person paying reads', async () => {
    const sdk = await bootLoader();
    sdk('init', initOptions({ channel: 'ecommerce' }));
    const handlePaymentResponse = vi.fn();
    sdk('event', 'payment', { originalAmount: 1110, handlePaymentResponse });
    await until(() => sent('init').length === 1);
    const words = 'The shop could not start the payment. Reload the page, or contact the shop.';
    say({ type: 'init-failed', message: words, reason: 'entityId is not the entity (organization) of your token' });
    await until(() => handlePaymentResponse.mock.calls.length === 1);
    expect(handlePaymentResponse.mock.calls[0]![0]).toMatchObject({
      eventType: 'PAYMENT_ERROR',
      userMessage: `The payment form could not load. ${words}`,
    });
    expect(errors.mock.calls.map((call) => call.slice(1).join(' '))).toContain(
      `init failed: ${words} (the service answered: entityId is not the entity (organization) of your token)`,
    );
  });

  it('a payment after init’s options were refused gets PAYMENT_ERROR at once, naming the option and its rule', async () => {
    const sdk = await bootLoader();
    sdk('init', { ...initOptions(), channel: 'kiosk', dispensaryShortName: 'averylongname' });
    const handlePaymentResponse = vi.fn();
    sdk('event', 'payment', { originalAmount: 1110, handlePaymentResponse });
    await until(() => handlePaymentResponse.mock.calls.length === 1);
    expect(handlePaymentResponse.mock.calls[0]![0]).toEqual({
      eventType: 'PAYMENT_ERROR',
      // Reloading cannot help: the integrator reads what to fix.
      userMessage:
        'The payment form could not load: init\'s options were refused: channel must be one of ffd, ecommerce, virtual_terminal, pos (got "kiosk"); dispensaryShortName must be kebab case, at most 10 characters (got "averylongname").',
      processorName: '',
      paymentMethod: '',
      data: {},
    });
    expect(document.querySelector('iframe')).toBeNull();
  });
});
