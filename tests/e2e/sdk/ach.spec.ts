import { PaylinkPage } from '../pages/paylink-page.js';
import { keepScreenshot } from '../support/screenshots.js';
import { amountWithCents } from '../support/sdk-api.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * ACH through the hosted paylink (docs/payments.md "ACH"): an authorization that leaves the order
 * AUTHORIZED, delivered by `redirect` (a new tab while the widget shows an in-progress modal), by
 * `iframe` (an overlay above the host page with the cart locked) and as a virtual-terminal invoice.
 */
const ACH = 'Bank transfer (ACH)';

test('redirect: the checkout opens in a new tab; authorizing it approves the payment and the order is AUTHORIZED', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', dispensaryShortName: 'demo' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  const popup = page.waitForEvent('popup');
  await widget.method(ACH).click();
  const checkout = new PaylinkPage(await popup);
  await expect(widget.frame.getByRole('dialog')).toContainText('Finish paying in the new tab');
  await expect(checkout.heading).toHaveText('Pay by bank transfer');
  await expect(checkout.root.getByText('Order ' + ticket.orderNumber)).toBeVisible();
  await checkout.fill();
  await checkout.authorize();
  await expect(checkout.heading).toHaveText('Payment authorized');
  await expect(widget.heading).toHaveText('Payment approved');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
  expect((await host.responses())[1]).toMatchObject({
    paymentMethod: 'ACH',
    data: { status: 'approved', providerTransType: 'authorization', captured: false, originalAmount: ticket.total },
  });
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AUTHORIZED');
});

test('iframe: the checkout is an overlay, the cart is locked until it completes', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method(ACH).click();
  const overlay = page.locator('#paylink-_servicepay');
  await expect(overlay).toHaveAttribute('role', 'dialog');
  await expect(page.locator('main')).toHaveAttribute('inert', '');
  await expect(widget.heading).toHaveText('Complete the bank payment');
  const checkout = PaylinkPage.inOverlay(page);
  await checkout.fill();
  await checkout.authorize();
  await expect(overlay).toHaveCount(0);
  await expect(page.locator('main')).not.toHaveAttribute('inert', '');
  await expect(widget.heading).toHaveText('Payment approved');
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AUTHORIZED');
});

test('iframe: canceling in the checkout closes the overlay and answers PAYMENT_CANCELED', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
  await host.pay({ originalAmount: 4200 });
  await widget.method(ACH).click();
  const checkout = PaylinkPage.inOverlay(page);
  await expect(checkout.heading).toHaveText('Pay by bank transfer');
  await checkout.cancel();
  await expect(page.locator('#paylink-_servicepay')).toHaveCount(0);
  await expect(widget.heading).toHaveText('Payment canceled');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_CANCELED']);
  expect((await host.responses())[1]).toMatchObject({
    paymentMethod: 'ACH',
    data: { status: 'canceled', method: 'ACH' },
  });
});

test('a bank that declines (.51, NSF) is PAYMENT_ERROR said in words, never its return code; the order still awaits payment', async ({
  host,
  widget,
  sdk,
  page,
}, testInfo) => {
  const ticket = await sdk.ticket(2);
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: amountWithCents(ticket.total, 51), ticketAlphaNumId: ticket.orderNumber });
  const popup = page.waitForEvent('popup');
  await widget.method(ACH).click();
  const tab = await popup;
  await tab.setViewportSize({ width: 1280, height: 800 });
  const checkout = new PaylinkPage(tab);
  await checkout.fill();
  await checkout.authorize();
  await expect(checkout.heading).toHaveText('Your bank declined the payment');
  await expect(checkout.root.getByTestId('paylink-message')).toHaveText('Insufficient funds in the bank account.');
  await expect(tab.getByText(/R01/)).toHaveCount(0);
  await keepScreenshot(tab, testInfo, 'paylink-declined');
  await expect(widget.heading).toHaveText('Payment declined');
  // Under its heading the widget tells the shopper why in their words, and what to do next.
  await expect(
    widget.main.getByText(
      'Your bank declined the payment: there is not enough money in the account. Use another account or another way to pay.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(widget.main.getByText(/declined:/i)).toHaveCount(0);
  await expect(widget.frame.getByText(/R01/)).toHaveCount(0);
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_ERROR']);
  expect((await host.responses())[1]).toMatchObject({
    userMessage: 'Declined: insufficient funds in the bank account',
    data: {},
  });
  // The code stays in the payment's own field, for programs.
  expect((await sdk.payments(ticket.orderNumber))[0]).toMatchObject({
    status: 'declined',
    processorResponseCode: 'R01',
  });
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AWAITING_PROCESSING');
});

test('the paylink page says why it cannot open a link in the customer’s words, never the service’s field path', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const checkout = new PaylinkPage(page);
  // A link cut short when copied: the service refuses the token's form ("token in the address must be …").
  await page.goto(`${service.url}/sdk/paylink/#spl_cut-short`);
  await expect(checkout.heading).toHaveText('This payment link cannot be opened');
  await expect(
    page.getByText(
      'This payment link is incomplete. Open it again from the message the store sent, or ask the store for a new one.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/params|token|spl_/)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'paylink-incomplete');
  // A well-formed token the service does not know (NOT_FOUND).
  await page.goto(`${service.url}/sdk/paylink/#spl_${'a'.repeat(43)}`);
  await page.reload();
  await expect(page.getByText('This payment link does not exist. Ask the store for a new one.')).toBeVisible();
  await expect(page.getByText(/paylink/)).toHaveCount(0);
});

test('the paylink page checks the routing number (ABA checksum) before sending it', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce', paylinkDeliveryMethod: 'iframe' });
  await host.pay({ originalAmount: 1500 });
  await widget.method(ACH).click();
  const checkout = PaylinkPage.inOverlay(page);
  await checkout.fill({ ...PaylinkPage.ACCOUNT, routing: '011000016' });
  await checkout.authorize();
  await expect(checkout.root.getByText('This routing number is not valid.')).toBeVisible();
  await expect(checkout.root.getByLabel('Routing number (9 digits)')).toBeFocused();
  await checkout.cancel();
  await expect(widget.heading).toHaveText('Payment canceled');
});

test('virtual terminal: ACH is an invoice link the customer completes', async ({ host, widget, sdk, context }) => {
  await host.ready(await sdk.login('manager'), { channel: 'virtual_terminal' });
  await host.pay({ originalAmount: 2500 });
  await widget.method(ACH).click();
  await expect(widget.heading).toHaveText('Invoice ready');
  const link = await widget.frame.getByLabel('Payment link').inputValue();
  expect(link).toMatch(/\/sdk\/paylink\/#.+/);
  const customer = await context.newPage();
  await customer.goto(link);
  const checkout = new PaylinkPage(customer);
  await checkout.fill();
  await checkout.authorize();
  await expect(widget.heading).toHaveText('Payment approved');
  await expect
    .poll(async () => (await host.responses()).at(-1))
    .toMatchObject({ eventType: 'PAYMENT_APPROVED', paymentMethod: 'ACH' });
  const approved = (await host.responses()).at(-1)!;
  expect(approved.eventType === 'PAYMENT_APPROVED' && approved.data.invoiceId).toBeTruthy();
});

test('ACH over $999.00 is shown but cannot be chosen, and says why', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 150000 });
  await expect(widget.method(ACH)).toBeDisabled();
  await expect(widget.method(ACH)).toHaveAccessibleDescription(/999/);
});
