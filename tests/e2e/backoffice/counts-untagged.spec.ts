import { BackOfficePage } from '../pages/backoffice-page.js';
import { CountsPage } from '../pages/counts-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { RoomsPage } from '../pages/rooms-page.js';
import { axeViolations } from '../support/axe.js';
import type { ServiceApi } from '../support/service-api.js';
import { expect, test } from '../support/fixtures.js';

// Products whose packages have no state tag (README "Inventory counts", "Rooms and packages"): the
// stock these tests make is no other file's.
test.use({ serviceOptions: { args: [], env: {}, own: 'counts-untagged' } });

const JAR_TAG = '1A4FF0100000022000000888';
const HAZE_TAG = '1A4FF0100000022000000999';

/** A delivery of one package (`units` of it) for product `sku`, received into `room`. */
async function receive(api: ServiceApi, sku: string, tag: string, units: number, room: string): Promise<void> {
  const text = [
    `# Manifest: 00045${tag.slice(-5)}`,
    '# Shipper licence: C11-0000123-LIC',
    'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price',
    `${tag},${sku},${units},Each,$48.00`,
  ].join('\n');
  await api.setup('POST', '/inventory/receipts', {
    format: 'csv',
    text,
    room,
    packages: [{ label: tag, productId: sku }],
  });
}

/** A product added by hand (its first package, untagged and empty): its package's id. */
async function addProduct(api: ServiceApi, sku: string, name: string, type: string): Promise<string> {
  const body = { sku, name, type, priceCents: 900, taxClass: 'cannabis' };
  return (await api.setup<{ product: { packageId: string } }>('POST', '/products', body)).product.packageId;
}

test('a counter picks which of a product’s packages without a state tag they counted, told apart in words', async ({
  page,
  service,
  api,
}, testInfo) => {
  // Glass Stash Jar: 8 added by hand to the package it was made with, then 12 received with a tag the manager cleared.
  const byHand = await addProduct(api, 'JAR-010', 'Glass Stash Jar', 'accessory');
  await api.setup('POST', '/inventory/adjustments', { package: byHand, delta: 8, reason: 'count' });
  await receive(api, 'JAR-010', JAR_TAG, 12, 'Sales floor');
  await api.setup('PATCH', `/inventory/packages/${JAR_TAG}`, { expiresOn: '2030-01-31' });
  await api.setup('PATCH', '/products/JAR-010', { packageLabel: '' });

  const { office, counts } = await CountsPage.opened(page, service.url);
  await counts.start('Shelf accessories', ['Accessories']);

  // Its SKU names both: each is offered in words, and the first takes the focus.
  await counts.enter('JAR-010', '11');
  await expect(counts.choices).toContainText(
    'JAR-010 is the code of 2 packages without a state tag. Which one did you count 11 of?',
  );
  const offered = counts.choices.getByRole('button');
  await expect(offered).toHaveText([
    /^Glass Stash Jar \(JAR-010\) on the sales floor, stocked by an adjustment on \w{3}\s\d{1,2},\s\d{4},\s\d{1,2}:\d{2}\s[AP]M\s\w+$/,
    /^Glass Stash Jar \(JAR-010\) on the sales floor, received on \w{3}\s\d{1,2},\s\d{4},\s\d{1,2}:\d{2}\s[AP]M\s\w+$/,
  ]);
  await expect(offered.first()).toBeFocused();
  await expect(counts.fieldError('package')).toHaveCount(0);
  await expect(page.getByLabel('Package tag')).toHaveAccessibleDescription(
    'JAR-010 is the code of 2 packages without a state tag. Which one did you count 11 of?',
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'count-untagged-choices-1280x800');

  // The delivery's jar picked: entered with the 11 typed, the form ready for the next scan.
  await counts.pick(/received on/);
  await expect(counts.message).toHaveText('Counted 11 of Glass Stash Jar: 12 expected, 1 short.');
  await expect(counts.choices).toHaveCount(0);
  await expect(page.getByLabel('Package tag')).toHaveValue('');
  await expect(page.getByLabel('Package tag')).toBeFocused();
  await expect(page.locator('tr[aria-current="true"]')).toContainText('−1');
  await office.screenshot(testInfo, 'count-untagged-picked-1280x800');
});

test('a product added by hand and then received lists only the package received, not its empty first one', async ({
  page,
  service,
  api,
}, testInfo) => {
  await addProduct(api, 'HND-011', 'Hand Haze', 'flower');
  await receive(api, 'HND-011', HAZE_TAG, 10, 'Vault');

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  const rooms = new RoomsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');
  await products.find('Hand Haze');
  await rooms.openPackages('HND-011', 'Hand Haze');
  await expect(rooms.packages).toHaveCount(1);
  await expect(rooms.packages.first()).toHaveAttribute('data-package', HAZE_TAG);
  await expect(rooms.packages.first()).toContainText('Vault');
  await expect(rooms.dialog).not.toContainText('Untagged');
  await office.screenshot(testInfo, 'packages-without-placeholder-1280x800');
});
