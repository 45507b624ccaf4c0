import type { Locator } from '@playwright/test';
import { register } from '../pages/register.js';
import { expectInSight } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';

// A store of its own: its codes and its cashier's deal price this file's sale only.
test.use({ serviceOptions: { args: [], env: {}, own: 'deal-chips-room' } });

const scope = (productIds: string[]) => ({ productIds, brands: [], categories: [], tags: [] });

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];

/** Whether `inner` lies between the left and right edges of `outer` (a 44 px × reaches above and below its chip). */
async function across(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

test('two codes and a deal the cashier chose, all applied: each chip keeps its name, its words and its × in sight at 1024×768, 1280×800 and 1366×768', async ({
  page,
  service,
  api,
}, testInfo) => {
  await api.setup('POST', '/deals', {
    ...{ name: 'Once5', kind: 'amount', amountCents: 500, trigger: 'code', code: 'ONCE5' },
    scope: scope(['EDI-004']),
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'SPRING10' },
    scope: scope([]),
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Regulars thank-you', kind: 'amount', amountCents: 100, trigger: 'cashier' },
    scope: scope([]),
  });
  await page.setViewportSize(SIZES[0]!);
  const { pos } = await register(page, service.url);
  await pos.addBySearch('EDI-004', 'Snickerdoodle Cookie');
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await pos.addPromoCode('once5');
  await pos.addPromoCode('spring10');
  await pos.chooseDeal('Regulars thank-you');
  await expect(pos.dealChip('ONCE5')).toContainText('Once5: $5.00 off');
  await expect(pos.dealChip('SPRING10')).toContainText(/Spring code: \$\d+\.\d\d off/);
  await expect(pos.dealChip('Regulars thank-you')).toContainText('$2.00 off');

  const removes: Record<string, Locator> = {
    ONCE5: page.getByRole('button', { name: 'Remove code ONCE5' }),
    SPRING10: page.getByRole('button', { name: 'Remove code SPRING10' }),
    'Regulars thank-you': page.getByRole('button', { name: 'Remove deal Regulars thank-you' }),
  };
  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`;
    await page.setViewportSize(size);
    await pos.settled();
    // Three chips too wide for one row share two: none is pressed past its own edge, its × out of reach.
    for (const [chip, remove] of Object.entries(removes)) {
      expect(await across(remove, pos.dealChip(chip)), `${chip}'s × inside its chip at ${at}`).toBe(true);
    }
    for (const chip of Object.keys(removes)) {
      const words = pos.dealChip(chip).locator('.words');
      const cut = await words.evaluate((shown) => shown.scrollHeight > shown.clientHeight + 1);
      expect(cut, `${chip}'s words whole at ${at}`).toBe(false);
    }
    await expectInSight([...Object.values(removes), pos.total, ...pos.payButtons]);
    await pos.screenshot(testInfo, `deal-chips-${at}`);
  }

  // Each × takes its own off the sale.
  await removes['Regulars thank-you']!.click();
  await expect(pos.dealChip('Regulars thank-you')).toHaveCount(0);
});
