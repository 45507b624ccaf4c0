import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { asManager } from '../support/cart-sight.js';
import { addCustomer, placeOnline } from '../support/online-orders-api.js';
import { keepScreenshot } from '../support/screenshots.js';
import { DEMO } from '../support/service-api.js';

// A pickup order canceled at the counter says in its confirm what the cancel does to the customer's
// points, as the back office's cancel does: the reward dollars' points go back to them; once canceled,
// the queue's line says what went back. An order for no customer says nothing of points. The store runs a loyalty programme: a service of its own.
test.use({ serviceOptions: { args: [], env: {}, own: 'pickup-cancel-points' } });

test("a pickup order's cancel says before and after it is made what it gives back of the customer's points", async ({
  page,
  service,
  api,
}, testInfo) => {
  const loyalty = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', { loyalty });
  const maria = await addCustomer(api, 'Maria', 'Garcia');
  await asManager(api, 'POST', `/v2.0/dispensary/demo/customers/${maria}/loyalty/adjustments`, {
    points: 500,
    reason: 'Welcome points',
  });
  const product = (await api.products('PREROLL', 50)).find((one) => !one.deli)!;
  const items = [{ productId: product.productId, quantity: 1 }];
  const hers = await placeOnline(api, items, maria, { rewardDollars: 2 });
  const nobody = await placeOnline(api, items);

  await page.setViewportSize({ width: 1280, height: 800 });
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'pickup-points');
  await queue.button(hers.orderNumber, 'Cancel order').click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${hers.orderNumber}?` });
  await expect(dialog.getByTestId('cancel-points-preview')).toHaveText(
    "Maria's points: canceling the order gives back 200 spent on it.",
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'pickup-cancel-points-1280x800', { fullPage: false });
  await dialog.getByLabel('Why is it canceled?').fill('Customer called to cancel');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(queue.card(hers.orderNumber)).toHaveCount(0);
  // After, the queue's line says what the cancel gave back, as the order's history has it.
  await expect(page.getByTestId('queue-done')).toHaveText(
    `Order ${hers.orderNumber} canceled; its items go back on the shelf. Loyalty: 200 points given back to Maria Garcia.`,
  );
  await keepScreenshot(page, testInfo, 'pickup-cancel-points-done-1280x800', { fullPage: false });
  const { loyalty: after } = await api.call<{ loyalty: { points: number } }>(
    'GET',
    `/v2.0/dispensary/demo/customers/${maria}/loyalty`,
    undefined,
    { ...DEMO.client, authorization: `Bearer ${await api.token('manager')}` },
  );
  expect(after.points).toBe(500);

  // No customer, no points: its confirm says nothing of them.
  await queue.button(nobody.orderNumber, 'Cancel order').click();
  const other = page.getByRole('dialog', { name: `Cancel order ${nobody.orderNumber}?` });
  await expect(other.getByLabel('Why is it canceled?')).toBeVisible();
  await expect(other.getByTestId('cancel-points-preview')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'pickup-cancel-reason-1280x800', { fullPage: false });
  await other.getByLabel('Why is it canceled?').fill('Shop test order');
  await other.getByRole('button', { name: 'Cancel order' }).click();
  // Its line says nothing of points.
  await expect(page.getByTestId('queue-done')).toHaveText(
    `Order ${nobody.orderNumber} canceled; its items go back on the shelf.`,
  );
});
