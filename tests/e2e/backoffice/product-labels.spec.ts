import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { signInAt } from './drawers-for-test.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';

// A manager prints a product's shelf and package labels from the Products tab on a register's
// printer: a test printer on 127.0.0.1 takes them; off, the dialog says why in words.
let printer: TestPrinter;
test.beforeAll(async () => {
  printer = await new TestPrinter().start();
});
test.afterAll(() => printer.stop());

// A register of its own (the worker's service is shared with other files).
const REGISTER = 'labels-1';
const BLUE_DREAM_TAG = '1A4060300003D12000000001';

async function setPrinter(api: ServiceApi, address: string): Promise<void> {
  await signInAt(api, REGISTER); // a register is one of the store's once someone has signed in at it
  await api.setup('PUT', `/printers/${REGISTER}`, { address });
}

test('printing labels to the test printer: shelf and package labels from the Products tab, an off printer said in words', async ({
  page,
  service,
  api,
}, testInfo) => {
  await setPrinter(api, printer.address);
  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');
  await products.find('FLW-001');
  await products.open('FLW-001');

  await products.form.getByRole('button', { name: 'Print labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print labels for Blue Dream' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Printer').selectOption(REGISTER);
  await expect(dialog.getByText(`State tag ${BLUE_DREAM_TAG} as a barcode`)).toBeVisible();
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'product-labels-dialog-1280x800', { fullPage: false });

  // Two shelf labels: the name, the price large, THC; one cut each.
  const before = printer.jobs.length;
  await dialog.getByLabel('Copies').fill('2');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Printed 2 shelf labels of Blue Dream on ${REGISTER}'s printer.`);
  expect(printer.jobs.length).toBe(before + 1);
  const shelf = decodeEscPos(printer.jobs.at(-1)!);
  expect(shelf.cuts).toBe(2);
  expect(shelf.lines.map((line) => line.trim())).toEqual(expect.arrayContaining(['Blue Dream', '$35.00']));

  // A package label: the state tag as a Code 128 barcode and in words.
  await dialog.getByRole('radio', { name: 'Package label' }).check();
  await dialog.getByLabel('Copies').fill('1');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Printed 1 package label of Blue Dream on ${REGISTER}'s printer.`,
  );
  const pkg = decodeEscPos(printer.jobs.at(-1)!);
  expect(pkg.barcodes).toEqual([BLUE_DREAM_TAG]);
  expect(pkg.lines.map((line) => line.trim())).toContain(BLUE_DREAM_TAG);

  // Copies the service would refuse are refused here first, in words; nothing prints.
  await dialog.getByLabel('Copies').fill('51');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Copies: a whole number from 1 to 50.');
  await expect(dialog.getByLabel('Copies')).toHaveAttribute('aria-invalid', 'true');
  // Commas by the one rule for typed numbers, and a fraction refused saying why.
  await dialog.getByLabel('Copies').fill('1,5');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Copies "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
  );
  await dialog.getByLabel('Copies').fill('1.5');
  await dialog.getByRole('button', { name: 'Print', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Copies: a whole number from 1 to 50, not 1.5: a label prints whole or not at all.',
  );
  await keepScreenshot(page, testInfo, 'product-labels-copies-fraction-1280x800', { fullPage: false });

  // The printer off: the dialog says the labels did not print, and why.
  await printer.setMode('refuse');
  try {
    await dialog.getByLabel('Copies').fill('1');
    await dialog.getByRole('button', { name: 'Print', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      `The package label of Blue Dream did not print on ${REGISTER}'s printer. The printer at 127.0.0.1:${printer.port} refused the connection`,
    );
    await keepScreenshot(page, testInfo, 'product-labels-offline-1280x800', { fullPage: false });
  } finally {
    await printer.setMode('ok');
  }
  expect(printer.jobs.length).toBe(before + 2);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A product with no state tag (an accessory) offers no package label, and says why.
  await products.find('ACC-001');
  await products.open('ACC-001');
  await products.form.getByRole('button', { name: 'Print labels' }).click();
  const accessory = page.getByRole('dialog', { name: /^Print labels for Unbleached Rolling Papers/ });
  await expect(accessory.getByRole('radio', { name: 'Package label' })).toBeDisabled();
  await expect(accessory.getByText('Its package has no state tag.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'product-labels-no-tag-1280x800', { fullPage: false });
  await accessory.getByRole('button', { name: 'Close' }).click();
});
