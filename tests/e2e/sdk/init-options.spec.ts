import { expect, test } from '../support/sdk-fixtures.js';

/** The options of init (spec 4.3), each seen from the host page. */

test('channel defaults to ffd, where the order number is required', async ({ host, widget, sdk }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('display'));
  await host.pay({ originalAmount: ticket.total });
  await expect
    .poll(() => host.responses())
    .toEqual([
      {
        eventType: 'PAYMENT_ERROR',
        userMessage: 'ticketAlphaNumId is required in the ffd channel: the order number',
        processorName: '',
        paymentMethod: '',
        data: {},
      },
    ]);
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.method('Credit card')).toBeVisible();
  await expect(widget.method('Debit card')).toBeVisible();
  // A single further method is shown, never hidden behind "Others".
  await expect(widget.method(/Cashless ATM/)).toBeVisible();
  await expect(widget.method('Others')).toHaveCount(0);
});

test('debug logs what the SDK and the widget do; without it the console stays quiet', async ({ host, sdk, page }) => {
  const info: string[] = [];
  page.on('console', (message) => void (message.type() === 'info' && info.push(message.text())));
  const login = await sdk.login('manager');
  await host.ready(login, { channel: 'ecommerce', debug: true });
  await host.pay({ originalAmount: 1000 });
  await expect.poll(() => info.join('\n')).toMatch(/\[_servicepay\] widget: payment session .+ opened/);
  expect(info).toContain('[_servicepay] ready');

  info.length = 0;
  await host.ready(login, { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1000 });
  await expect(
    host.page.frameLocator('#widget-_servicepay iframe').getByRole('button', { name: 'Credit card' }),
  ).toBeVisible();
  expect(info).toEqual([]);
});

test('autoRenderPayments false: loaded hidden and ready, shown at the first payment', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', autoRenderPayments: false });
  await expect(widget.container).toBeHidden();
  await host.pay({ originalAmount: 2500 });
  await expect(widget.container).toBeVisible();
  await expect(widget.method('Credit card')).toBeVisible();
});

test('entityName and dispensaryShortName: the store name is shown and the order is found in that dispensary', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), {
    channel: 'pos',
    entityName: 'Green Valley Midtown',
    dispensaryShortName: 'demo',
  });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.main).toContainText(`Green Valley Midtown · Order ${ticket.orderNumber}`);
});

test('an invalid dispensaryShortName fails init; an unknown one refuses the payment', async ({ host, sdk }) => {
  const login = await sdk.login('cashier');
  await host.open({
    tokens: [login.token],
    entityId: login.entityId,
    init: { channel: 'pos', dispensaryShortName: 'Green Valley' },
  });
  await expect
    .poll(() => host.consoleErrors)
    .toContain(
      '[_servicepay] init failed: dispensaryShortName must be kebab case, at most 10 characters (got "Green Valley")',
    );
  await host.init({ channel: 'pos', dispensaryShortName: 'nowhere' });
  await expect.poll(() => host.readyCount()).toBe(1);
  await host.pay({ originalAmount: 1000, ticketAlphaNumId: 'ABC234' });
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_ERROR']);
  expect((await host.responses())[0]!).toMatchObject({ data: {} });
});

test('disablePaymentMethods: hidden removes a method; message shows the text in a modal (ecommerce)', async ({
  host,
  widget,
  sdk,
}) => {
  await host.ready(await sdk.login('manager'), {
    channel: 'ecommerce',
    disablePaymentMethods: [{ paymentMethod: 'ACH', action: 'message', message: 'Bank transfers are paused today.' }],
  });
  await host.pay({ originalAmount: 1800 });
  await widget.method('Bank transfer (ACH)').click();
  const dialog = widget.frame.getByRole('dialog');
  await expect(dialog).toContainText('Bank transfers are paused today.');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await host.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(widget.method('Bank transfer (ACH)')).toBeFocused();
  expect(await host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED']);

  await host.ready(await sdk.login('manager'), {
    channel: 'ecommerce',
    disablePaymentMethods: [{ paymentMethod: 'Credit', action: 'hidden' }],
  });
  await host.pay({ originalAmount: 1800 });
  await expect(widget.method('Bank transfer (ACH)')).toBeVisible();
  await expect(widget.method('Credit card')).toHaveCount(0);
});

test('a message rule outside ecommerce hides the method', async ({ host, widget, sdk }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), {
    channel: 'pos',
    disablePaymentMethods: [{ paymentMethod: 'Cash', action: 'message', message: 'No cash today' }],
  });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.method('Credit card')).toBeVisible();
  await expect(widget.method('Cash')).toHaveCount(0);
});

test('onReady fires once, whatever follows', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 900 });
  await host.command('event', 'refresh');
  await expect(widget.method('Credit card')).toBeVisible();
  expect(await host.readyCount()).toBe(1);
});
