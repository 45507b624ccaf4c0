import { PaymentWidget } from '../pages/payment-widget.js';
import { SdkHostPage } from '../pages/sdk-host-page.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * What an integrator's try-out found: each payment's end reaches the page once, in the one event
 * that is true — an approval whose answer was lost is PAYMENT_APPROVED (never PAYMENT_ERROR), a
 * cancel with nothing under way adds no payment to the order, and an order paid in another login's
 * widget takes this one to the paid screen a reload shows.
 */

test('stream held up and Pay’s answer lost: the page gets one PAYMENT_APPROVED, and again none when the stream is back', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  let streamDown = true;
  await page.route('**/v2.0/payments/sessions/*/events', (route) =>
    streamDown ? route.abort('internetdisconnected') : route.continue(),
  );
  // The service takes the payment; its answer never reaches the widget.
  await page.route('**/v2.0/payments/sessions/*/payments', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
  expect((await host.responses())[1]).toMatchObject({
    data: { status: 'approved', originalAmount: ticket.total, cardLast4: '4242' },
  });
  // The stream comes back: its first frame carries the same approval, told already.
  streamDown = false;
  const back = page.waitForResponse((response) => response.url().endsWith('/events') && response.ok());
  await back;
  await expect(widget.heading).toHaveText('Payment approved');
  expect(await host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
  expect((await sdk.payments(ticket.orderNumber)).map((payment) => payment.status)).toEqual(['approved']);
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
});

test('the host’s cancel on the method list cancels with one PAYMENT_CANCELED and adds no payment to the order', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('How would you like to pay?');
  await host.command('event', 'cancel');
  await expect(widget.heading).toHaveText('Payment canceled');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_CANCELED']);
  expect((await host.responses())[0]).toMatchObject({
    userMessage: 'Payment canceled',
    data: { status: 'canceled', processorResponseMessage: 'canceled', originalAmount: ticket.total, chargeId: null },
  });
  expect(await sdk.payments(ticket.orderNumber)).toEqual([]);
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AWAITING_PROCESSING');
});

for (const [width, height] of [
  [375, 667],
  [1280, 800],
] as const)
  test(`paid in another login’s widget: this one shows the paid screen a reload shows (${width}×${height})`, async ({
    host,
    widget,
    sdk,
    page,
    service,
    hostServer,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const ticket = await sdk.ticket();
    const event = { originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber };
    await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
    await host.pay(event);
    await widget.method('Credit card').click();
    await widget.fillCard(PaymentWidget.CARD);
    // The same order in another tab, another login's.
    const otherPage = await page.context().newPage();
    await otherPage.setViewportSize({ width, height });
    const other = new SdkHostPage(otherPage, service.url, hostServer);
    const otherWidget = new PaymentWidget(otherPage);
    const admin = await sdk.login('admin');
    await other.open({ tokens: [admin.token], entityId: admin.entityId, init: { channel: 'ecommerce' } }, '/other-tab');
    await expect.poll(() => other.readyCount()).toBe(1);
    await other.pay(event);
    await otherWidget.method('Credit card').click();
    await expect(otherWidget.heading).toHaveText('Pay by card');
    await widget.button(/^Pay \$/).click();
    await expect(widget.heading).toHaveText('Payment approved');
    // The other tab follows, without a reload and without a Pay it would be refused.
    await expect(otherWidget.heading).toHaveText('This order is already paid');
    await expect(otherWidget.main).toContainText(`Order ${ticket.orderNumber} is already paid.`);
    await expect(otherWidget.button(/^Pay \$/)).toHaveCount(0);
    await expect
      .poll(() => other.responses())
      .toEqual([
        expect.objectContaining({ eventType: 'PAYMENT_OPTION_SELECTED' }),
        {
          eventType: 'PAYMENT_ERROR',
          userMessage: `Order ${ticket.orderNumber} is already paid.`,
          processorName: '',
          paymentMethod: '',
          data: {},
        },
      ]);
    await keepScreenshot(otherPage, testInfo, `paid-elsewhere-${width}`);
    expect(await host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
    await otherPage.close();
  });
