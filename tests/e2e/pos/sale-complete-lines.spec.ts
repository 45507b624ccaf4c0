import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { springCode } from '../support/wednesday-deals.js';

// A store of its own: the sale takes stock the other journeys count on, and its code deal prices it.
test.use({ serviceOptions: { args: [], env: {}, own: 'sale-complete-lines' } });

test('a paid sale’s lines show as sold, with nothing on them to change, until New sale', async ({
  page,
  service,
  api,
}, testInfo) => {
  await springCode(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-31');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const names = await pos.cartLines.locator('.name').allTextContents();
  await pos.addPromoCode('spring10');
  await expect(pos.dealChip('SPRING10')).toContainText(/Spring code: \$\d+\.\d\d off/);
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.expectSold(orderNumber, await pos.payCashInWidget(total));

  // The cart shows the order as sold: its lines, its code, its total, and no button or field to change them.
  const cart = page.getByRole('region', { name: 'Cart' });
  const sold = cart.getByRole('list', { name: `Items of order ${orderNumber}` }).locator(':scope > li');
  await expect(sold).toHaveCount(2);
  for (const [at, name] of names.entries()) await expect(sold.nth(at)).toContainText(name.trim());
  await expect(pos.cartLines).toHaveCount(0);
  for (const name of [/^One (more|less) /, /^Remove /, /^Discount on /, /^Change .* on the keypad$/]) {
    await expect(cart.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(cart.getByRole('textbox', { name: /^Quantity of / })).toHaveCount(0);
  await expect(cart.getByRole('list', { name: 'Promo codes' }).getByRole('listitem')).toHaveText([
    /Promo code SPRING10 — \$\d+\.\d\d off \(Spring code\)$/,
  ]);
  await expect(cart.getByLabel('Promo code', { exact: true })).toHaveCount(0);
  await expect(cart.getByRole('button', { name: 'Add code' })).toHaveCount(0);
  await expect(pos.total).toHaveText(total);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await pos.screenshot(testInfo, 'sale-complete-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(sold).toHaveCount(2);
  await pos.screenshot(testInfo, 'sale-complete-1024x768');

  // New sale: the cart is empty and takes the next sale's lines, which change as ever.
  await pos.newSale();
  await expect(cart.getByRole('list', { name: `Items of order ${orderNumber}` })).toHaveCount(0);
  await pos.tapProducts(1);
  await expect(pos.cartLines.first().getByRole('button', { name: /^Remove / })).toBeEnabled();
});
