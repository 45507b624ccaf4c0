import { cli } from '../../support/service-process.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { expect, test } from '../support/sdk-fixtures.js';

/** The events of spec 4.3: payment (validated, resent), cancel, refresh, mount and unmount. */

const cases: [string, Record<string, unknown>, string][] = [
  [
    'originalAmount of zero',
    { originalAmount: 0 },
    'originalAmount must be a whole number of cents above zero (got 0)',
  ],
  [
    'a tip that is NaN',
    { originalAmount: 100, tip: Number.NaN },
    'tip must be a valid number of cents (a whole number, not NaN, zero or more) (got NaN)',
  ],
  [
    'taxes in dollars',
    { originalAmount: 100, taxes: 1.25 },
    'taxes must be a valid number of cents (a whole number, not NaN, zero or more) (got 1.25)',
  ],
  [
    'an order number with a dash',
    { originalAmount: 100, ticketAlphaNumId: 'AB-12' },
    'ticketAlphaNumId must be letters and digits only, at most 10 characters (got "AB-12")',
  ],
  [
    'a customer without e-mail',
    { originalAmount: 100, customer: { firstName: 'Ana', lastName: 'Diaz', phone: '555' } },
    'customer.email is required: an e-mail address',
  ],
];
for (const [name, event, message] of cases) {
  test(`payment with ${name}: PAYMENT_ERROR names the field and the rule`, async ({ host, widget, sdk }) => {
    await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
    await host.pay(event);
    await expect
      .poll(() => host.responses())
      .toEqual([{ eventType: 'PAYMENT_ERROR', userMessage: message, processorName: '', paymentMethod: '', data: {} }]);
    await expect(widget.heading).toHaveText('Ready for payment');
  });
}

test('a resend with a changed ticket starts over; the old session ends silently', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1000, referenceNumber: 'cart-1' });
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Pay by card');
  await host.pay({ originalAmount: 2500, referenceNumber: 'cart-1' });
  await expect(widget.heading).toHaveText('How would you like to pay?');
  await expect(widget.main).toContainText('$25.00');
  expect(await host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED']);
});

test('a resend and a double click never charge twice: one approved payment for the order', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  const event = { originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber };
  await host.pay(event);
  await host.pay(event);
  await widget.method('Credit card').click();
  await host.pay(event);
  await expect(widget.heading).toHaveText('Pay by card');
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).dblclick();
  await expect(widget.heading).toHaveText('Payment approved');
  // Sent again after the approval: the order is paid and takes no further sale.
  await host.pay(event);
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED', 'PAYMENT_ERROR']);
  expect((await host.responses())[2]).toMatchObject({ userMessage: expect.stringContaining('paid') });
  await expect(widget.heading).toHaveText('This order is already paid');
  const payments = await sdk.payments(ticket.orderNumber);
  expect(payments.filter((payment) => payment.status === 'approved')).toHaveLength(1);
  expect(payments).toHaveLength(1);
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
});

test('cancel while the customer chooses: PAYMENT_CANCELED with the canceled record', async ({ host, widget, sdk }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.method('Cash')).toBeVisible();
  await host.command('event', 'cancel');
  await expect(widget.heading).toHaveText('Payment canceled');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_CANCELED']);
  expect((await host.responses())[0]).toMatchObject({
    userMessage: 'Payment canceled',
    data: {
      status: 'canceled',
      processorResponseMessage: 'canceled',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    },
  });
});

test('refresh reloads the methods and processors', async ({ host, widget, sdk, service }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.command('event', 'mount', { component: 'payment-options-banner' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.method('Cash')).toBeVisible();
  cli(service.dataDir, 'methods', 'disable', 'Cash', '--dispensary', 'demo', '--processor', 'sandbox');
  try {
    await host.command('event', 'refresh');
    await expect(widget.method('Cash')).toHaveCount(0);
    await expect(host.page.locator('.servicepay-payment-options-banner')).toHaveText(
      'We accept Credit card, Debit card and Cashless ATM.',
    );
  } finally {
    cli(service.dataDir, 'methods', 'enable', 'Cash', '--dispensary', 'demo', '--processor', 'sandbox');
  }
  await host.command('event', 'refresh');
  await expect(widget.method('Cash')).toBeVisible();
});

test('mount and unmount the payment-options banner', async ({ host, sdk, page }) => {
  const login = await sdk.login('manager');
  await host.open({ tokens: [login.token], entityId: login.entityId, init: null });
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>)['loaded-_servicepay'] === true);
  await host.command('event', 'mount', { component: 'payment-options-banner' });
  expect(host.consoleErrors).toEqual(['[_servicepay] event "mount" ignored: call init first']);
  await host.init({ channel: 'ecommerce' });
  await page.evaluate(() =>
    window._servicepay('event', 'mount', {
      component: 'payment-options-banner',
      element: document.getElementById('promo')!,
    }),
  );
  const banner = page.locator('#promo .servicepay-payment-options-banner');
  await expect(banner).toHaveText('We accept Credit card and Bank transfer (ACH).');
  await host.command('event', 'unmount', { component: 'payment-options-banner' });
  await expect(banner).toHaveCount(0);
});

test('the payment event may name its method: the widget starts there', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1400, paymentMethod: 'Credit' });
  await expect(widget.heading).toHaveText('Pay by card');
  await widget.button('Choose another way to pay').click();
  await expect(widget.method('Bank transfer (ACH)')).toBeVisible();
  expect(await host.eventTypes()).toEqual([]);
});

test('cash on the pole display is a choice only: the customer is sent to the cashier', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('display'), { channel: 'ffd' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Cash').click();
  await expect(widget.heading).toHaveText('Please pay the cashier');
  await expect
    .poll(() => host.responses())
    .toEqual([
      {
        eventType: 'PAYMENT_OPTION_SELECTED',
        processorName: expect.any(String),
        paymentMethod: 'Cash',
        data: { option: 'Cash' },
      },
    ]);
  await widget.button('Choose another way to pay').click();
  await expect(widget.method('Credit card')).toBeVisible();
});
