import { writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';
import { SetupPage } from '../pages/setup-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';

// A store of its own: it receives a delivery and imports products into the demo's catalog, which
// other files read as loaded.
test.use({ serviceOptions: { args: [], env: {}, own: 'catalog-import-notes' } });

const HEADER = 'sku,type,name,weight,unitType,price,taxClass,quantityOnHand,packageLabel';
/** The demo's Blue Dream (FLW-001) has this state tag. */
const BLUE_DREAM_TAG = '1A4060300003D12000000001';

/** Writes a catalog file of `rows` in the test's output folder; its path. */
function catalogFile(testInfo: TestInfo, name: string, rows: string[]): string {
  const path = testInfo.outputPath(name);
  writeFileSync(path, `${[HEADER, ...rows].join('\n')}\n`);
  return path;
}

test('the catalog import says, calmly and in words, what it left as it is, and refuses a tag another package has', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A worker's service outlives a retry: each run its own manifest, tags and SKUs.
  const run = `${testInfo.workerIndex}${testInfo.retry}`.padStart(5, '0');
  const received = `1A4FF01000000770000${run}`;
  const sku = `NOTE-RCV-${run}`;
  // A delivery received at the demo store makes a product whose stock is its tagged package's.
  const manager = { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' };
  const receipt = {
    manifest: {
      manifestNumber: `00077${run}`,
      shipperLicense: 'C11-0000123-LIC',
      packages: [{ label: received, itemName: 'Note Flower 3.5g', quantity: 10, unit: 'Each', wholesalePrice: 100 }],
    },
    room: 'Vault',
    packages: [{ label: received, create: { sku, priceCents: 3000, taxClass: 'cannabis' } }],
  };
  await api.call('POST', '/v2.0/dispensary/demo/setup/inventory/receipts', JSON.stringify(receipt), manager);

  const setup = new SetupPage(page);
  await setup.open(service.url, 'demo', 'manager', DEMO.users.manager);
  await setup.show('Catalog');
  const { page: screen } = setup;
  await screen
    .getByLabel('Catalog file')
    .setInputFiles(
      catalogFile(testInfo, 'prices.csv', [
        `${sku},FLOWER,Note Flower 3.5g,3.5,g,31.00,cannabis,25,1A4FF01000000770001${run}`,
        `NOTE-NEW-${run},FLOWER,Note Jar 3.5g,3.5,g,30.00,cannabis,5,1A4FF01000000770002${run}`,
      ]),
    );
  await screen.getByRole('button', { name: 'Import' }).click();
  // Every optional column the README documents is named, tags and the ids too.
  await expect(screen.locator('.columns-help')).toContainText(
    'Optional: subtype, brand, size, barcodes, deli, packageLabel, cannabisWeight, thc, discountPercent, ' +
      'discountDescription, tags, productId, unitId',
  );
  // The price list leaves columns out: the product it updates keeps them, and the screen says so.
  await expect(setup.done).toHaveText(
    'Imported 2 products from prices.csv: 1 new, 1 updated. The updated product kept its subtype, brand, size, ' +
      'barcodes, deli, discountPercent, discountDescription, cannabisWeight, thc and tags, which the file leaves out.',
  );
  const notes = screen.locator('.import-notes');
  await expect(notes).toHaveAttribute('role', 'status');
  await expect(notes.getByRole('heading')).toHaveText('2 values left as they are');
  await expect(notes).toContainText('Nothing is wrong: these products’ stock and state tags are kept in the packages');
  const rows = notes.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Line 2');
  await expect(rows.nth(0)).toContainText('quantityOnHand');
  await expect(rows.nth(0)).toContainText(`${sku}: stock is kept in received packages`);
  await expect(rows.nth(1)).toContainText('packageLabel');
  await expect(rows.nth(1)).toContainText('its packages keep the state tags they were received with');
  await expect(screen.locator('.import-errors')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await setup.screenshot(testInfo, 'setup-catalog-notes');

  await screen
    .getByLabel('Catalog file')
    .setInputFiles(
      catalogFile(testInfo, 'copied-tag.csv', [
        `NOTE-COPY-${run},FLOWER,Copied Jar 3.5g,3.5,g,30.00,cannabis,5,${BLUE_DREAM_TAG}`,
      ]),
    );
  await screen.getByRole('button', { name: 'Import' }).click();
  const problems = screen.locator('.import-errors');
  await expect(problems).toContainText('Nothing was imported: 1 problem in the file');
  await expect(problems).toContainText('Fix it in the file and import it again.');
  await expect(problems.locator('tbody tr')).toHaveText([
    `Line 2packageLabel${BLUE_DREAM_TAG} is already the tag of a package of Blue Dream (FLW-001); a state tag belongs to one package only`,
  ]);
  await expect(screen.locator('.import-notes')).toHaveCount(0);
  await setup.screenshot(testInfo, 'setup-catalog-tag-refused');
});
