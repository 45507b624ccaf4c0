import { expect, test } from '../support/sdk-fixtures.js';

/**
 * While the PIN pad waits for a card. This file's service has a PIN pad that never answers in the
 * test's time, so every step happens while it waits (the other files use a 300 ms PIN pad).
 */
test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '120000', '--reconcile-delay-ms', '300'], env: {} } });

test("the widget's Cancel ends the wait: PAYMENT_CANCELED, the order still awaits payment", async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  await expect(widget.status).toHaveText(/Insert, tap or swipe/);
  await widget.button('Cancel payment').click();
  await expect(widget.heading).toHaveText('Payment canceled');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_CANCELED']);
  expect((await host.responses())[1]).toMatchObject({
    userMessage: 'Payment canceled',
    paymentMethod: 'Credit',
    data: {
      status: 'canceled',
      processorResponseMessage: 'canceled',
      method: 'Credit',
      ticketAlphaNumId: ticket.orderNumber,
    },
  });
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AWAITING_PROCESSING');
});

test('the pole display (ffd, full screen): large type, and the cancel command ends the wait', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('display'), { theme: { positionFixed: true } });
  const viewport = page.viewportSize()!;
  expect(await widget.container.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  // Read at arm's length: the prompt is at least 30 px tall.
  const size = await widget.heading.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(size).toBeGreaterThanOrEqual(30);
  await host.command('event', 'cancel');
  await expect(widget.heading).toHaveText('Payment canceled');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_CANCELED']);
});

test('an identical resend while the PIN pad waits keeps the same session and payment', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  const event = { originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber };
  await host.pay(event);
  await widget.method('Debit card').click();
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  await host.pay(event);
  await host.pay(event);
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  const payments = await sdk.payments(ticket.orderNumber);
  expect(payments.map((payment) => payment.status)).toEqual(['pending']);
  await widget.button('Cancel payment').click();
  await expect(widget.heading).toHaveText('Payment canceled');
});
