import { PaymentWidget } from '../pages/payment-widget.js';
import { expect, test } from '../support/sdk-fixtures.js';

/** Loading the SDK (spec 4.3), its misuse, and what never crosses from the widget to the host page. */

test('commands queued before the script loads run in order once it does; loaded-<instance> is set', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sdk/servicepay.js', async (route) => {
    await held;
    await route.continue();
  });
  const login = await sdk.login('manager');
  // The page's load event waits for the held script: go on at DOMContentLoaded.
  const init = { channel: 'ecommerce' };
  await host.open({ tokens: [login.token], entityId: login.entityId, init }, '/checkout', 'domcontentloaded');
  await host.pay({ originalAmount: 1999 });
  expect(await page.evaluate(() => (window._servicepay.q ?? []).length)).toBe(2);
  await expect(widget.container).toHaveCount(0);
  release();
  await expect(widget.heading).toHaveText('How would you like to pay?');
  await expect(widget.main).toContainText('$19.99');
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['loaded-_servicepay'])).toBe(true);
  expect(await host.readyCount()).toBe(1);
});

/** The runtime the loader fetches, under its versioned name. */
const RUNTIME = /\/sdk\/servicepay-runtime-[0-9a-f]+\.js$/;

test('the loader fetches its versioned runtime once per page, cached for good, however often init runs', async ({
  host,
  sdk,
  page,
}) => {
  const runtimes: string[] = [];
  page.on('response', (response) => {
    if (RUNTIME.test(response.url())) runtimes.push(response.headers()['cache-control'] ?? '');
  });
  const login = await sdk.login('manager');
  await host.ready(login, { channel: 'ecommerce' });
  await host.teardown();
  await host.loadAgain();
  await host.init({ channel: 'ecommerce' });
  await expect.poll(() => host.readyCount()).toBe(2);
  expect(runtimes).toEqual(['public, max-age=31536000, immutable']);
});

/** The widget's page the runtime frames, under its versioned name. */
const WIDGET_PAGE = /\/sdk\/widget\/page-[0-9a-f]+\.html$/;

test('the widget is framed from its versioned page, cached for good with its policy kept', async ({
  host,
  sdk,
  page,
}) => {
  const pages: { cache: string; policy: string }[] = [];
  page.on('response', (response) => {
    const { ['cache-control']: cache = '', ['content-security-policy']: policy = '' } = response.headers();
    if (WIDGET_PAGE.test(new URL(response.url()).pathname)) pages.push({ cache, policy });
  });
  const login = await sdk.login('manager');
  await host.ready(login, { channel: 'ecommerce' });
  const frame = page.frames().find((candidate) => WIDGET_PAGE.test(new URL(candidate.url()).pathname));
  expect(frame, 'the widget frame').toBeDefined();
  expect(pages).toEqual([
    { cache: 'public, max-age=31536000, immutable', policy: expect.stringContaining('frame-ancestors *') },
  ]);
});

test('before init the widget loads hidden; init moves that same document into its element', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const login = await sdk.login('manager');
  await host.open({ tokens: [login.token], entityId: login.entityId, init: null });
  // The page's load event waited for the hidden frame: its widget is running, not yet initialized.
  await expect(page.locator('body > #widget-_servicepay')).toBeHidden();
  const frame = page.frames().find((candidate) => WIDGET_PAGE.test(new URL(candidate.url()).pathname))!;
  await frame.evaluate(() => ((window as unknown as { before: boolean }).before = true));
  await host.init({ channel: 'ecommerce' });
  await expect.poll(() => host.readyCount()).toBe(1);
  await expect(page.locator('#checkout > #widget-_servicepay')).toBeVisible();
  expect(page.frames()).toHaveLength(2);
  // Moved, not reloaded: the document of before init is the widget's.
  expect(await frame.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);
  await host.pay({ originalAmount: 1400 });
  await expect(widget.method('Credit card')).toBeVisible();
  expect(host.consoleErrors).toEqual([]);
});

test('a runtime that does not load is reported, and the next command loads it', async ({ host, sdk, page }) => {
  let attempts = 0;
  await page.route(RUNTIME, (route) => (++attempts === 1 ? route.abort() : route.continue()));
  const login = await sdk.login('manager');
  await host.open({ tokens: [login.token], entityId: login.entityId, init: null });
  await expect
    .poll(() => host.consoleErrors.join('\n'))
    .toMatch(/\[_servicepay\] \S+ could not be loaded: the SDK will try again at the next command/);
  expect(await page.evaluate(() => 'loaded-_servicepay' in window)).toBe(false);
  await host.init({ channel: 'ecommerce' });
  await expect.poll(() => host.readyCount()).toBe(1);
  expect(attempts).toBe(2);
});

test('another instance name: the script id names the container and the loaded flag', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const login = await sdk.login('manager');
  await host.open({
    tokens: [login.token],
    entityId: login.entityId,
    instance: 'greenPay',
    init: { channel: 'ecommerce' },
  });
  await expect.poll(() => host.readyCount()).toBe(1);
  await expect(page.locator('#widget-greenPay iframe')).toHaveCount(1);
  await expect(widget.container).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as Record<string, unknown>)['loaded-greenPay'])).toBe(true);
});

