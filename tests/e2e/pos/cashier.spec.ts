import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '300'], env: {} } });

/** A demo product's first barcode, read from the catalog API as a scanner label would carry it. */
async function barcodeOf(api: import('../support/service-api.js').ServiceApi, name: string): Promise<string> {
  const page = await api.call<{ items: { name: string; barcodes: string }[] }>(
    'GET',
    `/v2.0/dispensary/demo/catalog?search=${encodeURIComponent(name)}`,
    undefined,
    { authorization: `Bearer ${await api.token()}` },
  );
  return page.items.find((item) => item.name === name)!.barcodes.split(',')[0]!;
}

test('a cashier signs in, searches, scans and weighs, and the service prices the cart', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url);
  await expect(page.getByRole('heading', { name: 'Demo logins' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-login');
  await pos.login();

  // Search as you type, narrowed by category.
  await pos.search.fill('blue dream');
  await expect(pos.results.filter({ hasText: 'Blue Dream' })).toHaveCount(2);
  await page
    .getByRole('group', { name: 'Categories' })
    .getByRole('button', { name: /^Pre-rolls/ })
    .click();
  await expect(pos.results).toHaveCount(1);
  await pos.results.first().click();
  await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: /^All/ }).click();

  // A keyboard-wedge scan adds by barcode (into the search box, or anywhere else); again adds one more.
  const lighter = await barcodeOf(api, 'Refillable Lighter');
  await pos.scanIntoSearch(lighter);
  await expect(pos.search).toHaveValue('');
  await pos.scan(lighter);
  await expect(pos.cartLines.filter({ hasText: 'Refillable Lighter' }).getByLabel(/^Quantity of/)).toHaveValue('2');
  await pos.scan('0000000000000');
  await expect(page.getByRole('alert').filter({ hasText: 'No product has the barcode' })).toBeVisible();

  // A weighed deli item asks for its weight; the package label is shown on the line.
  await pos.search.fill('granddaddy gram');
  await pos.results.first().click();
  await pos.weigh('3.5');
  const deli = pos.cartLines.filter({ hasText: 'Granddaddy Purple (by the gram)' });
  await expect(deli).toContainText('1A4060300003D12000');
  await expect(deli.getByLabel(/^Weight of/)).toHaveValue('3.5');

  // Totals come from the service's quote; change a quantity and the total follows.
  const before = await pos.settled();
  expect(before).toMatch(/^\$\d+\.\d{2}$/);
  await page.getByRole('button', { name: 'One less Refillable Lighter' }).click();
  await expect.poll(() => pos.settled()).not.toBe(before);
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-cart');

  await page.getByRole('button', { name: 'Remove Refillable Lighter' }).click();
  await expect(pos.cartLines).toHaveCount(2);
  await page.getByRole('button', { name: 'Lock' }).click();
  await expect(page.getByRole('heading', { name: 'Register locked' })).toBeVisible();
  await expect(page.getByLabel('Your password')).toBeFocused();
  // Keys typed while locked, outside the field, are never read as a scan by the register under the lock.
  await page.getByRole('heading', { name: 'Register locked' }).click();
  await page.keyboard.type(lighter, { delay: 5 });
  await page.keyboard.press('Enter');
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-locked');
  // The lock asks for a password only: says so when none is typed, and when it is wrong.
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Type your password to unlock.');
  await expect(page.getByLabel('Your password')).toHaveAccessibleDescription('Type your password to unlock.');
  await expect(page.getByLabel('Your password')).toBeFocused();
  await pos.screenshot(testInfo, 'pos-locked-empty');
  await page.getByLabel('Your password').fill('wrong-password');
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That password is not right. Try again, or ask a manager to unlock.',
  );
  await page.getByLabel('Your password').fill('cashier-demo-1');
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(pos.cartLines).toHaveCount(2);
  await expect(page.getByText(lighter)).toHaveCount(0);
});

test('a cash sale at the counter gives change, is sold (paid and handed over), prints a receipt and starts the next sale clean', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url);
  await pos.login();
  await pos.openDrawer();
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.expectRecentOrder(orderNumber, 'Awaiting payment');

  await pos.widget.method('Cash').click();
  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  const tendered = Math.ceil((cents + 1) / 1000) * 10;
  await pos.widget.frame.getByLabel('Cash received ($)').fill(tendered.toFixed(2));
  await pos.widget.button('Take cash').click();
  const change = `$${((tendered * 100 - cents) / 100).toFixed(2)}`;
  await pos.expectSold(orderNumber, change);
  await pos.expectRecentOrder(orderNumber, 'Sold');
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await pos.screenshot(testInfo, 'pos-paid-cash');

  // In browser mode the receipt prints from a frame holding only the receipt.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const receipt = page.frameLocator('iframe.print-frame');
  await expect(receipt.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(receipt.locator('body')).toContainText(`Order ${orderNumber}`);
  await expect(receipt.locator('body')).toContainText('Mini Dogwalkers 5-Pack');
  await expect(receipt.locator('tr', { hasText: 'Change' })).toContainText(change);

  await pos.newSale();
  await expect(pos.total).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Customer pays on display' })).toBeDisabled();
});
