import { PaylinkPage } from '../pages/paylink-page.js';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * The widget for keyboard and screen-reader users: axe finds no serious or critical violation on
 * any screen, and a whole payment can be made with the keyboard alone, announced by the status region.
 */
test('axe: method choice, card form with errors, decline, approval and the pole display', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const scan = () => seriousViolations(page, '#widget-_servicepay');
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1051 });
  await expect(widget.heading).toHaveText('How would you like to pay?');
  expect(await scan()).toEqual([]);
  await widget.method('Credit card').click();
  await widget.button(/^Pay \$/).click();
  await expect(widget.main.getByText('Enter the card number.')).toBeVisible();
  expect(await scan()).toEqual([]);
  await widget.fillCard({ number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '95814' });
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment declined');
  expect(await scan()).toEqual([]);

  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('display'), { theme: { positionFixed: true } });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.method('Credit card')).toBeVisible();
  expect(await scan()).toEqual([]);
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Payment approved');
  expect(await scan()).toEqual([]);
});

test('axe: the paylink checkout and the disablePaymentMethods modal', async ({ host, widget, sdk, page }) => {
  await host.ready(await sdk.login('manager'), {
    channel: 'ecommerce',
    paylinkDeliveryMethod: 'iframe',
    disablePaymentMethods: [{ paymentMethod: 'Credit', action: 'message', message: 'Cards are not taken online.' }],
  });
  await host.pay({ originalAmount: 2200 });
  await widget.method('Credit card').click();
  await expect(widget.frame.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page, '#widget-_servicepay')).toEqual([]);
  await widget.frame.getByRole('button', { name: 'OK' }).click();
  await widget.method('Bank transfer (ACH)').click();
  const checkout = PaylinkPage.inOverlay(page);
  await checkout.authorize();
  await expect(checkout.root.getByText('Enter the name on the account.')).toBeVisible();
  expect(await seriousViolations(page, '#paylink-_servicepay')).toEqual([]);
  expect(await seriousViolations(page, '#widget-_servicepay')).toEqual([]);
});

test('a keyboard alone pays, and the status region says what happens', async ({ host, widget, sdk, page }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 2750 });
  await expect(widget.status).toHaveText('Choose how to pay $27.50.');
  await page.getByRole('button', { name: 'Add an item' }).focus();
  await page.keyboard.press('Tab');
  await expect(widget.method('Credit card')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.heading).toBeFocused();
  await expect(widget.status).toHaveText('Enter the card details to pay $27.50.');
  await page.keyboard.press('Tab');
  await expect(widget.frame.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1239');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('95814');
  await page.keyboard.press('Enter');
  await expect(widget.heading).toHaveText('Payment approved');
  await expect(widget.status).toHaveText('Payment approved');
  await expect(widget.heading).toBeFocused();
});

test('a wrong field is announced, tied to its input, and gets the focus', async ({ host, widget, sdk }) => {
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 1000 });
  await widget.method('Credit card').click();
  await widget.fillCard({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', postalCode: '95814' });
  await widget.button(/^Pay \$/).click();
  const number = widget.frame.getByLabel('Card number');
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('This card number is not valid. Check the digits.');
  await expect(widget.frame.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription('This card has expired.');
  await expect(widget.frame.getByLabel('Security code')).toHaveAccessibleDescription(
    'Enter the 3-digit security code.',
  );
});
