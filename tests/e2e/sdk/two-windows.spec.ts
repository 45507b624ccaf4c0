import { PaymentWidget } from '../pages/payment-widget.js';
import { SdkHostPage } from '../pages/sdk-host-page.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * What an integrator's try-out found with one sign-in in two windows, and with a part payment: a
 * payment started again in another window cancels this one with PAYMENT_CANCELED and says why; the
 * summary shows what is paid now beside what the order owes.
 */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

for (const [width, height] of [
  [390, 844],
  [1280, 800],
] as const) {
  test(`started again in another window: PAYMENT_CANCELED once, and the widget says why (${width}×${height})`, async ({
    host,
    widget,
    sdk,
    page,
    service,
    hostServer,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const ticket = await sdk.ticket();
    const login = await sdk.login('manager');
    await host.ready(login, { channel: 'ecommerce' });
    await host.pay({ originalAmount: ticket.total - 100, ticketAlphaNumId: ticket.orderNumber });
    await expect(widget.heading).toHaveText('How would you like to pay?');

    // The same sign-in in another window sends the order's full amount.
    const otherPage = await page.context().newPage();
    const other = new SdkHostPage(otherPage, service.url, hostServer);
    await other.open({ tokens: [login.token], entityId: login.entityId, init: { channel: 'ecommerce' } }, '/other');
    await expect.poll(() => other.readyCount()).toBe(1);
    await other.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
    await new PaymentWidget(otherPage).method('Credit card').click();

    await expect(widget.heading).toHaveText('Payment canceled');
    await expect(widget.main).toContainText('This payment was started again in another window.');
    await expect
      .poll(() => host.responses())
      .toEqual([
        expect.objectContaining({
          eventType: 'PAYMENT_CANCELED',
          userMessage: 'Payment canceled: this payment was started again in another window.',
          data: expect.objectContaining({ status: 'canceled', processorResponseMessage: 'canceled' }),
        }),
      ]);
    await keepScreenshot(page, testInfo, `taken-over-${width}`);
    expect(await other.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED']);
    await otherPage.close();
  });

  test(`a part payment: the summary shows what is paid now of what is due (${width}×${height})`, async ({
    host,
    widget,
    sdk,
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const ticket = await sdk.ticket();
    await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
    await host.pay({ originalAmount: 1000, ticketAlphaNumId: ticket.orderNumber });
    await widget.method('Credit card').click();
    await expect(widget.main.locator('.summary .amount')).toHaveText(
      `Paying now: $10.00 of ${dollars(ticket.total)} due`,
    );
    await expect(widget.button(/^Pay \$/)).toHaveText('Pay $10.00');
    await keepScreenshot(page, testInfo, `part-payment-${width}`);
  });
}
