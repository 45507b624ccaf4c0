import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { PosPage } from '../pages/pos-page.js';
import { springCode } from '../support/wednesday-deals.js';
import { expect, test } from '../support/fixtures.js';

// A store of its own: its code deal prices this file's sales only.
test.use({ serviceOptions: { args: [], env: {}, own: 'unfinished-sale-codes' } });

test('a sale left being paid with a promo code is taken again with its code: said under its items, its total and the display priced with it', async ({
  page,
  service,
  api,
}, testInfo) => {
  await springCode(api);
  const display = new PoleDisplayPage(await page.context().newPage());
  await display.open(service.url, 'counter-32');
  await display.login();
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-32');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const before = await pos.settled();
  await pos.addPromoCode('spring10');
  await expect(pos.total).not.toHaveText(before);
  const total = await pos.settled();
  const cart = page.getByRole('region', { name: 'Cart' });
  const saved = (await cart.getByTestId('totals-discount').textContent())!.replace(/[^\d.]/g, '');
  const orderNumber = await pos.payHere();

  // The window reloads mid-payment; the empty cart offers the sale, and takes it again.
  await page.reload();
  await page.getByTestId('left-checkout').getByRole('button', { name: 'Take payment' }).click();
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);
  await expect(cart.getByRole('list', { name: `Items of order ${orderNumber}` }).locator(':scope > li')).toHaveCount(2);
  // Its code is said as the cart said it, with what it took off and by which deal.
  await expect(cart.getByRole('list', { name: 'Promo codes' }).getByRole('listitem')).toHaveText([
    `Promo code SPRING10 — $${saved} off (Spring code)`,
  ]);
  // It is priced with it: the total and the widget's amount are the code's, and the display shows them.
  await expect(pos.total).toHaveText(total);
  await expect(pos.widget.main).toContainText(`Amount due: ${total}`);
  await expect(display.total).toHaveText(total);
  await expect(display.saved).toContainText(`$${saved}`);
  await pos.screenshot(testInfo, 'unfinished-codes-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(cart.getByRole('list', { name: 'Promo codes' })).toBeVisible();
  await pos.screenshot(testInfo, 'unfinished-codes-1024x768');

  const change = await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber, change);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ paymentStatus: 'PAID', total: total.slice(1) });
});
