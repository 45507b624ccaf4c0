import type { ProductAnswer } from '../../../shared/contracts/products.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';

// A store of its own: it changes Blue Dream's price and low-stock threshold and adds a product, where
// other files read the demo's catalog as loaded (product-labels.spec.ts prints Blue Dream at $35.00).
test.use({ serviceOptions: { args: [], env: {}, own: 'products' } });

/** A call to the products API as another manager (or the CLI's service) makes it. */
async function productsApi(api: ServiceApi, method: string, path: string, body?: object): Promise<ProductAnswer> {
  return api.setup(method, `/products${path}`, body);
}

test('products: a manager searches, filters low stock, adds flower by the gram with price breaks, changes its price, archives it, and sees a change made elsewhere live', async ({
  page,
  service,
  api,
}, testInfo) => {
  // Sour Diesel has 9 on hand: a threshold of 10 makes it low.
  await productsApi(api, 'PATCH', '/FLW-006', { lowStockThreshold: 10 });
  const { product: weddingCake } = await productsApi(api, 'GET', '/FLW-003');
  const { product: byTheGram } = await productsApi(api, 'GET', '/DEL-001');
  const sku = `GV-OG-${crypto.randomUUID().slice(0, 6)}`;

  await page.setViewportSize({ width: 1366, height: 768 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');

  // The list: name and SKU, brand, category with the strain type, price, stock.
  const blueDream = products.row('FLW-001');
  await expect(blueDream).toContainText('Blue Dream');
  await expect(blueDream).toContainText('Humboldt Hills');
  await expect(blueDream).toContainText('Flower · Sativa');
  await expect(blueDream).toContainText('$35.00');
  await expect(products.row('DEL-001')).toContainText('$10.00 / g');
  await expect(products.row('DEL-001')).toContainText(`${byTheGram.quantityAvailable} g`);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'products-list-1366x768');

  // Search by name (words in any order), by SKU and by barcode.
  await products.find('dream blue');
  await expect(products.rows).toHaveCount(2);
  await expect(products.row('PRE-001')).toContainText('Blue Dream Pre-Roll');
  await products.find('flw-004');
  await expect(products.rows).toHaveCount(1);
  await expect(products.row('FLW-004')).toContainText('OG Kush');
  await products.find(weddingCake.barcodes[0]!);
  await expect(products.rows).toHaveCount(1);
  await expect(products.row('FLW-003')).toBeVisible();

  // Low stock: Sour Diesel, marked.
  await products.search.fill('');
  await products.filter('Stock', 'Low');
  await expect(products.rows).toHaveCount(1);
  await expect(products.row('FLW-006')).toContainText('Low');
  await products.clearFilters();
  await expect(products.row('FLW-001')).toBeVisible();

  // A flower by the gram with the usual price breaks; one weight given twice is refused beside it, nothing lost.
  await page.getByRole('button', { name: 'Add a product' }).click();
  await products.fill({ Name: 'OG Kush (by the gram)', Brand: 'Green Valley Deli', SKU: sku });
  await products.form.getByLabel('Category').selectOption({ label: 'Flower' });
  await products.fill({ 'Strain type or form': 'Hybrid' });
  await products.form.getByLabel('By the gram: weighed at the counter').check();
  await products.fill({ 'Price per gram': '11', 'THC (mg per gram)': '230', 'Low stock at': '56' });
  await products.form.getByRole('button', { name: 'Add 1, 3.5, 7, 14 and 28 g' }).click();
  for (const [index, dollars] of ['12', '35', '65', '120', '220'].entries()) {
    await products.form.getByLabel(`Price ${index + 1} ($)`).fill(dollars);
  }
  await products.priceBreak(2, '3.5', '65');
  await products.form.getByLabel('Tax class').selectOption({ index: 1 });
  await expect(products.form.getByTestId('limit-category')).toContainText('Flower');
  await products.form.getByRole('button', { name: 'Add product' }).click();
  await expect(products.fieldError('priceBreaks[2]')).toHaveText(
    'Price break weight names 3.5 g twice: one price per weight.',
  );
  await expect(products.form.getByLabel('Weight 3 (g)')).toBeFocused();
  await expect(products.form.getByLabel('Name', { exact: true })).toHaveValue('OG Kush (by the gram)');
  await expect(products.form.getByLabel('Price 5 ($)')).toHaveValue('220');
  await products.priceBreak(2, '7', '65');
  // A price with a third decimal: its own input is marked and focused, not its row's weight.
  await products.form.getByLabel('Price 2 ($)').fill('35.005');
  await products.form.getByRole('button', { name: 'Add product' }).click();
  await expect(products.fieldError('priceBreaks[1]')).toContainText('A price break price');
  await expect(products.form.getByLabel('Price 2 ($)')).toBeFocused();
  await expect(products.form.getByLabel('Weight 2 (g)')).not.toHaveAttribute('aria-invalid', 'true');
  await products.form.getByLabel('Price 2 ($)').fill('35');
  await products.form.getByRole('button', { name: 'Add product' }).click();
  await expect(products.message).toContainText('Added OG Kush (by the gram).');
  const added = products.row(sku);
  await expect(added).toContainText('$11.00 / g');
  await expect(added.getByTestId('price-breaks')).toHaveText('1 g $12 · 3.5 g $35 · 7 g $65 · 14 g $120 · 28 g $220');
  await expect(added).toContainText('Out');
  await expect(products.form.getByRole('heading')).toHaveText('Change OG Kush (by the gram)');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'products-form-1366x768');

  // Blue Dream's state tag, typed in lower case: refused beside the tag's field naming Blue Dream; nothing saved.
  const { product: blueDreamNow } = await productsApi(api, 'GET', '/FLW-001');
  const heldTag = blueDreamNow.packageLabel.toLowerCase();
  await products.fill({ 'Package tag': heldTag });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.fieldError('packageLabel')).toHaveText(
    `Package tag ${heldTag} is already on a package of Blue Dream (FLW-001); each package has its own state tag.`,
  );
  await expect(products.form.getByLabel('Package tag', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await office.screenshot(testInfo, 'products-tag-held-1366x768');
  expect((await productsApi(api, 'GET', `/${sku}`)).product.packageLabel).toBe('');
  await products.fill({ 'Package tag': '' });

  // A price with a comma that does not separate thousands is refused saying why, beside it; one
  // whose commas do (a $1,250.00 ounce, say) is read as typed.
  await products.fill({ 'Price per gram': '12,50' });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.fieldError('priceCents')).toHaveText(
    'Price "12,50" could mean 12.50 or 1250: a comma only separates thousands, three digits at a time (1,250); type 12.50 or 1250.',
  );
  await expect(products.form.getByLabel('Price per gram')).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'products-price-comma-1280x800');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Its price changes; only the price is sent, and the list shows it.
  await products.fill({ 'Price per gram': '12.50' });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.message).toHaveText('Saved OG Kush (by the gram).');
  await expect(added).toContainText('$12.50 / g');
  const { product: saved } = await productsApi(api, 'GET', `/${sku}`);
  expect(saved).toMatchObject({ priceCents: 1250, deli: true, unitType: 'g', thcMg: 230, lowStockThreshold: 56 });

  // Archived after asking: off the list on sale, under Archived, and brought back from there.
  await products.form.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(products.message).toContainText('Archived OG Kush (by the gram)');
  await expect(added).toHaveCount(0);
  await products.showOnly('Archived');
  await expect(added).toContainText('Archived');
  await products.showOnly('On sale');
  await expect(added).toHaveCount(0);

  // Another manager changes Blue Dream's price: the row follows, what is typed in the search box stays.
  await products.search.fill('wedding');
  await productsApi(api, 'PATCH', '/FLW-001', { priceCents: 3600 });
  await expect(blueDream).toContainText('$36.00');
  await expect(products.search).toHaveValue('wedding');

  // Blue Dream open with a price typed, not saved: another manager sets its threshold. The form keeps
  // what is typed and says so; saving sends the price only, and their threshold stays.
  await products.open('FLW-001');
  await products.fill({ Price: '37' });
  await productsApi(api, 'PATCH', '/FLW-001', { lowStockThreshold: 45 });
  await expect(products.form.getByRole('status')).toHaveText(
    'Someone changed this product since you opened it. Saving sends only the fields you changed.',
  );
  await expect(blueDream).toContainText('Low');
  await expect(products.form.getByLabel('Price', { exact: true })).toHaveValue('37');
  // Nor is it lost to another product's row (asked first) or a visit to another tab.
  await products.row('FLW-003').getByRole('button').first().click();
  const discard = page.getByRole('dialog', { name: 'Discard your changes to Blue Dream?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toHaveCount(0);
  await office.show('Orders');
  await office.show('Products');
  await expect(products.form.getByLabel('Price', { exact: true })).toHaveValue('37');
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.message).toHaveText('Saved Blue Dream.');
  await expect(blueDream).toContainText('$37.00');
  expect((await productsApi(api, 'GET', '/FLW-001')).product).toMatchObject({
    priceCents: 3700,
    lowStockThreshold: 45,
  });
  await products.form.getByRole('button', { name: 'Close' }).click();

  for (const [width, height] of [
    [1024, 768],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await products.open('DEL-001');
    // Save and Close in the window with the page scrolled back to its top (the row clicked was further down):
    // the form is no taller than what the window has below its top, wherever the page is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(products.form.getByRole('button', { name: 'Save changes' })).toBeInViewport({ ratio: 1 });
    await expect(products.form.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
    if (width === 1920) {
      // A large screen gives the list and the form its room side by side (the other screens stop at 80rem),
      // so no row's actions are cut off under the form; and no row's actions go under the form.
      const form = (await products.form.boundingBox())!;
      expect(form.x + form.width).toBeGreaterThan(1500);
      const action = (await products.row('DEL-001').getByRole('button').last().boundingBox())!;
      expect(action.x + action.width).toBeLessThanOrEqual(form.x);
    }
    await office.screenshot(testInfo, `products-form-${width}x${height}`);
    await products.form.getByRole('button', { name: 'Close' }).click();
    await office.screenshot(testInfo, `products-list-${width}x${height}`);
  }

  // A cashier's Products tab adjusts stock (adjustments.spec.ts) and sets nothing up: no adding, no product form.
  await office.signOut();
  await office.login('cashier', 'cashier-demo-1');
  await office.show('Products');
  await expect(page.getByRole('button', { name: 'Add a product' })).toHaveCount(0);
  await expect(products.row('FLW-001').getByRole('button', { name: 'Blue Dream', exact: true })).toHaveCount(0);
  await expect(products.row('FLW-001').getByRole('button', { name: 'Adjust stock of Blue Dream' })).toBeVisible();
});
