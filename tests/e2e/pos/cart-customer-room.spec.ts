import type { Locator, Page } from '@playwright/test';
import type { PosPage } from '../pages/pos-page.js';
import { register } from '../pages/register.js';
import { customerWithPoints, expectInSight } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { expectNoWindowScroll } from '../support/register-sizes.js';
import type { ServiceApi } from '../support/service-api.js';

// A store of its own: its programme with two tiers and its codes price this file's sale only.
test.use({ serviceOptions: { args: [], env: {}, own: 'cart-customer-room' } });

const scope = (categories: string[]) => ({ productIds: [], brands: [], categories, tags: [] });

/** The programme (Bronze, then Silver at 500 points), Maria with 250, a code that applies and one that cannot. */
async function mariaAndCodes(api: ServiceApi): Promise<string> {
  await api.setup('PUT', '/store', {
    loyalty: {
      enabled: true,
      expiryMonths: 12,
      tiers: [
        { name: 'Bronze', minPoints: 0, bonusPercent: 0 },
        { name: 'Silver', minPoints: 500, bonusPercent: 5 },
      ],
    },
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'SPRING10' },
    scope: scope(['EDIBLE', 'PREROLL']),
  });
  // Its reason is long, as a used-up code's is ("… has been used as many times as it may be (once in all)").
  await api.setup('POST', '/deals', {
    ...{ name: 'Five off once for the whole store', kind: 'percent', percent: 5, trigger: 'code', code: 'ONCE5' },
    scope: scope(['CONCENTRATE']),
  });
  return customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 250 });
}

/** Whether two boxes share any area (a pixel of rounding aside). */
function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}
type Box = { x: number; y: number; width: number; height: number };

const box = async (target: Locator): Promise<Box> => (await target.boundingBox())!;

/**
 * The customer's panel whole: all of it inside its scrolling box (nothing cut, nothing to scroll),
 * her Reward dollars row clear of the Promo code row below it.
 */
async function expectPanelWhole(page: Page, at: string): Promise<void> {
  const extras = page.locator('.cart-extras');
  const { scroll, client } = await extras.evaluate((element) => ({
    scroll: element.scrollHeight,
    client: element.clientHeight,
  }));
  expect(scroll, `panel whole at ${at}`).toBeLessThanOrEqual(client + 1);
  const frame = await box(extras);
  for (const part of [page.locator('.allowance'), page.locator('#contact-details')]) {
    if ((await part.count()) === 0) continue;
    const shown = await box(part);
    expect(shown.y, `top of ${await part.getAttribute('class')} at ${at}`).toBeGreaterThanOrEqual(frame.y - 0.5);
    expect(shown.y + shown.height, `bottom at ${at}`).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
  const [reward, promo] = [await box(page.locator('.allowance .spend')), await box(page.locator('form.promo-code'))];
  expect(overlap(reward, promo), `Reward dollars row clear of Promo code at ${at}`).toBe(false);
  expect(reward.y + reward.height, `Reward dollars above Promo code at ${at}`).toBeLessThanOrEqual(promo.y + 0.5);
}

/** The panel, the three codes, the totals and the pay buttons: each whole on screen, nothing over another. */
async function expectLaidOut(page: Page, pos: PosPage, at: string): Promise<void> {
  await expectPanelWhole(page, at);
  await expectInSight([
    page.getByTestId('sale-customer'),
    pos.pointsBalance,
    page.getByRole('button', { name: 'Change customer' }),
    page.getByLabel('Reward dollars'),
    page.getByRole('button', { name: 'Use points' }),
    page.getByRole('button', { name: 'Contact details' }),
    page.getByLabel('Promo code', { exact: true }),
    page.getByRole('button', { name: 'Add code' }),
    ...CODES.map((code) => page.getByRole('button', { name: `Remove code ${code}` })),
    pos.total,
    ...pos.payButtons,
  ]);
  for (const code of CODES) await expect(pos.dealChip(code)).toBeInViewport({ ratio: 1 });
  const chips = await box(page.getByRole('list', { name: 'On this sale' }));
  expect(overlap(chips, await box(page.locator('.cart-foot .totals'))), `codes clear of the totals at ${at}`).toBe(
    false,
  );
  // The lines keep no empty room while the panel below needs it: both of them whole, in a list no taller.
  const [body, lines] = [
    await box(page.locator('.cart-body')),
    await box(page.getByRole('list', { name: 'Cart lines' })),
  ];
  expect(lines.y + lines.height, `both lines in sight at ${at}`).toBeLessThanOrEqual(body.y + body.height + 0.5);
  await expectNoWindowScroll(page, SIZE[at]!);
}

const CODES = ['SPRING10', 'ONCE5', 'BOGUS'];
const SIZE: Record<string, { width: number; height: number }> = {
  '1280x800': { width: 1280, height: 800 },
  '1024x768': { width: 1024, height: 768 },
};

test('a customer with points and three codes, one refused, one unknown: her panel, the codes, the totals and the pay buttons all whole at 1280×800 and 1024×768', async ({
  page,
  service,
  api,
}, testInfo) => {
  const idNumber = await mariaAndCodes(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos } = await register(page, service.url);
  await pos.openDrawer();
  await pos.addBySearch('EDI-001', 'Watermelon Gummies 10 x 10mg');
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
  await expect(pos.pointsBalance).toHaveText('250 points ($2.50)');
  await expect(page.getByTestId('points-tier')).toContainText(/\d+ points to Silver/);

  await pos.addPromoCode('spring10');
  await expect(pos.dealChip('SPRING10')).toContainText(/Spring code: \$\d+\.\d\d off/);
  await pos.addPromoCode('once5');
  await expect(pos.dealChip('ONCE5')).toContainText('none is in the cart');
  await pos.addPromoCode('bogus');
  await expect(pos.dealChip('BOGUS')).toContainText('No deal has the code BOGUS: check its spelling');
  await pos.settled();

  const details = page.getByRole('button', { name: 'Contact details' });
  for (const [at, size] of Object.entries(SIZE)) {
    await page.setViewportSize(size);
    await pos.settled();
    await expectLaidOut(page, pos, at);
    await pos.screenshot(testInfo, `cart-customer-codes-${at}`);
    // Her contact details open too (her points' words whole): the lines give up their empty room first.
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('points-tier')).toBeVisible();
    await expectLaidOut(page, pos, at);
    await expectInSight([page.getByLabel('First name'), page.getByLabel('Phone')]);
    await pos.screenshot(testInfo, `cart-customer-details-${at}`);
    await details.click();
    await expect(page.getByLabel('First name')).toHaveCount(0);
  }
});
