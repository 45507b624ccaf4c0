import type { Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { asManager, customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';

// The customer's points row beside their name (README "Running the app", "Loyalty"): the balance,
// its worth and the tier at 1024×768 as at 1366×768, each part whole; a row too short for all of
// them keeps the tier's name and leaves out the points to the next tier, whole, never cut short.
// On loyalty.spec.ts's service: the store runs a programme there.
test.use({ serviceOptions: { args: [], env: {}, own: 'loyalty' } });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
];

/** The customer found by the number on their ID and put on the sale. */
async function sellTo(page: Page, idNumber: string, name: string): Promise<void> {
  const first = name.split(' ')[0]!;
  await page.getByRole('button', { name: /^(Find customer or check ID|Change customer)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await dialog.getByRole('button', { name: `Sell to ${first}` }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText(name);
}

test('her points row shows the balance, its worth and her tier at 1024×768 as at 1366×768, every part whole', async ({
  page,
  service,
  api,
}, testInfo) => {
  const tiers = [
    { name: 'Bronze', minPoints: 0, bonusPercent: 0 },
    { name: 'Silver', minPoints: 100, bonusPercent: 10 },
  ];
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', {
    loyalty: { enabled: true, expiryMonths: 0, tiers },
  });
  const maria = await customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 500 });
  const pos = new PosPage(page);
  await page.setViewportSize(SIZES[0]!);
  await pos.open(service.url);
  await pos.login();
  await pos.openDrawer();
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await sellTo(page, maria, 'Maria Garcia');
  await expect(pos.pointsBalance).toHaveText('500 points ($5.00)');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await pos.settled();
    const at = `${size.width}x${size.height}`;
    const shown = (words: string) => ({ words, inRow: true, whole: true, underRow: false });
    expect(await pos.pointsRowParts(), at).toEqual([
      shown('500 points ($5.00)'),
      shown('· Bronze'),
      shown('— 100 points to Silver'),
    ]);
    await pos.screenshot(testInfo, `points-row-${at}`);
  }

  // A balance of more digits: the tier's name still in the row, the points to the next under it, whole.
  const sam = await customerWithPoints(api, { firstName: 'Sam', lastName: 'Lee', points: 123_456 });
  await sellTo(page, sam, 'Sam Lee');
  await expect(pos.pointsBalance).toHaveText('123,456 points ($1,234.56)');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await pos.settled();
    const at = `${size.width}x${size.height}`;
    const parts = await pos.pointsRowParts();
    expect(parts.slice(0, 2), at).toEqual([
      { words: '123,456 points ($1,234.56)', inRow: true, whole: true, underRow: false },
      { words: '· Bronze', inRow: true, whole: true, underRow: false },
    ]);
    for (const part of parts) expect(part.inRow ? part.whole : part.underRow, `${part.words} at ${at}`).toBe(true);
    await expect(page.getByTestId('customer-points')).toHaveAttribute(
      'title',
      '123,456 points ($1,234.56) · Bronze — 100 points to Silver',
    );
    await pos.screenshot(testInfo, `points-row-long-${at}`);
  }
});
