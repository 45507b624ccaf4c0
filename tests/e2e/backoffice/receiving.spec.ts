import { fileURLToPath } from 'node:url';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { ProductsPage } from '../pages/products-page.js';
import { signInAt } from './drawers-for-test.js';
import { ReceivingPage } from '../pages/receiving-page.js';
import { RoomsPage } from '../pages/rooms-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { BACK_OFFICE_SIZES } from '../support/back-office-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';

const manifest = (name: string) => fileURLToPath(new URL(`../../fixtures/manifests/${name}`, import.meta.url));
const DELIVERY = manifest('delivery-with-shortage.csv');
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';

// It receives a delivery into the demo store, which other files read as loaded.
test.use({ serviceOptions: { args: [], env: {}, own: 'receiving' } });

// The delivery's labels print on a register's printer: a test printer on 127.0.0.1 takes them.
const REGISTER = 'receiving-1';
let printer: TestPrinter;
test.beforeAll(async () => {
  printer = await new TestPrinter().start();
});
test.afterAll(() => printer.stop());

test('a manager receives a delivery from its CSV manifest: one package short, one refused, into Quarantine, and prints its labels; the same file again is said to be received already', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { office, receiving } = await ReceivingPage.open(page, service.url);

  // A file the service cannot read: every problem in words, where and why; nothing else shown.
  await receiving.choose(manifest('bad-delivery.csv'));
  await expect(receiving.problems).toContainText('bad-delivery.csv cannot be received');
  await expect(receiving.problems).toContainText('Row 2, column "Shipped Qty": quantity must be a number above 0');
  await expect(page.getByRole('button', { name: 'Receive delivery' })).toHaveCount(0);
  await office.screenshot(testInfo, 'receiving-problems-1280x800');

  await receiving.choose(DELIVERY);
  await expect(page.getByRole('heading', { name: 'Manifest 0004512873' })).toBeVisible();
  await expect(receiving.row(BLUE)).toContainText('40 units');
  await expect(receiving.row(BLUE)).toContainText('$560.00');
  // Its expiry reads as Packages says it, not as the file wrote it (2027-05-02).
  await expect(receiving.row(BLUE).locator('time[datetime="2027-05-02"]')).toHaveText(/^May 2(, 2027)?$/);
  await expect(receiving.row(BULK)).toContainText('453.592 g');
  // Blue Dream's likeliest product is chosen for it, saying how likely; the gummies have none.
  await expect(receiving.chosen(BLUE)).toHaveText('Blue Dream (FLW-001): likely');
  await expect(page.getByLabel('Into room')).toHaveValue(/.+/);
  await expect(page.getByLabel('Into room').locator('option:checked')).toHaveText('Quarantine');

  // Nothing chosen for the gummies, nor for the bulk flower: every problem said at once, each beside
  // its package's product, the first focused.
  await receiving.receive();
  await expect(receiving.fieldError(GUMMIES, 'product')).toHaveText(
    'Choose the product this package is, or refuse it.',
  );
  await expect(receiving.fieldError(BULK, 'product')).toHaveText('Choose the product this package is, or refuse it.');
  await expect(page.getByTestId('receive-refused')).toHaveText(
    'Nothing was received: see the 2 packages marked above.',
  );
  await expect(receiving.row(GUMMIES).getByLabel(/^Product for /)).toBeFocused();
  await office.screenshot(testInfo, 'receiving-every-problem-1280x800');

  await receiving.search(GUMMIES, 'EDI-001');
  await office.screenshot(testInfo, 'receiving-search-1280x800');
  await receiving.pick(GUMMIES, 'Watermelon Gummies 10 x 10mg (EDI-001)');
  await expect(receiving.chosen(GUMMIES)).toHaveText('Watermelon Gummies 10 x 10mg (EDI-001)');
  // What arrived, mistyped: the refusal wraps under its field, and every column stays in view at 1280 × 800.
  await receiving.received(GUMMIES, 'a few');
  await receiving.receive();
  await expect(receiving.fieldError(GUMMIES, 'received')).toHaveText(
    'Type what arrived: a number of units, such as 10.',
  );
  // The bulk flower's problem, not changed since, is still said beside it.
  await expect(receiving.fieldError(BULK, 'product')).toHaveText('Choose the product this package is, or refuse it.');
  await office.screenshot(testInfo, 'receiving-refused-received-1280x800');
  for (const tag of [BLUE, GUMMIES, BULK]) {
    await expect(receiving.row(tag).locator('label.receive-refuse')).toBeInViewport({ ratio: 1 });
  }
  const pane = page.locator('.receive-table-pane');
  expect(await pane.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // A comma that does not separate thousands is refused saying why, never read as 1.5 or 15.
  await receiving.received(GUMMIES, '1,5');
  await receiving.receive();
  await expect(receiving.fieldError(GUMMIES, 'received')).toHaveText(
    'Received "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
  );
  await office.screenshot(testInfo, 'receiving-refused-comma-1280x800');
  await receiving.received(GUMMIES, '8');
  await expect(receiving.row(GUMMIES).getByTestId('short')).toHaveText('2 short');

  // Sour Diesel sells by the unit; the bulk flower comes in grams: offered, it says why it cannot be
  // chosen, and nothing is chosen for the bulk flower.
  const sour = receiving.row(BULK).locator('select[data-control="product"] option', { hasText: 'Sour Diesel' });
  await expect(sour).toHaveText(
    'Sour Diesel (FLW-006): cannot be chosen, it sells by the unit, but this package is counted in grams',
  );
  await expect(sour).toBeDisabled();
  await receiving.receive();
  await expect(receiving.fieldError(BULK, 'product')).toHaveText('Choose the product this package is, or refuse it.');
  await expect(receiving.row(BULK).getByLabel(/^Product for /)).toBeFocused();
  await expect(receiving.row(GUMMIES).getByLabel(/^Received of /)).toHaveValue('8');

  await receiving.refuse(BULK, 'Seal broken on arrival');
  await expect(receiving.plan).toHaveText('2 packages into Quarantine (1 short), 1 refused');
  await page.getByLabel('Note').fill('Truck 4');
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'receiving-packages-1280x800');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'receiving-packages-1920x1080');

  await receiving.receive();
  await expect(receiving.summary).toHaveText(
    'Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short.',
  );
  await expect(receiving.where).toHaveText(
    'The 2 packages were received into Quarantine, where nothing sells: move them to the sales floor once ' +
      "checked (the product's Packages say where each is now).",
  );
  await expect(receiving.row(GUMMIES)).toContainText('2 units short');
  await expect(receiving.row(GUMMIES)).toContainText('$125.05');
  await expect(receiving.row(BULK)).toContainText('Refused: Seal broken on arrival');
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await office.screenshot(testInfo, 'receiving-summary-1920x1080');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'receiving-summary-1280x800');

  // The delivery's labels on the test printer: one of each package received (the refused one has none).
  await signInAt(api, REGISTER); // a register is one of the store's once someone has signed in at it
  await api.setup('PUT', `/printers/${REGISTER}`, { address: printer.address });
  await page.getByRole('button', { name: 'Print labels' }).click();
  const labels = page.getByRole('dialog', { name: 'Print labels of manifest 0004512873' });
  await expect(labels).toContainText('A package label of each of the 2 packages received');
  await labels.getByLabel('Printer').selectOption(REGISTER);
  await labels.getByLabel('Copies of each').fill('0');
  await labels.getByRole('button', { name: 'Print labels' }).click();
  await expect(labels.locator('[data-field-error="copies"]')).toHaveText('Copies: a whole number from 1 to 50.');
  await expect(labels.getByLabel('Copies of each')).toBeFocused();
  const before = printer.jobs.length;
  await labels.getByLabel('Copies of each').fill('2');
  await labels.getByRole('button', { name: 'Print labels' }).click();
  await expect(labels.getByRole('status')).toHaveText(
    `Printed 4 package labels of manifest 0004512873 on ${REGISTER}'s printer.`,
  );
  expect(printer.jobs.length).toBe(before + 1);
  const printed = decodeEscPos(printer.jobs.at(-1)!);
  expect(printed.barcodes).toEqual([BLUE, BLUE, GUMMIES, GUMMIES]);
  expect(printed.cuts).toBe(4);
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page, 'dialog')).toEqual([]);
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'receipt-labels-1024x768', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'receipt-labels-1280x800', { fullPage: false });
  await labels.getByRole('button', { name: 'Close' }).click();
  await expect(labels).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print labels' })).toBeFocused();

  // One package's label from its product's Packages: its own quantity, on the printer chosen last.
  const rooms = new RoomsPage(page);
  const products = new ProductsPage(page);
  await rooms.showProducts();
  await products.find('FLW-001');
  await rooms.openPackages('FLW-001', 'Blue Dream');
  await rooms
    .package(BLUE)
    .getByRole('button', { name: `Print label of package ${BLUE}` })
    .click();
  const form = rooms.dialog.getByRole('form', { name: `Print the label of package ${BLUE}` });
  await expect(form.getByLabel('Printer')).toHaveValue(REGISTER);
  await page.setViewportSize({ width: 1024, height: 768 });
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'package-label-1024x768', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'package-label-1280x800', { fullPage: false });
  await form.getByRole('button', { name: 'Print label' }).click();
  await expect(rooms.moved).toHaveText(`Printed 1 package label of Blue Dream (${BLUE}) on ${REGISTER}'s printer.`);
  const one = decodeEscPos(printer.jobs.at(-1)!);
  expect(one.barcodes).toEqual([BLUE]);
  expect(one.lines.some((line) => /^Quantity\s+40 units \(3\.5g each\)$/.test(line.trim()))).toBe(true);
  await keepScreenshot(page, testInfo, 'package-label-printed-1280x800', { fullPage: false });
  await rooms.close();
  await receiving.show();

  // The same file again: said plainly at the top, and Receive cannot be pressed.
  await expect(receiving.summary).toBeVisible();
  await page.getByRole('button', { name: 'Receive another delivery' }).click();
  await receiving.choose(DELIVERY);
  // In the store's time, as other screens say a moment: "(Today, 4:46 AM PST)", never the ISO day
  // (Yesterday, to a run that crossed the store's midnight since).
  await expect(receiving.cannotReceive).toContainText(
    /Manifest 0004512873 was received at Green Valley Dispensary \((Today|Yesterday), \d{1,2}:\d\d\s[AP]M\s[A-Z]{3,4}\)\./,
  );
  await expect(receiving.cannotReceive).not.toContainText(/\d{4}-\d\d-\d\d/);
  await expect(page.getByRole('button', { name: 'Receive delivery' })).toBeDisabled();
  await expect(receiving.row(BLUE).getByTestId('tag-held')).toContainText(
    'This tag is a package at Green Valley Dispensary already',
  );
  await office.screenshot(testInfo, 'receiving-again-1280x800');
});
