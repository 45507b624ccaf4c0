import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, payByCard, placeOnline } from '../support/online-orders-api.js';

// A service of this file's own: its orders are the only ones in the queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'hand-over-display-paid' } } });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('an online order paid online, in part or in full, is handed over with the display saying what is left to pay, as the register does', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  const queue = new OnlineOrdersPage(page);
  await queue.open();
  const [product] = (await api.products('PREROLL', 50)).filter((each) => !each.deli);
  const ada = await addCustomer(api, 'Ada', 'Lopez');
  const checkout = page.locator('section.checkout');
  const counterPaid = display.page.getByTestId('counter-paid');

  // $5.00 of it paid by card online: the register and the display say the same $5.00 and what is left.
  const part = await placeOnline(api, [{ productId: product!.productId, quantity: 1 }], ada);
  const partTotal = Math.round(Number(part.total) * 100);
  expect(await payByCard(api, part.orderNumber, '5.00')).toBe('approved');
  await expect(queue.card(part.orderNumber)).toBeVisible();
  await queue.find(part.orderNumber);
  await expect(checkout.getByTestId('hand-over-due')).toHaveText(dollars(partTotal - 500));
  await expect(display.lines).toHaveCount(1);
  await expect(counterPaid).toHaveText(`Paid $5.00 Left to pay ${dollars(partTotal - 500)}`);
  await expect(display.page.getByTestId('display-total')).toHaveText(dollars(partTotal));
  await display.screenshot(testInfo, 'hand-over-part-paid-display-1280');
  await checkout.getByRole('button', { name: 'Back to online orders' }).click();
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'idle');

  // Paid in full online: nothing is left to pay, and the display never shows the total as if it were due.
  const paid = await placeOnline(api, [{ productId: product!.productId, quantity: 2 }], ada);
  const paidTotal = Math.round(Number(paid.total) * 100);
  expect(await payByCard(api, paid.orderNumber, paid.total)).toBe('approved');
  await expect(queue.card(paid.orderNumber)).toBeVisible();
  await queue.find(paid.orderNumber);
  await expect(checkout.getByRole('button', { name: 'Hand over', exact: true })).toBeVisible();
  await expect(counterPaid).toHaveText(`Paid ${dollars(paidTotal)} Nothing left to pay`);
  await display.screenshot(testInfo, 'hand-over-paid-display-1280');
  // A small display (800 × 480): the note whole, in view.
  await display.page.setViewportSize({ width: 800, height: 480 });
  await expect(counterPaid).toBeInViewport({ ratio: 1 });
  await display.screenshot(testInfo, 'hand-over-paid-display-800x480');

  await checkout.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${paid.orderNumber}` })).toBeVisible();
  expect(await api.ticketByNumber(paid.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await pos.newSale();
});
