import { ReceivingPage } from '../pages/receiving-page.js';
import { axeViolations } from '../support/axe.js';
import { BACK_OFFICE_SIZES } from '../support/back-office-sizes.js';
import { expect, test } from '../support/fixtures.js';

const BLUE = '1A4FF0100000022000000701';
const COOKIES = '1A4FF0100000022000000702';
const PRE_ROLL = '1A4FF0100000022000000703';

// It receives a delivery and adds a product to the demo store, which other files read as loaded.
test.use({ serviceOptions: { args: [], env: {}, own: 'receiving-typed' } });

test('a typed pre-roll package: only the product --match would take is likely, the next one possible however close', async ({
  page,
  service,
}, testInfo) => {
  const { office, receiving } = await ReceivingPage.open(page, service.url);
  await receiving.typeIn();
  await page.getByLabel('Manifest number').fill('0007712399');
  await page.getByLabel('Shipper’s licence').fill('C11-0000123-LIC');
  await page.getByLabel('Shipper’s name').fill('Emerald Valley Distribution, LLC');
  await receiving.typePackage(0, { tag: PRE_ROLL, item: 'Blue Dream Pre-Roll 1g', quantity: '30', price: '135' });
  await page.getByRole('button', { name: 'Check the manifest' }).click();
  await expect(page.getByRole('heading', { name: 'Manifest 0007712399' })).toBeVisible();
  await expect(receiving.chosen(PRE_ROLL)).toHaveText('Blue Dream Pre-Roll (PRE-001): likely');
  const options = receiving.row(PRE_ROLL).locator('select[data-control="product"] option:not([value=""])');
  await expect(options.nth(1)).toHaveText('Blue Dream (FLW-001): possible');
  await expect(options.filter({ hasText: /: likely$/ })).toHaveCount(1);
  await office.screenshot(testInfo, 'receiving-typed-pre-roll-1280x800');
});

test('a manager types a two-package manifest in from the paper, matches one package and creates a product for the other, and receives it', async ({
  page,
  service,
}, testInfo) => {
  const { office, receiving } = await ReceivingPage.open(page, service.url);
  await receiving.typeIn();

  // Nothing typed but a quantity: the service's problems beside their fields, the first focused.
  await page.getByLabel('Quantity of package 1').fill('forty');
  await page.getByRole('button', { name: 'Check the manifest' }).click();
  const number = page.getByLabel('Manifest number');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toBeFocused();
  await expect(page.getByLabel('Quantity of package 1')).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(
    "Manifest number is missing: add the number on the shipper's manifest.",
  );
  await expect(page.getByLabel('Quantity of package 1')).toHaveAccessibleDescription(
    'Quantity must be a number above 0, not "forty".',
  );
  await expect(page.getByLabel('Quantity of package 1')).toHaveValue('forty');

  await number.fill('0007712345');
  await page.getByLabel('Shipper’s licence').fill('C11-0000123-LIC');
  await page.getByLabel('Shipper’s name').fill('Emerald Valley Distribution, LLC');
  await receiving.typePackage(0, { tag: BLUE, item: 'Blue Dream Flower 3.5g', quantity: '20', price: '280.00' });
  await page.getByRole('button', { name: 'Add a package' }).click();
  await expect(page.getByLabel('State tag of package 2')).toBeFocused();
  await receiving.typePackage(1, {
    tag: COOKIES,
    item: 'Gelato Cookies Pre-Roll 1g',
    quantity: '12',
    price: '$60',
    expires: '2027-08-01',
  });
  await page.getByRole('button', { name: 'Add a package' }).click();
  await page.getByRole('button', { name: 'Remove package 3' }).click();
  await expect(page.getByLabel('State tag of package 3')).toHaveCount(0);
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'receiving-typed-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'receiving-typed-1024x768');

  // Checked, it is matched as a file is: Blue Dream is likely; the pre-roll is new to the store.
  await page.getByRole('button', { name: 'Check the manifest' }).click();
  await expect(page.getByRole('heading', { name: 'Manifest 0007712345' })).toBeVisible();
  await expect(receiving.chosen(BLUE)).toHaveText('Blue Dream (FLW-001): likely');
  await expect(receiving.row(COOKIES)).toContainText('$60.00');

  await receiving.row(COOKIES).getByRole('button', { name: 'New product…' }).click();
  const form = receiving.newProduct(COOKIES);
  await expect(form.getByLabel('Name')).toHaveValue('Gelato Cookies Pre-Roll 1g');
  await expect(form.getByLabel('Category')).toHaveValue('PREROLL');
  await form.getByRole('button', { name: 'Use this new product' }).click();
  await expect(form.getByLabel('Price ($)')).toBeFocused();
  await expect(form).toContainText('Type its price in dollars, such as 12.50.');
  await form.getByLabel('Price ($)').fill('12');
  await form.getByLabel('Tax class').selectOption('cannabis');
  await form.getByLabel('Brand').fill('Gelato Farms');
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'receiving-new-product-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await office.screenshot(testInfo, 'receiving-new-product-1024x768');
  await form.getByRole('button', { name: 'Use this new product' }).click();
  await expect(receiving.row(COOKIES).getByTestId('new-product')).toContainText('New: Gelato Cookies Pre-Roll 1g');
  await expect(receiving.row(COOKIES).getByTestId('new-product')).toContainText('$12.00');
  await office.screenshot(testInfo, 'receiving-typed-matched-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'receiving-typed-matched-1280x800');

  await page.getByLabel('Into room').selectOption({ label: 'Vault' });
  await receiving.receive();
  await expect(receiving.summary).toHaveText('Received manifest 0007712345 into Vault: 2 packages accepted.');
  await expect(page.locator(`tr[data-package="${COOKIES}"]`)).toContainText('Gelato Cookies Pre-Roll 1g');
  await expect(page.locator(`tr[data-package="${COOKIES}"]`)).toContainText('$5.00');
});
