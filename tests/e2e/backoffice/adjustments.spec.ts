import { AdjustmentsPage } from '../pages/adjustments-page.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { BACK_OFFICE_SIZES } from '../support/back-office-sizes.js';

// Blue Dream (FLW-001): 40 jars; its package's state tag.
const BLUE_DREAM_TAG = '1A4060300003D12000000001';

// It writes stock off the demo's Blue Dream, which other files read as loaded.
test.use({ serviceOptions: { args: [], env: {}, own: 'adjustments' } });

test('a cashier writes off a damaged jar: a manager’s PIN asked, a wrong one refused in words, the right one saves it; the stock and the history show it', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  const adjustments = new AdjustmentsPage(page);
  await office.open(service.url);
  await office.login('cashier', 'cashier-demo-1');
  await office.show('Products');
  // The register's backups are the managers' business: a cashier's screen says nothing of them.
  await expect(office.backupLine).toHaveCount(0);
  // A cashier finds products and adjusts their stock; setting products up is a manager's.
  await expect(page.getByRole('button', { name: 'Add a product' })).toHaveCount(0);
  await products.find('FLW-001');
  await expect(products.row('FLW-001')).toContainText('40');

  await adjustments.open('FLW-001', 'Blue Dream');
  await expect(adjustments.dialog.getByTestId('adjust-tag')).toHaveText(BLUE_DREAM_TAG);
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('40 units');
  // The demo store asks a manager to approve every adjustment a cashier makes: the fields are there.
  await expect(adjustments.dialog.getByText('The store asks a manager to approve every adjustment')).toBeVisible();

  // Part of a jar is refused beside the field, in words, and focused.
  await adjustments.fill('Remove', '0.5', 'Damaged', 'Jar dropped');
  await adjustments.save();
  await expect(adjustments.fieldError('amount')).toHaveText(
    'The change must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram.',
  );
  await expect(adjustments.dialog.getByLabel('Units to remove')).toBeFocused();

  await adjustments.dialog.getByLabel('Units to remove').fill('1');
  await expect(adjustments.preview).toHaveText('On hand: 40 → 39 units');
  await adjustments.approve('manager', '0000');
  await adjustments.save();
  // The wrong PIN: the service's words beside the PIN, focused; nothing typed is lost.
  await expect(adjustments.fieldError('pin')).toHaveText("That is not Morgan Manager's PIN.");
  await expect(adjustments.dialog.getByLabel('Manager’s PIN')).toBeFocused();
  await expect(adjustments.dialog.getByLabel('Note')).toHaveValue('Jar dropped');
  await expect(adjustments.dialog.getByLabel('Units to remove')).toHaveValue('1');
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page, 'dialog')).toEqual([]);
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  await keepScreenshot(page, testInfo, 'adjust-refused-1920x1080', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'adjust-refused-1280x800', { fullPage: false });

  await adjustments.approve('manager', '2580');
  await keepScreenshot(page, testInfo, 'adjust-pin-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await keepScreenshot(page, testInfo, 'adjust-pin-1920x1080', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await adjustments.save();
  await expect(adjustments.done).toHaveText(
    'Removed 1 unit of Blue Dream for Damaged: 40 → 39 units. Approved by Morgan Manager.',
  );
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('39 units');
  await keepScreenshot(page, testInfo, 'adjust-saved-1280x800', { fullPage: false });
  await adjustments.close();
  // The row reads its stock again, live (catalog.changed).
  await expect(products.row('FLW-001')).toContainText('39');

  // A product weighed at the counter is adjusted in grams, to three decimals.
  await products.find('DEL-001');
  await adjustments.open('DEL-001', 'Granddaddy Purple (by the gram)');
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('453.6 g');
  await adjustments.fill('Counted', '453.15', 'Scale variance');
  await expect(adjustments.dialog.getByLabel('Grams counted')).toBeVisible();
  await expect(adjustments.preview).toHaveText('On hand: 453.6 → 453.15 g');
  await adjustments.close();
  // An accessory's package has no state tag: said so, never "None".
  await products.find('ACC-003');
  await adjustments.open('ACC-003', 'Aluminium Grinder 4-Piece');
  await expect(adjustments.dialog.getByTestId('adjust-tag')).toHaveText('Untagged');
  await keepScreenshot(page, testInfo, 'adjust-untagged-1280x800', { fullPage: false });
  await adjustments.close();

  // The history: newest first, with who made it and who approved it.
  await adjustments.showHistory();
  await expect(adjustments.rows).toHaveCount(1);
  const row = adjustments.rows.first();
  await expect(row).toContainText('Blue Dream');
  await expect(row).toContainText('FLW-001');
  await expect(row).toContainText(BLUE_DREAM_TAG);
  await expect(row).toContainText('−1 unit');
  await expect(row).toContainText('40 → 39 units');
  await expect(row).toContainText('Damaged');
  await expect(row).toContainText('Jar dropped');
  // Who, by name (the list answers the usernames too: `by` stays "cashier").
  await expect(row.locator('td').last()).toHaveText('Casey Cashier approved by Morgan Manager');
  // Narrowed to another reason: nothing; back to every reason.
  await page.getByRole('search', { name: 'Adjustments' }).getByLabel('Reason').selectOption({ label: 'Theft or loss' });
  await expect(page.getByText('No adjustment matches.')).toBeVisible();
  await page.getByRole('search', { name: 'Adjustments' }).getByLabel('Reason').selectOption({ label: 'Every reason' });
  await expect(adjustments.rows).toHaveCount(1);
  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'adjustments-history-1280x800');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'adjustments-history-1920x1080');
  // Store days the wrong way round: said beside them, nothing read, and the rows of the days before
  // no longer shown under them; the days mended, the list is back.
  const filters = page.getByRole('search', { name: 'Adjustments' });
  await filters.getByLabel('From', { exact: true }).fill('2026-12-02');
  await filters.getByLabel('To', { exact: true }).fill('2026-12-01');
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(filters.getByText('From must be on or before To.')).toBeVisible();
  await expect(filters.getByLabel('From', { exact: true })).toBeFocused();
  await expect(adjustments.rows).toHaveCount(0);
  await filters.getByLabel('From', { exact: true }).fill('');
  await filters.getByLabel('To', { exact: true }).fill('');
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(filters.getByText('From must be on or before To.')).toHaveCount(0);
  await expect(adjustments.rows).toHaveCount(1);
});

