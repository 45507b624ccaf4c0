import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';

test('the display shows a weighed line by its weight, as the cart does, and a counted one by its count', async ({
  page,
  service,
}, testInfo) => {
  const { pos, display } = await register(page, service.url);
  await pos.search.fill('granddaddy gram');
  await pos.results.first().click();
  await pos.weigh('3.537');
  const name = 'Granddaddy Purple (by the gram)';
  await expect(pos.cartLines.filter({ hasText: name }).getByLabel(/^Weight of/)).toHaveValue('3.537');
  await pos.addBySearch('blue dream pre', 'Blue Dream Pre-Roll');
  await page.getByRole('button', { name: 'One more Blue Dream Pre-Roll' }).click();

  await expect(display.lines).toHaveCount(2);
  const weighed = display.lines.filter({ hasText: name });
  await expect(weighed.locator('.qty')).toHaveText('3.537 g');
  await expect(weighed).not.toContainText('×');
  await expect(display.lines.filter({ hasText: 'Blue Dream Pre-Roll' }).locator('.qty')).toHaveText('2 ×');
  await expect(display.total).toHaveText(await pos.settled());
  await display.screenshot(testInfo, 'display-weighed');
  // A 7-inch display (800 × 480): the weight still whole beside the product's name.
  await display.page.setViewportSize({ width: 800, height: 480 });
  await expect(weighed.locator('.qty')).toHaveText('3.537 g');
  await display.screenshot(testInfo, 'display-weighed-800x480');
});
