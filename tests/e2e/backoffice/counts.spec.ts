import type { CountView } from '../../../shared/contracts/inventory-counts.js';
import { CountsPage } from '../pages/counts-page.js';
import { ProductsPage } from '../pages/products-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// Blue Dream (FLW-001): 40 jars at $35.00; Granddaddy Purple by the gram (DEL-001): 453.6 g at $10.00 a gram.
const BLUE_DREAM = '1A4060300003D12000000001';
const BY_THE_GRAM = '1A4060300003D12000000009';
const PURPLE_PUNCH = '1A4060300003D12000000002';
const WEDDING_CAKE = '1A4060300003D12000000003';
// Lemon Ginger Sparkling Tonic (EDI-005): an edible, outside a count of the flower.
const LEMON_TONIC = '1A4060300003D12000000028';

// The count's figures are the demo's stock as loaded, and the stock it applies is no other file's.
test.use({ serviceOptions: { args: [], env: {}, own: 'counts' } });

test('a count with a variance: a manager counts the flower, pauses, sees what is short, and applies it', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { office, counts } = await CountsPage.opened(page, service.url);
  await expect(page.getByRole('heading', { name: 'Start a count' })).toBeVisible();
  await expect(page.getByText('No count yet.')).toBeVisible();
  await office.screenshot(testInfo, 'counts-start-1280x800');

  // A count of the whole store needs a name, said beside the field; one of categories is named by them.
  await page.getByRole('button', { name: 'Start the count' }).click();
  await expect(
    page.getByText('Say what is counted, for example “Vault, Monday”, or tick the rooms or categories it counts.'),
  ).toBeVisible();
  const startForm = page.getByRole('form', { name: 'Start a count' });
  await startForm.getByLabel('Flower', { exact: true }).check();
  await expect(startForm.getByLabel('Name (optional)')).toHaveAttribute('placeholder', 'Count of Flower');
  await startForm.getByLabel('Flower', { exact: true }).uncheck();
  await counts.start('Flower room', ['Flower']);
  await expect(counts.status).toHaveText('Counting');
  await expect(page.getByText('Flower · started by Morgan Manager')).toBeVisible();
  await expect(counts.line(PURPLE_PUNCH)).toContainText('Not counted');

  // Scanned: two jars missing of Blue Dream; half a gram short of the deli flower.
  await counts.enter(BLUE_DREAM, '38');
  await expect(counts.message).toHaveText('Counted 38 of Blue Dream: 40 expected, 2 short.');
  await expect(counts.line(BLUE_DREAM)).toContainText('−2');
  await expect(counts.line(BLUE_DREAM)).toContainText('−$70.00');
  await expect(page.getByLabel('Package tag')).toBeFocused();
  await counts.enter(BY_THE_GRAM, '453.1');
  await expect(counts.line(BY_THE_GRAM)).toContainText('−0.5 g');
  await expect(counts.line(BY_THE_GRAM)).toContainText('−$5.00');
  await expect(page.getByTestId('count-short')).toHaveText('$75.00');

  // A unit product is counted in whole units: refused in words under the quantity, nothing kept.
  await counts.enter(PURPLE_PUNCH, '2.5');
  await expect(counts.fieldError('quantity')).toContainText(
    'Quantity must be whole units: Purple Punch (FLW-002) is sold by the unit, not by the gram',
  );
  await expect(counts.line(PURPLE_PUNCH)).toContainText('Not counted');
  // A comma that does not separate thousands is refused saying why, never read as 3.5 or 35.
  await counts.enter(PURPLE_PUNCH, '3,5');
  await expect(counts.fieldError('quantity')).toHaveText(
    'Quantity there "3,5" could mean 3.5 or 35: a comma only separates thousands, three digits at a time (1,250); type 3.5 or 35.',
  );
  await expect(page.getByLabel('Quantity there')).toBeFocused();
  await office.screenshot(testInfo, 'count-comma-1280x800');
  await expect(counts.line(PURPLE_PUNCH)).toContainText('Not counted');
  await counts.enter(PURPLE_PUNCH, '35');
  // No difference is said once: never "35 expected, as expected".
  await expect(counts.message).toHaveText('Counted 35 of Purple Punch, as expected.');
  // Another device (a cashier's handheld) counts Wedding Cake: the row shows it here, live.
  await api.setup('POST', '/inventory/counts/1/entries', { package: WEDDING_CAKE, quantity: 28 }, 'cashier');
  await expect(counts.line(WEDDING_CAKE)).toContainText('28');
  await expect(counts.line(WEDDING_CAKE)).not.toContainText('Not counted');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'count-variance-1280x800');

  // Paused: no entry is taken until it is resumed.
  await counts.action('Pause');
  await expect(counts.status).toHaveText('Paused');
  await expect(page.getByLabel('Package tag')).toHaveCount(0);
  await expect(page.getByText('Paused: resume the count to enter what is there.')).toBeVisible();
  await counts.action('Resume');
  await expect(counts.status).toHaveText('Counting');

  // Only the differences, then applied once the manager has read what it does.
  await counts.showOnly('Differences');
  await expect(counts.lines).toHaveCount(2);
  await counts.action('Apply count');
  await expect(counts.dialog).toContainText('Apply count 1?');
  await expect(counts.dialog).toContainText(
    '2 differences become adjustments with the reason “Inventory count” ($75.00 short at retail price)',
  );
  await expect(counts.dialog).toContainText('7 packages not counted stay as they are.');
  await office.screenshot(testInfo, 'count-apply-1280x800');
  await counts.dialog.getByRole('button', { name: 'Apply count' }).click();
  await expect(counts.status).toHaveText('Applied');
  await expect(counts.message).toHaveText('Count 1 applied: 2 adjustments made.');
  await expect(page.getByLabel('Package tag')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Apply count' })).toHaveCount(0);
  await office.screenshot(testInfo, 'count-applied-1280x800');

  // The products show the stock counted.
  await page.getByRole('group', { name: 'Products and inventory' }).getByRole('button', { name: 'Products' }).click();
  const products = new ProductsPage(page);
  await expect(products.row('FLW-001')).toContainText('38');
  await expect(products.row('DEL-001')).toContainText('453.1 g');
  // The count list, back on Counts.
  await counts.show();
  await page.getByRole('button', { name: '← All counts' }).click();
  await expect(page.locator('tr[data-count="1"]')).toContainText('Applied');
});