test('a manager writes off a jar in the Vault: the package that sells next is chosen to begin with, another chosen from the product’s packages', async ({
  page,
  service,
  api,
}, testInfo) => {
  // Wedding Cake (FLW-003): 28 jars on the floor, and a delivery of 12 received into the Vault.
  const VAULT_TAG = '1A4FF0100000022000000777';
  const text = [
    '# Manifest: 0004500777',
    '# Shipper licence: C11-0000123-LIC',
    'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price',
    `${VAULT_TAG},Wedding Cake Flower 3.5g,12,Each,$168.00`,
  ].join('\n');
  await api.setup('POST', '/inventory/receipts', {
    format: 'csv',
    text,
    room: 'Vault',
    packages: [{ label: VAULT_TAG, productId: 'FLW-003' }],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  const products = new ProductsPage(page);
  const adjustments = new AdjustmentsPage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Products');
  await products.find('FLW-003');
  await adjustments.open('FLW-003', 'Wedding Cake');

  // Two packages: the floor's, which sells next, is chosen to begin with.
  await expect(adjustments.packages).toHaveCount(2);
  await expect(adjustments.chosenPackage).toHaveText(/ · Sales floor · 28 units on hand Sells next$/);
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('28 units');
  await adjustments.choosePackage(new RegExp(VAULT_TAG));
  await expect(adjustments.chosenPackage).toHaveText(`${VAULT_TAG} · Vault · 12 units on hand`);
  await expect(adjustments.dialog.getByTestId('adjust-on-hand')).toHaveText('12 units');

  // A comma that does not separate thousands is refused saying why, beside the field.
  await adjustments.fill('Remove', '1,5', 'Damaged', 'Jar cracked in the Vault');
  await adjustments.save();
  await expect(adjustments.fieldError('amount')).toHaveText(
    'The change "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
  );
  await keepScreenshot(page, testInfo, 'adjust-package-comma-1280x800', { fullPage: false });
  await adjustments.dialog.getByLabel('Units to remove').fill('2');
  await expect(adjustments.preview).toHaveText('On hand: 12 → 10 units');
  await adjustments.save();
  // The manager's own adjustment: nobody else approved it, so no approval is said.
  await expect(adjustments.done).toHaveText('Removed 2 units of Wedding Cake for Damaged: 12 → 10 units.');
  await expect(adjustments.chosenPackage).toHaveText(`${VAULT_TAG} · Vault · 10 units on hand`);
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'adjust-package-1280x800', { fullPage: false });
  await adjustments.close();

  // The floor's jars are as they were; the history names the Vault's package.
  await expect(products.row('FLW-003')).toContainText('28');
  await adjustments.showHistory();
  const row = adjustments.rows.first();
  await expect(row).toContainText(VAULT_TAG);
  await expect(row).toContainText('12 → 10 units');

  // The audit trail's line of it says no approval either: the manager needed none.
  await office.show('Audit trail');
  const line = page
    .getByTestId('audit-table')
    .locator('tr[data-action="stock_adjusted"]')
    .filter({ hasText: 'Jar cracked in the Vault' });
  await expect(line).toHaveCount(1);
  await expect(line.locator('td').last()).toHaveText(
    `Wedding Cake (FLW-003), package ${VAULT_TAG}: −2 (12 → 10), Damaged: Jar cracked in the Vault`,
  );
  await line.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'audit-own-adjustment-1280x800', { fullPage: false });
});
