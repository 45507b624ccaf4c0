import type { Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** At register `terminal`, a sale of two products paid `paid` cents in cash at the counter, less than its total. */
async function partPaidSale(page: Page, serviceUrl: string, terminal: string, paid: number) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(serviceUrl, terminal);
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const total = Math.round(Number((await pos.settled()).replace(/[$,]/g, '')) * 100);
  const orderNumber = await pos.payHere();
  await pos.widget.method('Cash').click();
  await pos.widget.frame.getByLabel('Cash received ($)').fill((paid / 100).toFixed(2));
  await pos.widget.button('Take cash').click();
  await pos.widget.button(`Take ${money(paid)} of ${money(total)}`).click();
  await expect(pos.widget.frame.locator('.notice')).toHaveText(
    `${money(paid)} paid. ${money(total - paid)} left to pay.`,
  );
  return { pos, total, orderNumber };
}

test('a sale left paid in part by a reload is found in Today’s orders and its rest is taken there; what it held is paid before', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { pos, total, orderNumber } = await partPaidSale(page, service.url, 'counter-12', 1000);

  // The page reloads mid-sale: the register starts empty, and Today's orders offers the rest.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(pos.cartLines).toHaveCount(0);
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  const row = pos.recentOrder(orderNumber);
  await expect(row).toContainText('Partly paid');
  await keepScreenshot(page, testInfo, 'unfinished-in-today-1280x800');
  await row.getByRole('button', { name: `Take the rest of order ${orderNumber}` }).click();

  // The checkout takes the order as it is: what is left, in the widget; the cart waits for the next sale.
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(pos.widget.main).toContainText(`Amount due: ${money(total - 1000)}`);
  await expect(page.getByTestId('cart-hand-over')).toHaveText(
    `Taking the rest of order ${orderNumber}, left paid in part: its items are below, its payment is on the left.`,
  );
  await expect(page.getByRole('list', { name: `Items of order ${orderNumber}` }).getByRole('listitem')).toHaveCount(2);
  await expect(pos.total).toHaveText(money(total));
  // Part of it is paid: it is left as it is (Back), never canceled here.
  await expect(page.getByRole('button', { name: `Cancel order ${orderNumber}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Back to today’s orders' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'unfinished-rest-1280x800');
  const change = await pos.payCashInWidget(money(total - 1000));
  await pos.expectSold(orderNumber, change);
  await expect(page.getByTestId('paid-before')).toHaveText('paid before');
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await keepScreenshot(page, testInfo, 'unfinished-sold-1280x800');
  await pos.newSale();
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await expect(pos.recentOrder(orderNumber).getByRole('button', { name: /^Take the rest/ })).toHaveCount(0);
});

test('the rest is not taken over a sale in the cart: it says to finish or clear that sale first', async ({
  page,
  service,
}) => {
  const { pos, orderNumber } = await partPaidSale(page, service.url, 'counter-13', 500);
  await page.reload();
  await pos.tapProducts(1);
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await pos
    .recentOrder(orderNumber)
    .getByRole('button', { name: `Take the rest of order ${orderNumber}` })
    .click();
  await expect(page.getByTestId('unfinished-said')).toHaveText(
    `Finish or clear the sale in the cart first, then take the rest of order ${orderNumber}.`,
  );
  await expect(pos.cartLines).toHaveCount(1);
});

test('a sale being paid when the register reloads is offered on the empty cart: paid from there, or canceled with its stock freed', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-14');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(1);
  const first = await pos.payHere();
  await page.reload();
  const offered = page.getByTestId('left-checkout');
  await expect(offered).toContainText(`Order ${first} was being paid here when the register closed.`);
  await keepScreenshot(page, testInfo, 'left-checkout-1280x800');
  await offered.getByRole('button', { name: `Cancel order ${first}` }).click();
  await expect(page.getByTestId('left-checkout-said')).toHaveText(
    `Order ${first} is canceled; its items are back in stock.`,
  );
  await expect(offered).toHaveCount(0);
  expect(await api.ticketByNumber(first)).toMatchObject({ status: 'CANCELED' });

  // The next one, paid after the reload from the empty cart's offer.
  await pos.tapProducts(1);
  const total = await pos.settled();
  const second = await pos.payHere();
  await page.reload();
  await offered.getByRole('button', { name: 'Take payment' }).click();
  await expect(page.getByTestId('order-number')).toHaveText(second);
  const change = await pos.payCashInWidget(total);
  await pos.expectSold(second, change);
  await pos.newSale();
  await page.reload();
  await expect(page.getByText('Scan, search or tap a product to start the sale.')).toBeVisible();
  await expect(offered).toHaveCount(0);
});

test('a sale left being paid with nothing paid is taken again for payment: its items and total in the cart, and it can still be canceled', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-15');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(1);
  const name = (await pos.cartLines.first().locator('.name').textContent())!.trim();
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await page.reload();
  await page.getByTestId('left-checkout').getByRole('button', { name: 'Take payment' }).click();

  // Nothing of it was paid: taken again for payment, its items and total where the cart's would be.
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(page.getByTestId('cart-hand-over')).toHaveText(
    `Taking payment for order ${orderNumber} again (nothing of it was paid): its items are below, its payment is on the left.`,
  );
  const items = page.getByRole('list', { name: `Items of order ${orderNumber}` }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText(name);
  await expect(pos.total).toHaveText(total);
  await expect(pos.widget.main).toContainText(`Amount due: ${total}`);
  await keepScreenshot(page, testInfo, 'left-checkout-taken-1024x768');

  // It can still be canceled from there, as its offer could: its stock freed, the cart empty again.
  await page.getByRole('button', { name: `Cancel order ${orderNumber}` }).click();
  await expect(page.getByTestId('left-checkout-said')).toHaveText(
    `Order ${orderNumber} is canceled; its items are back in stock.`,
  );
  await expect(page.getByRole('heading', { name: 'Checkout' })).toHaveCount(0);
  await expect(page.getByText('Scan, search or tap a product to start the sale.')).toBeVisible();
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'CANCELED' });
  await keepScreenshot(page, testInfo, 'left-checkout-taken-canceled-1024x768');
  await page.reload();
  await expect(page.getByText('Scan, search or tap a product to start the sale.')).toBeVisible();
  await expect(page.getByTestId('left-checkout')).toHaveCount(0);
});
