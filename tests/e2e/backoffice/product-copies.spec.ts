import { BackOfficePage } from '../pages/backoffice-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';
import { cli } from '../../support/service-process.js';

// An organization manager copies a product of demo to the organization's other stores from the
// Products tab: Mesa North (with a "cannabis" tax class) takes it; Mesa South (none) cannot, and says
// why. A store's own manager is not offered the action. Its own service: the stores added stay there.
test.use({ serviceOptions: { args: [], env: {}, own: 'product-copies' } });

function addStore(dataDir: string, organizationId: string, shortName: string, name: string): void {
  const address = ['--street', '1200 Larimer St', '--city', 'Denver', '--state', 'CO', '--zip', '80204'];
  cli(
    dataDir,
    'dispensaries',
    'add',
    shortName,
    '--org',
    organizationId,
    '--name',
    name,
    '--timezone',
    'America/Denver',
    ...address,
  );
}

/** A call of store `shortName`'s set-up API as the demo administrator (organization-wide). */
async function setupOf<T>(api: ServiceApi, shortName: string, method: string, path: string, body?: object) {
  const headers = { authorization: `Bearer ${await api.token('admin')}`, 'content-type': 'application/json' };
  return api.call<T>(method, `/v2.0/dispensary/${shortName}/setup${path}`, body && JSON.stringify(body), headers);
}

test('an organization manager copies a product to another store; a store that cannot take it says why', async ({
  page,
  service,
  api,
}, testInfo) => {
  const organizationId = await api.organizationId();
  addStore(service.dataDir, organizationId, 'mesa-north', 'Mesa North');
  addStore(service.dataDir, organizationId, 'mesa-south', 'Mesa South');
  await setupOf(api, 'mesa-north', 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis' });

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');
  await products.find('FLW-001');
  await products.open('FLW-001');
  await products.form.getByRole('button', { name: 'Copy to other stores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy Blue Dream to other stores' });
  const north = dialog.getByRole('checkbox', { name: 'Mesa North' });
  const south = dialog.getByRole('checkbox', { name: 'Mesa South' });
  await expect(north).toBeEnabled();
  await expect(south).toBeDisabled();
  await expect(dialog).toContainText('Cannot take it: Mesa South has no tax class "cannabis".');
  await north.check();
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'product-copy-dialog-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'product-copy-dialog-1024x768', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    'Copied Blue Dream (FLW-001) to Mesa North. It has no stock there yet: each store receives its own.',
  );
  await expect(north).toBeDisabled();
  await expect(dialog).toContainText(
    'Cannot take it: Mesa North has a product with the SKU FLW-001 already (Blue Dream).',
  );
  await keepScreenshot(page, testInfo, 'product-copy-done-1280x800', { fullPage: false });
  const copied = await setupOf<{ product: { name: string; quantityOnHand: number; taxClass: string } }>(
    api,
    'mesa-north',
    'GET',
    '/products/FLW-001',
  );
  expect(copied.product).toMatchObject({ name: 'Blue Dream', quantityOnHand: 0, taxClass: 'cannabis' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Mesa South gets a tax class while the dialog of another product is open: the copy is refused
  // when Mesa South has taken that SKU meanwhile, in words, and the choice stays.
  await setupOf(api, 'mesa-south', 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis' });
  await products.find('FLW-002');
  await products.open('FLW-002');
  await products.form.getByRole('button', { name: 'Copy to other stores' }).click();
  const second = page.getByRole('dialog', { name: /^Copy .+ to other stores$/ });
  await second.getByRole('checkbox', { name: 'Mesa South' }).check();
  await second.getByRole('checkbox', { name: 'Mesa North' }).check();
  await setupOf(api, 'mesa-south', 'POST', '/products', {
    sku: 'FLW-002',
    name: 'Someone else’s FLW-002',
    type: 'FLOWER',
    priceCents: 100,
    taxClass: 'cannabis',
  });
  await second.getByRole('button', { name: 'Copy to 2 stores' }).click();
  await expect(second.getByRole('alert')).toContainText(
    `was copied to no store: Mesa South has a product with the SKU FLW-002 already (Someone else’s FLW-002)`,
  );
  await expect(second.getByRole('checkbox', { name: 'Mesa North' })).toBeChecked();
  await expect(second.getByRole('checkbox', { name: 'Mesa South' })).toBeDisabled();
  await expect(second).toContainText('Cannot take it: Mesa South has a product with the SKU FLW-002 already');
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'product-copy-refused-1024x768', { fullPage: false });
  await expect(
    api.call('GET', '/v2.0/dispensary/mesa-north/setup/products/FLW-002', undefined, {
      authorization: `Bearer ${await api.token('admin')}`,
    }),
  ).rejects.toThrow(/answered 404/);
});

test('a store’s own manager is not offered the copy', async ({ page, service, api }) => {
  await api.setup('POST', '/staff', { username: 'floor-lead', role: 'manager', password: 'floor-lead-pw-1' }, 'admin');
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.open(service.url);
  await office.login('floor-lead', 'floor-lead-pw-1');
  await office.show('Products');
  await products.find('FLW-001');
  await products.open('FLW-001');
  await expect(products.form.getByRole('button', { name: 'Print labels' })).toBeVisible();
  await expect(products.form.getByRole('button', { name: 'Copy to other stores' })).toHaveCount(0);
});
