import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';

// A PIN pad slow enough for the customer to cancel while it waits for the card.
test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '60000'], env: {} } });

test('the customer cancels on the display; the cashier asks again, then cancels the order and the cart comes back', async ({
  page,
  service,
  api,
}) => {
  const { pos, display } = await register(page, service.url);
  await pos.addBySearch('lemon ginger', 'Lemon Ginger Sparkling Tonic');
  const total = await pos.settled();
  const orderNumber = await pos.payOnDisplay();

  await display.widget.method('Debit card').click();
  await expect(display.widget.heading).toHaveText('Insert, tap or swipe the card');
  await display.widget.button('Cancel').click();
  await expect(pos.notice).toHaveText('The customer canceled the payment on the display.');
  await expect(display.page.getByText('Payment canceled. Your cashier will help you.')).toBeVisible();

  // Asked again, the display offers the payment anew.
  await page.getByRole('button', { name: 'Ask the customer again' }).click();
  await expect(display.widget.heading).toHaveText('How would you like to pay?');

  // The cashier gives up on this order: it is canceled, its stock freed, and the cart is back.
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await expect(page.getByRole('button', { name: 'Customer pays on display' })).toBeEnabled();
  expect((await api.ticketByNumber(orderNumber)).status).toBe('CANCELED');
  await pos.expectRecentOrder(orderNumber, 'Canceled');
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'cart');
  await expect(display.total).toHaveText(total);
});