test('a page that is not UTF-8 is told so in the console, and the SDK still works', async ({ host, widget, sdk }) => {
  const login = await sdk.login('manager');
  await host.open({
    tokens: [login.token],
    entityId: login.entityId,
    charset: 'windows-1252',
    init: { channel: 'ecommerce' },
  });
  await expect.poll(() => host.readyCount()).toBe(1);
  expect(host.consoleErrors.join('\n')).toContain(
    'the page is not UTF-8 (it is windows-1252): add <meta charset="UTF-8"> to its <head>',
  );
  await host.pay({ originalAmount: 500 });
  await expect(widget.method('Credit card')).toBeVisible();
});

test('misuse is reported in the console and does nothing else', async ({ host, widget, sdk, page }) => {
  const login = await sdk.login('manager');
  await host.open({ tokens: [login.token], entityId: login.entityId, init: null });
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>)['loaded-_servicepay'] === true);
  await host.command('event', 'payment', { originalAmount: 100 });
  await host.command('refund', 100);
  await host.init({ element: '#checkout' });
  await host.command('event', 'refresh');
  expect(host.consoleErrors).toEqual([
    '[_servicepay] event "payment" ignored: call init first',
    "[_servicepay] unknown command \"refund\": use 'init' or 'event'",
    '[_servicepay] init failed: element must be an HTML element (got "#checkout")',
    '[_servicepay] event "refresh" ignored: init failed',
  ]);
  await expect(widget.container).toHaveCount(0);
  // After a failed init, init may be called again; twice does not render twice.
  await host.init({ channel: 'ecommerce' });
  await host.init({ channel: 'ecommerce' });
  await expect.poll(() => host.readyCount()).toBe(1);
  await expect(page.locator('iframe')).toHaveCount(1);
  expect(host.consoleErrors.at(-1)).toContain('init was already called');
  await host.command('event', 'mount', { component: 'cart' });
  await host.command('event', 'launch');
  expect(host.consoleErrors.slice(-2)).toEqual([
    '[_servicepay] mount: component must be "payment-options-banner"',
    '[_servicepay] unknown event "launch": use payment, cancel, refresh, mount or unmount',
  ]);
});

test('an expired token: the widget asks again and authTokenFactory is called for a fresh one', async ({
  host,
  widget,
  sdk,
}) => {
  const login = await sdk.login('manager');
  await host.open({
    tokens: ['spt_expired-token', login.token],
    entityId: login.entityId,
    init: { channel: 'ecommerce' },
  });
  await expect.poll(() => host.readyCount()).toBe(1);
  expect(await host.tokenCalls()).toBe(2);
  await host.pay({ originalAmount: 700 });
  await expect(widget.method('Credit card')).toBeVisible();
});

test('a token of another entity fails init: the shopper reads what they can do, the console what to fix', async ({
  host,
  sdk,
}) => {
  const login = await sdk.login('manager');
  await host.open({
    tokens: [login.token],
    entityId: '00000000-0000-4000-8000-000000000000',
    init: { channel: 'ecommerce' },
  });
  const shopper = 'The shop could not start the payment. Reload the page, or contact the shop.';
  await expect
    .poll(() => host.consoleErrors.filter((line) => line.includes('init failed')))
    .toEqual([
      `[_servicepay] init failed: ${shopper} (the service answered: entityId is not the entity (organization) of your token)`,
    ]);
  await expect.poll(() => host.page.locator('iframe').count()).toBe(0);
  expect(await host.readyCount()).toBe(0);
  // The payment event tries init again; it fails the same, in the shopper's words (no "sign-in": they never signed in).
  await host.pay({ originalAmount: 1200, ticketAlphaNumId: 'ABC234' });
  await expect
    .poll(async () => (await host.responses()).map((response) => response.eventType))
    .toEqual(['PAYMENT_ERROR']);
  expect((await host.responses())[0]).toMatchObject({ userMessage: `The payment form could not load. ${shopper}` });
});

test('getEntityId giving no UUID fails init naming what it must give and what it gave', async ({ host, sdk }) => {
  const login = await sdk.login('manager');
  await host.open({ tokens: [login.token], entityId: 'Green Valley', init: { channel: 'ecommerce' } });
  await expect
    .poll(() => host.consoleErrors.filter((line) => line.includes('init failed')))
    .toEqual([
      "[_servicepay] init failed: getEntityId must give your organization's UUID (the organizationId of your " +
        'partner or login), such as "3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c" (got "Green Valley")',
    ]);
  await expect.poll(() => host.page.locator('iframe').count()).toBe(0);
  expect(await host.readyCount()).toBe(0);
});

test('messages that do not come from the widget are ignored', async ({ host, widget, sdk, page }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1200 });
  await expect(widget.method('Credit card')).toBeVisible();
  await page.evaluate(() => {
    const forged = {
      servicepay: 1,
      instance: '_servicepay',
      type: 'response',
      envelope: { eventType: 'PAYMENT_APPROVED' },
    };
    window.postMessage(forged, '*');
  });
  await widget.method('Credit card').click();
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED']);
});

test('card data never reaches the host page', async ({ host, widget, sdk, page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)));
  });
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 3300 });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  // The widget is another origin: the page cannot read into it.
  expect(await page.evaluate(() => document.querySelector('iframe')!.contentDocument)).toBeNull();
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.join('\n'));
  const everything = `${seen}\n${await page.content()}\n${JSON.stringify(await host.responses())}`;
  expect(everything).not.toContain('4242424242424242');
  expect(everything).not.toContain('4242 4242');
  expect(everything).not.toContain('"cvc"');
  expect(everything).toContain('"cardLast4":"4242"');
});
