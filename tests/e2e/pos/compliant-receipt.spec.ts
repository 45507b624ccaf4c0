import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';
import { wedgeBurst } from '../../support/aamva-wedge.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { PosPage } from '../pages/pos-page.js';
import { SetupPage } from '../pages/setup-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { readReceipt } from '../support/print-frame.js';

// A service of its own (the store's state rules change for this file only).
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_SUITE: 'compliant-receipt' } } });

const LICENCE = 'C10-0000123-LIC';
const WARNING_START = 'GOVERNMENT WARNING: THIS PRODUCT CONTAINS CANNABIS';

test('a California sale to a checked customer prints a compliant receipt, reprinted from the back office', async ({
  page,
  service,
}, testInfo) => {
  // The manager picks California's rules and types the store's licence in Store setup.
  const setup = new SetupPage(await page.context().newPage());
  await setup.open(service.url, 'demo', 'manager', 'manager-demo-1');
  await setup.page.setViewportSize({ width: 1366, height: 768 });
  await setup.page.getByLabel('State rules').selectOption('California');
  const licence = setup.page.getByLabel('State licence number');
  await licence.fill('C10 <0000123>');
  await setup.page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(licence).toHaveAccessibleDescription(/may hold only letters, digits, spaces, dashes, dots and slashes/);
  await licence.fill('c10-0000123-lic');
  await setup.page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(setup.done).toContainText('Saved.');
  await expect(licence).toHaveValue(LICENCE);
  expect(await axeViolations(setup.page, 'form')).toEqual([]);
  await setup.screenshot(testInfo, 'setup-store-licence');

  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'receipt-1');
  await pos.login();
  await pos.openDrawer();

  // The customer's ID, scanned and checked, then the sale of a pre-roll pack in cash.
  await pos.scanId(wedgeBurst(aamvaPayload(samplePerson()), 'enter-keys'));
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByRole('button', { name: 'Add as a customer and check' }).click();
  await dialog.getByRole('button', { name: 'Sell to MARIA' }).click();
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber);

  // The register has no printer: the receipt the service laid out prints in the browser's dialog.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(page.getByTestId('print-outcome')).toHaveText('Opened the print dialog for the receipt.');
  await pos.screenshot(testInfo, 'pos-compliant-sale-printed');
  const receipt = await readReceipt(page, testInfo, 'receipt-california');
  const body = receipt.locator('body');
  await expect(body).toContainText(`State licence ${LICENCE}`);
  await expect(body).toContainText(`Order ${orderNumber}`);
  await expect(body).toContainText('Customer: adult-use');
  await expect(receipt.locator('p.detail', { hasText: /^Tag [0-9A-Z]{24}$/ })).toHaveCount(1);
  await expect(receipt.locator('p.detail', { hasText: '1.75 g cannabis' })).toHaveCount(1);
  await expect(receipt.locator('tr', { hasText: 'California cannabis excise tax' })).toHaveCount(1);
  await expect(body).toContainText(WARNING_START);

  // A copy from today's orders at the register (no printer: the dialog again), marked as one.
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await page.getByRole('button', { name: `Reprint the receipt of order ${orderNumber}` }).click();
  await expect(page.getByTestId('reprint-outcome')).toHaveText('Opened the print dialog for the receipt.');
  const again = await readReceipt(page, testInfo, 'receipt-california-pos-reprint');
  await expect(again.locator('body')).toContainText('Reprint');
  await expect(again.locator('body')).toContainText(WARNING_START);

  // The manager reprints it from the order in the back office.
  const office = new BackOfficePage(setup.page);
  await office.show('Orders');
  await office.lookUp(orderNumber);
  await office.page.getByRole('button', { name: 'Print receipt' }).click();
  await expect(office.page.getByTestId('receipt-outcome')).toHaveText('Opened the print dialog for the receipt.');
  expect(await axeViolations(office.page, '.detail')).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order-receipt-reprinted');
  const copy = await readReceipt(office.page, testInfo, 'receipt-california-reprint');
  await expect(copy.locator('body')).toContainText('Reprint');
  await expect(copy.locator('body')).toContainText(`Order ${orderNumber}`);
  await expect(copy.locator('p.detail', { hasText: /^Tag [0-9A-Z]{24}$/ })).toHaveCount(1);
  await expect(copy.locator('body')).toContainText(WARNING_START);
});
