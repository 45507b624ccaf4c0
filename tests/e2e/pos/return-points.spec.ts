import type { Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { asManager, customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

// A return at the counter says what it will do to the customer's points before the cashier gives the
// money back (README "Returns at the counter"), counted as the service counts them: once it is made,
// the register says the same points moved, as the order's history pairs them with the refund. The
// store runs a loyalty programme here: a service of this file's own.
test.use({ serviceOptions: { args: [], env: {}, own: 'return-points' } });

const PREVIEW = /^Maria's points: this return takes back (\d+) earned on the sale and gives back (\d+) spent on it\.$/;

/** Maria found by the number on her ID and put on the sale. */
async function sellTo(page: Page, idNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(page.getByTestId('sale-customer')).toHaveText('Maria Garcia');
}

test('a return says what it takes back and gives back of the customer’s points before it is made, and the service then moves those', async ({
  page,
  service,
  api,
}, testInfo) => {
  const loyalty = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: ['accessories'] };
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', { loyalty: { ...loyalty, tiers: [] } });
  const idNumber = await customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 500 });
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url);
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
  await pos.drawer.openWithAmount('200.00');

  // Two pre-rolls and a grinder (an accessory: it earns no points) to Maria, $2.00 of it paid with her points.
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await pos.addBySearch('PRE-002', 'Northern Lights Pre-Roll');
  await pos.addBySearch('ACC-003', 'Aluminium Grinder 4-Piece');
  await sellTo(page, idNumber);
  // Her points arrive after her name: Reward dollars is beside her balance then.
  await expect(pos.pointsBalance).toHaveText('500 points ($5.00)');
  await pos.typeRewardDollars('2.00');
  await expect(pos.pointsBalance).toHaveText('300 points left after this sale');
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber);
  await pos.newSale();

  const dialog = await pos.openReturn(orderNumber);
  const preview = dialog.getByTestId('return-points-preview');
  await expect(dialog.locator('tr[data-refund-line="Aluminium Grinder 4-Piece"]')).toBeVisible();
  // Nothing chosen: nothing said of her points yet.
  await expect(preview).toHaveCount(0);

  // The grinder earned none: its return takes none back, and gives back its money's share of the 200 spent.
  const grinder = dialog.locator('tr[data-refund-line="Aluminium Grinder 4-Piece"]');
  await grinder.getByRole('button', { name: /^All 1 of Aluminium Grinder/ }).click();
  await expect(preview).toHaveText(/^Maria's points: this return gives back \d+ spent on the sale\.$/);
  // With a pre-roll too, it takes back that pre-roll's points as well.
  const preRoll = dialog.locator('tr[data-refund-line="Northern Lights Pre-Roll"]');
  await preRoll.getByRole('button', { name: /^All 1 of Northern Lights Pre-Roll/ }).click();
  await expect(preview).toHaveText(PREVIEW);
  const [, takenBack, givenBack] = PREVIEW.exec((await preview.textContent())!.trim())!;
  expect(Number(takenBack)).toBeGreaterThan(0);
  expect(Number(givenBack)).toBeGreaterThan(0);
  expect(Number(givenBack)).toBeLessThan(200);

  await dialog.getByRole('button', { name: 'Wrong item' }).click();
  await dialog.getByRole('button', { name: 'Morgan Manager' }).click();
  await dialog.getByLabel("Manager's PIN").fill('2580');
  await expect(preview).toBeInViewport({ ratio: 1 });
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'return-points-1366x768', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(preview).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: /^Refund \$\d+\.\d\d in cash$/ })).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, testInfo, 'return-points-1024x768', { fullPage: false });
  await dialog.getByRole('button', { name: /^Refund \$\d+\.\d\d in cash$/ }).click();

  // Made: the register says what the service moved, as the order's history pairs it with the refund.
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('return-points')).toHaveText(
    `Loyalty: ${takenBack} point${takenBack === '1' ? '' : 's'} taken back, ${givenBack} given back.`,
  );
  await keepScreenshot(page, testInfo, 'return-points-done-1024x768', { fullPage: false });
});
