import type { Page } from '@playwright/test';
import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import type { ServiceApi } from '../support/service-api.js';
import { wednesdayDeals } from '../support/wednesday-deals.js';

// Deals and a programme of this file's own: each edible and pre-roll has two or three discounts.
test.use({ serviceOptions: { args: [], env: {}, own: 'pole-display-fit' } });

/** The deals of a busy Wednesday and Maria on file with 250 points: answers her ID number. */
async function wednesdayAndMaria(api: ServiceApi): Promise<string> {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  await wednesdayDeals(api);
  return customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 250 });
}

/** No scrollbar on the dark display: its lines' area holds what it shows. */
async function expectNoScrollbar(page: Page): Promise<void> {
  const area = page.getByRole('region', { name: 'Your items' });
  expect(await area.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
    page.viewportSize()!.height,
  );
}

const FIVE = [
  ['EDI-003', 'Dark Chocolate Sea Salt Bar'],
  ['EDI-001', 'Watermelon Gummies 10 x 10mg'],
  ['PRE-001', 'Blue Dream Pre-Roll'],
  ['PRE-002', 'Northern Lights Pre-Roll'],
  ['EDI-005', 'Lemon Ginger Sparkling Tonic'],
] as const;

const SEVEN_MORE = [
  ['EDI-006', 'Peppermint Microdose Mints'],
  ['TIN-003', 'Nighttime CBN Tincture'],
  ['TIN-001', 'Full Spectrum THC Tincture'],
  ['TIN-002', 'CBD 20:1 Daily Drops'],
  ['TOP-001', 'Relief Balm 1:1'],
  ['ACC-001', 'Unbleached Rolling Papers 1 1/4'],
  ['ACC-003', 'Aluminium Grinder 4-Piece'],
] as const;

test('five lines with two or three discounts each fit whole on the pole display at 1280×800, Maria named once; twelve show the newest under a count of the earlier ones', async ({
  page,
  service,
  api,
}, testInfo) => {
  const idNumber = await wednesdayAndMaria(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1280, height: 800 });
  await pos.openDrawer();
  for (const [sku, name] of FIVE) await pos.addBySearch(sku, name);
  await page.getByRole('button', { name: 'One more Blue Dream Pre-Roll' }).click();
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await pos.addPromoCode('spring10');
  const total = await pos.settled();
  await expect(display.total).toHaveText(total);
  await expect(display.savings('Blue Dream Pre-Roll')).toHaveText(['3 pre-rolls for $20−$10.67', 'Spring code−$1.33']);

  await display.fitted(5);
  await display.screenshot(testInfo, 'display-5-lines-1280x800');

  // Her name once, in the heading; her points beside it without it.
  await expect(display.page.getByRole('heading', { level: 1 })).toHaveText('Hi Maria, your order');
  await expect(display.points).toHaveText('250 points');

  // All five lines whole, each with its discounts; nothing left out, nothing to scroll.
  await expect(display.lines).toHaveCount(5);
  await expect(display.page.getByTestId('display-earlier')).toHaveCount(0);
  await expect(display.savings('Watermelon Gummies 10 x 10mg')).toHaveCount(3);
  for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
  await expect(display.total).toBeInViewport({ ratio: 1 });
  await expectNoScrollbar(display.page);
  // A line's discounts share a row, their words as large as before (the line's detail's size or more).
  const sizes = await display.lines.first().evaluate((line) => ({
    saving: parseFloat(getComputedStyle(line.querySelector('.savings li')!).fontSize),
    detail: parseFloat(getComputedStyle(line.querySelector('.detail')!).fontSize),
  }));
  expect(sizes.saving).toBeGreaterThanOrEqual(sizes.detail);
  expect(await axeViolations(display.page)).toEqual([]);

  // A smaller display: the newest line still whole, the others it cannot hold counted, never cut.
  await display.page.setViewportSize({ width: 1024, height: 600 });
  await expect(display.lines.last()).toContainText('Lemon Ginger Sparkling Tonic');
  await display.fitted(5);
  for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
  await expect(display.total).toBeInViewport({ ratio: 1 });
  await expectNoScrollbar(display.page);
  await display.screenshot(testInfo, 'display-5-lines-1024x600');

  // Twelve lines cannot fit: the newest show under "N earlier items, in the total".
  await display.page.setViewportSize({ width: 1280, height: 800 });
  for (const [sku, name] of SEVEN_MORE) await pos.addBySearch(sku, name);
  await expect(display.total).toHaveText(await pos.settled());
  await expect(display.lines.last()).toContainText('Aluminium Grinder 4-Piece');
  const earlier = display.page.getByTestId('display-earlier');
  await expect(earlier).toHaveText(/^\d+ earlier items?, in the total$/);
  await display.fitted(12);
  for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
  await expectNoScrollbar(display.page);
  await display.screenshot(testInfo, 'display-12-lines-1280x800');
  await display.page.setViewportSize({ width: 1024, height: 600 });
  await display.fitted(12);
  await expect(display.lines.last()).toBeInViewport({ ratio: 1 });
  await expectNoScrollbar(display.page);
  await display.screenshot(testInfo, 'display-12-lines-1024x600');
});
