import type { Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// The register's own sale canceled before it is paid says what the cancel does to the customer's
// points, before (a confirm) and after, when its reward dollars spent some; a sale moving no points is
// canceled at once, as before. The store runs a loyalty programme: a service of its own.
test.use({ serviceOptions: { args: [], env: {}, own: 'sale-cancel-points' } });

/** Maria's balance, as the back office reads it. */
async function balance(api: ServiceApi, idNumber: string): Promise<number> {
  const headers = { ...DEMO.client, authorization: `Bearer ${await api.token('manager')}` };
  const { customers } = await api.call<{ customers: { id: string }[] }>(
    'GET',
    `/v2.0/dispensary/demo/customers?q=${idNumber}`,
    undefined,
    headers,
  );
  const { loyalty } = await api.call<{ loyalty: { points: number } }>(
    'GET',
    `/v2.0/dispensary/demo/customers/${customers[0]!.id}/loyalty`,
    undefined,
    headers,
  );
  return loyalty.points;
}

/** Maria (found by her ID number) on the cart's sale, with $2.00 of her points as reward dollars. */
async function mariaSpends2(page: Page, pos: PosPage, idNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  // Her points shown first: the reward dollars' field is then beside them.
  await expect(page.getByRole('button', { name: 'Use points' })).toBeVisible();
  await pos.typeRewardDollars('2.00');
  await pos.settled();
}

test("canceling the register's unpaid sale says before and after what it gives back of the customer's points", async ({
  page,
  service,
  api,
}, testInfo) => {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] },
  });
  const idNumber = await customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 500 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-31');
  await pos.login();
  await pos.openDrawer();

  // A sale moving no points goes back to the cart at once: no confirm in the way.
  await pos.tapProducts(1);
  await pos.settled();
  await pos.payHere();
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take payment here' })).toBeVisible();
  await expect(page.getByTestId('cart-canceled')).toHaveCount(0);

  // Maria spends 200 points on it: the cancel asks first, saying they go back and the cart keeps them.
  await mariaSpends2(page, pos, idNumber);
  const first = await pos.payHere();
  expect(await balance(api, idNumber)).toBe(300);
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  const ask = page.getByRole('dialog', { name: `Cancel order ${first}?` });
  await expect(ask).toContainText(
    `Order ${first} is canceled and its lines go back to the cart, to change them and pay again.`,
  );
  await expect(ask.getByTestId('sale-cancel-points')).toHaveText(
    "Maria's points: canceling the order gives back 200 spent on it. The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.",
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'sale-cancel-points-ask-1280x800', { fullPage: false });
  await ask.getByRole('button', { name: 'Keep paying' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('order-number')).toHaveText(first);
  expect((await api.ticketByNumber(first)).status).not.toBe('CANCELED');

  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await ask.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await expect(page.getByTestId('cart-canceled')).toHaveText(
    `Order ${first} is canceled; its lines are back in the cart. Loyalty: 200 points given back to Maria Garcia. The cart keeps its $2.00 in reward dollars: paying the sale spends those points again.`,
  );
  expect(await api.ticketByNumber(first)).toMatchObject({ status: 'CANCELED' });
  expect(await balance(api, idNumber)).toBe(500);
  await keepScreenshot(page, testInfo, 'sale-cancel-points-after-1280x800', { fullPage: false });
  // On a 1024 × 768 register the message's lines still leave the pay buttons whole on screen.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('cart-canceled')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Customer pays on display' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Take payment here' })).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, testInfo, 'sale-cancel-points-after-1024x768', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Paid for again, then left by a reload: its cancel from the empty cart asks too, and says after.
  const second = await pos.payHere();
  await expect(page.getByTestId('cart-canceled')).toHaveCount(0);
  await page.reload();
  const offered = page.getByTestId('left-checkout');
  await offered.getByRole('button', { name: `Cancel order ${second}` }).click();
  const again = page.getByRole('dialog', { name: `Cancel order ${second}?` });
  await expect(again.getByTestId('sale-cancel-points')).toHaveText(
    "Maria's points: canceling the order gives back 200 spent on it.",
  );
  await again.getByRole('button', { name: `Cancel order ${second}` }).click();
  await expect(page.getByTestId('left-checkout-said')).toHaveText(
    `Order ${second} is canceled; its items are back in stock. Loyalty: 200 points given back to Maria Garcia.`,
  );
  expect(await balance(api, idNumber)).toBe(500);
  await keepScreenshot(page, testInfo, 'sale-cancel-points-left-1280x800', { fullPage: false });
});