test('packages scanned faster than the service answers are all entered, in order, and what is typed next is kept', async ({
  page,
  service,
}) => {
  const { counts } = await CountsPage.opened(page, service.url);
  await counts.start('Flower, quick scans', ['Flower']);

  // The first entry's request is held until the next package has been scanned and entered behind it.
  const sent: string[] = [];
  let reached!: () => void;
  const firstReached = new Promise<void>((resolve) => (reached = resolve));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/inventory/counts/*/entries', async (route) => {
    sent.push((route.request().postDataJSON() as { package: string }).package);
    if (sent.length === 1) {
      reached();
      await held;
    }
    await route.continue();
  });
  await counts.enter(BLUE_DREAM, '38');
  await firstReached;
  await counts.enter(PURPLE_PUNCH, '35');
  await expect(page.getByLabel('Package tag')).toHaveValue(PURPLE_PUNCH);
  release();

  await expect(counts.message).toHaveText('Counted 35 of Purple Punch, as expected.');
  expect(sent).toEqual([BLUE_DREAM, PURPLE_PUNCH]);
  await expect(counts.line(BLUE_DREAM)).not.toContainText('Not counted');
  await expect(counts.line(PURPLE_PUNCH)).not.toContainText('Not counted');
  await expect(page.getByLabel('Package tag')).toHaveValue('');
  await expect(page.getByLabel('Quantity there')).toHaveValue('');
  await expect(page.getByLabel('Package tag')).toBeFocused();

  await counts.action('Cancel count');
  await counts.dialog.getByRole('button', { name: 'Cancel count' }).click();
  await expect(counts.status).toHaveText('Cancelled');
});

test('a refusal is said under the field it is about, and only the last entry’s: an earlier one about another package goes', async ({
  page,
  service,
}, testInfo) => {
  const { office, counts } = await CountsPage.opened(page, service.url, { width: 1024, height: 768 });
  await counts.start('Flower, refusals', ['Flower']);

  // A package the count does not cover: why, under its tag, kept as typed.
  await counts.enter(LEMON_TONIC, '3');
  await expect(counts.fieldError('package')).toHaveText(
    /^Package 1A4060300003D12000000028 \(Lemon Ginger Sparkling Tonic \(EDI-005\), Edibles\) is not in count \d+ "Flower, refusals", which counts Flower\.$/,
  );
  await expect(page.getByLabel('Package tag')).toHaveValue(LEMON_TONIC);
  await expect(page.getByLabel('Package tag')).toBeFocused();
  await office.screenshot(testInfo, 'count-refused-package-1024x768');

  // The next package, its quantity mistyped: only that refusal, under the quantity.
  await counts.enter(BLUE_DREAM, 'abc');
  await expect(counts.fieldError('quantity')).toHaveText('Type what is there: a number such as 12 or 3.5.');
  await expect(counts.fieldError('package')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByLabel('Quantity there')).toHaveAccessibleDescription(
    'Type what is there: a number such as 12 or 3.5.',
  );
  const field = (await page.getByLabel('Quantity there').boundingBox())!;
  const said = (await counts.fieldError('quantity').boundingBox())!;
  expect(Math.abs(said.x - field.x)).toBeLessThanOrEqual(2);
  expect(said.y).toBeGreaterThanOrEqual(field.y + field.height);
  expect(said.y - (field.y + field.height)).toBeLessThan(16);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'count-refused-quantity-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.screenshot(testInfo, 'count-refused-quantity-1280x800');

  await page.getByLabel('Quantity there').fill('38');
  await page.getByLabel('Quantity there').press('Enter');
  // (40 expected, or 38 where the first journey applied its count: then said once, "as expected".)
  await expect(counts.message).toHaveText(/^Counted 38 of Blue Dream(: 40 expected, 2 short|, as expected)\.$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await counts.action('Cancel count');
  await counts.dialog.getByRole('button', { name: 'Cancel count' }).click();
  await expect(counts.status).toHaveText('Cancelled');
});

test("a cashier's count applied with a manager's PIN names the manager who approved it", async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A cashier's handheld counts the tonic and applies the count with the manager's PIN.
  const { count } = await api.setup<{ count: CountView }>(
    'POST',
    '/inventory/counts',
    { name: 'Tonic shelf', categories: ['EDIBLE'] },
    'cashier',
  );
  await api.setup(
    'POST',
    `/inventory/counts/${count.number}/entries`,
    { package: LEMON_TONIC, quantity: 5 },
    'cashier',
  );
  await api.setup(
    'POST',
    `/inventory/counts/${count.number}/apply`,
    { approval: { username: 'manager', pin: '2580' } },
    'cashier',
  );
  const { office, counts } = await CountsPage.opened(page, service.url);
  await page.locator(`tr[data-count="${count.number}"]`).getByRole('button').click();
  await expect(counts.status).toHaveText('Applied');
  await expect(page.locator('.count-meta')).toContainText(/applied by Casey Cashier, .+, approved by Morgan Manager/);
  await office.screenshot(testInfo, 'count-approved-by-other-1280x800');
});
