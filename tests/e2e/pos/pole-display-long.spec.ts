import type { Page } from '@playwright/test';
import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { wednesdayDeals } from '../support/wednesday-deals.js';

// Deals of this file's own: every line of the basket has two or three of them to explain.
test.use({ serviceOptions: { args: [], env: {}, own: 'pole-display-long' } });

/** No scrollbar on the dark display: its lines' area holds what it shows. */
async function expectNoScrollbar(page: Page): Promise<void> {
  const area = page.getByRole('region', { name: 'Your items' });
  expect(await area.evaluate((element) => element.scrollHeight <= element.clientHeight)).toBe(true);
  expect(await area.evaluate((element) => getComputedStyle(element).overflowY)).toBe('hidden');
}

test('a long basket on the pole display: four deal-laden lines fit whole, more show the newest under a count of the earlier ones, never a scrollbar', async ({
  page,
  service,
  api,
}, testInfo) => {
  await wednesdayDeals(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1280, height: 800 });
  await pos.openDrawer();
  await pos.addBySearch('EDI-003', 'Dark Chocolate Sea Salt Bar');
  await pos.addBySearch('EDI-001', 'Watermelon Gummies 10 x 10mg');
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await page.getByRole('button', { name: 'One more Blue Dream Pre-Roll' }).click();
  await pos.addBySearch('PRE-002', 'Northern Lights Pre-Roll');
  await pos.addPromoCode('spring10');
  const total = await pos.settled();
  await expect(display.total).toHaveText(total);
  await expect(display.savings('Northern Lights Pre-Roll')).toHaveCount(2);

  // The four lines whole, each with its deals: none left out, nothing to scroll.
  await expect(display.lines).toHaveCount(4);
  for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
  await expect(display.page.getByTestId('display-earlier')).toHaveCount(0);
  await expectNoScrollbar(display.page);
  expect(await axeViolations(display.page)).toEqual([]);
  await display.screenshot(testInfo, 'display-4-lines-1280x800');

  // Three more: all seven still whole at 1280×800, each line's discounts on one row (the first named
  // and the rest summed where the row has no room for all) rather than a line counted away.
  for (const [sku, name] of [
    ['EDI-005', 'Lemon Ginger Sparkling Tonic'],
    ['EDI-006', 'Peppermint Microdose Mints'],
    ['TIN-003', 'Nighttime CBN Tincture'],
  ] as const)
    await pos.addBySearch(sku, name);
  await expect(display.total).toHaveText(await pos.settled());
  await expect(display.lines.last()).toContainText('Nighttime CBN Tincture');
  await display.fitted(7);
  await expect(display.lines).toHaveCount(7);
  await expect(display.page.getByTestId('display-earlier')).toHaveCount(0);
  for (const line of await display.lines.all()) await expect(line).toBeInViewport({ ratio: 1 });
  await expect(display.savings('Dark Chocolate Sea Salt Bar')).toHaveText([/^10% off edibles−\$/, /^and 2 more−\$/]);
  await expectNoScrollbar(display.page);
  await display.screenshot(testInfo, 'display-7-lines-1280x800');

  // A 7-inch display: fewer lines, the count says how many more the total holds (read once the display
  // has fitted its lines again after the resize).
  await display.page.setViewportSize({ width: 800, height: 480 });
  await expect(display.page.getByTestId('display-earlier')).toHaveText(/^\d earlier items?, in the total$/);
  await display.fitted(7);
  await expect(display.lines.last()).toBeInViewport({ ratio: 1 });
  await expect(display.total).toBeInViewport({ ratio: 1 });
  await expectNoScrollbar(display.page);
  expect(await axeViolations(display.page)).toEqual([]);
  await display.screenshot(testInfo, 'display-7-lines-800x480');
});
