import type { TicketQuote } from '../../../shared/contracts/ticket.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { DealsPage } from '../pages/deals-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { DEMO } from '../support/service-api.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

// A store of its own: its products' tags and its deal are this journey's alone.
test.use({ serviceOptions: { args: [], env: {}, own: 'product-tags' } });

test('product tags: a manager tags two products (a tag too long refused beside the field, nothing lost; the store’s tags offered), then adds a deal for the tag, picked from the products’ tags, and it prices the tagged products only', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');

  // Blue Dream: a tag of 41 characters is refused beside the field, and what was typed stays.
  await products.open('FLW-001');
  const tags = products.form.getByLabel('Tags', { exact: true });
  const long = 'x'.repeat(41);
  await tags.fill(`Staff-Pick, ${long}`);
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.fieldError('tags')).toHaveText(`A tag must be at most 40 characters: "${long}".`);
  await expect(tags).toBeFocused();
  await expect(tags).toHaveValue(`Staff-Pick, ${long}`);
  await keepScreenshot(page, testInfo, 'product-tags-refused-1280x800', { fullPage: false });
  await tags.fill('Staff-Pick, limited, limited');
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.message).toHaveText('Saved Blue Dream.');
  await expect(tags).toHaveValue('Staff-Pick, limited');

  // Wedding Cake: the store's tags are offered under the field, one click each.
  await products.open('FLW-003');
  const offered = products.form.getByRole('group', { name: 'The store’s tags' });
  await expect(offered.getByRole('button')).toHaveText(['limited', 'Staff-Pick']);
  await offered.getByRole('button', { name: 'Add the tag Staff-Pick' }).click();
  await expect(tags).toHaveValue('Staff-Pick');
  await expect(offered.getByRole('button')).toHaveText(['limited']);
  await tags.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  // The window as the manager sees it: the form beside the list, scrolled to its tags.
  await keepScreenshot(page, testInfo, 'product-tags-form-1280x800', { fullPage: false });
  await products.form.getByRole('button', { name: 'Save changes' }).click();
  await expect(products.message).toHaveText('Saved Wedding Cake.');

  // A deal for the tag: the Deals form offers the products' tags to pick.
  const deals = new DealsPage(page);
  await deals.show();
  await deals.startNew();
  await deals.fill({ Name: 'Staff picks', 'Percent off': '10' });
  const tagField = deals.form.getByRole('combobox', { name: 'Tags' });
  await expect(page.locator('#deal-tags-choices option')).toHaveCount(2);
  expect(
    await page
      .locator('#deal-tags-choices option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('value'))),
  ).toEqual(['limited', 'Staff-Pick']);
  await tagField.fill('Staff-Pick');
  await deals.form.getByRole('button', { name: 'Add to Tags' }).click();
  await expect(deals.form.getByRole('list', { name: 'Tags' })).toContainText('Staff-Pick');
  await expect(deals.preview).toContainText('10 % off');
  await tagField.scrollIntoViewIfNeeded();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'product-tags-deal-form-1280x800', { fullPage: false });
  await deals.submit();
  await expect(deals.message).toHaveText('Added Staff picks.');

  // It prices the tagged products, not OG Kush (no tag).
  const ids = async (sku: string) =>
    (await api.setup<{ product: { productId: string } }>('GET', `/products/${sku}`)).product.productId;
  const items = [
    { productId: await ids('FLW-001'), quantity: 1 },
    { productId: await ids('FLW-003'), quantity: 1 },
    { productId: await ids('FLW-004'), quantity: 1 },
  ];
  const quote = await api.call<TicketQuote>(
    'POST',
    '/v2.0/dispensary/demo/ecommerce/ticket/quote',
    JSON.stringify({ type: 'PICKUP', items }),
    { ...DEMO.client, authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' },
  );
  const dealOf = (index: number) => quote.items.find((item) => item.productId === items[index]!.productId)!.discounts;
  expect(dealOf(0)).toEqual([expect.objectContaining({ name: 'Staff picks', amount: '3.50' })]);
  expect(dealOf(1)).toEqual([expect.objectContaining({ name: 'Staff picks', amount: '4.50' })]);
  expect(dealOf(2)).toEqual([]);
});
