import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';

/** A demo product's first barcode, read from the catalog API as a scanner label would carry it. */
async function barcodeOf(api: ServiceApi, name: string): Promise<string> {
  const item = (await api.catalog('ACCESSORY', 50)).find((product) => product.name === name)!;
  return item.barcodes.split(',')[0]!;
}

test('a scan with focus in a cart line’s quantity or in Promo code adds its product; the field keeps what it held', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'scan-fields-1');
  await pos.login();
  const lighter = await barcodeOf(api, 'Refillable Lighter');
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');

  // A quantity typed and committed with Enter, at a person's pace: the field takes it and keeps the focus.
  const quantity = page.getByLabel('Quantity of Mini Dogwalkers 5-Pack');
  await quantity.click();
  await quantity.press('ControlOrMeta+a');
  await quantity.pressSequentially('2', { delay: 150 });
  await quantity.press('Enter');
  await expect(quantity).toHaveValue('2');
  await expect(quantity).toBeFocused();

  // The next item scanned goes in the cart; the quantity stays 2 and its line says nothing.
  await pos.scanIntoFocused(lighter);
  await expect(pos.cartLines.filter({ hasText: 'Refillable Lighter' })).toHaveCount(1);
  await expect(quantity).toHaveValue('2');
  await expect(pos.cartLines.filter({ hasText: 'Mini Dogwalkers' }).getByRole('alert')).toHaveCount(0);
  await expect(quantity).toBeFocused();
  // A code no product has is said so, not taken for a quantity.
  await pos.scanIntoFocused('0000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'No product has the barcode' })).toContainText(
    'No product has the barcode or package label 0000000000000.',
  );
  await expect(quantity).toHaveValue('2');
  await pos.screenshot(testInfo, 'scan-into-quantity');

  // In Promo code, a code half typed stays as it was; the product scanned is added, no code is.
  const promo = page.getByLabel('Promo code', { exact: true });
  await promo.fill('SPR');
  await pos.scanIntoFocused(lighter);
  await expect(pos.cartLines.filter({ hasText: 'Refillable Lighter' }).getByLabel(/^Quantity of/)).toHaveValue('2');
  await expect(promo).toHaveValue('SPR');
  await expect(page.getByRole('list', { name: 'On this sale' })).toHaveCount(0);
  await pos.screenshot(testInfo, 'scan-into-promo-code');
  // A coupon's code, which no product has, is still read as the promo code it is.
  await promo.fill('');
  await pos.scanIntoFocused('SPRING25');
  await expect(pos.dealChip('SPRING25')).toBeVisible();
  await expect(pos.cartLines).toHaveCount(2);
});

test('Sign out asks before it clears a sale, and never signs out from under a payment', async ({
  page,
  service,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'sign-out-1');
  await pos.login();
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
  const total = await pos.settled();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(pos.signOutDialog).toContainText(
    `1 item (${total}) comes off the cart. To keep the sale for later, lock the register instead.`,
  );
  await pos.screenshot(testInfo, 'sign-out-asks');
  await pos.signOutDialog.getByRole('button', { name: 'Keep the sale' }).click();
  await expect(pos.cartLines).toHaveCount(1);

  // Being paid on the display: Sign out says why not, and what to do; the payment goes on.
  const orderNumber = await pos.payOnDisplay();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const held = page.getByRole('dialog', { name: 'Finish the payment first' });
  await expect(held).toContainText(`Order ${orderNumber} is being paid.`);
  await pos.screenshot(testInfo, 'sign-out-during-payment');
  await held.getByRole('button', { name: 'Back to the checkout' }).click();
  await expect(held).toHaveCount(0);
  await expect(page.getByTestId('order-number')).toHaveText(orderNumber);

  // Canceled, the sale is back in the cart: signing out then clears it, and the next login starts empty.
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await expect(page.getByRole('button', { name: 'Take payment here', exact: true })).toBeVisible();
  await expect(pos.cartLines).toHaveCount(1);
  await pos.signOut(true);
  await pos.login();
  await expect(pos.cartLines).toHaveCount(0);
});
