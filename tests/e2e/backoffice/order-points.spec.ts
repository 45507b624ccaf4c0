import type { Customer } from '../../../shared/contracts/customers.js';
import { DEFAULT_LOYALTY, type CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import { orderPointsMoves, orderPointsWords } from '../../../shared/loyalty/order-moves.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import { payInCash, type TestOrder } from './orders-for-test.js';

const STORE = '/v2.0/dispensary/demo';
const json = async (api: ServiceApi, user: 'manager' | 'cashier') => ({
  ...DEMO.client,
  authorization: `Bearer ${await api.token(user)}`,
  'content-type': 'application/json',
});

/** A customer of this run with `points` to spend. */
async function customerWith(api: ServiceApi, points: number): Promise<Customer> {
  const { customer } = await api.call<{ customer: Customer }>(
    'POST',
    `${STORE}/customers`,
    JSON.stringify({
      firstName: 'Maria',
      lastName: 'Points',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: `P${crypto.randomUUID().replace(/\D/g, '').slice(0, 7).padEnd(7, '0')}`,
      idJurisdiction: 'CA',
      idExpiry: '2035-01-15',
      customerType: 'adult_use',
    }),
    await json(api, 'manager'),
  );
  const adjustment = JSON.stringify({ points, reason: 'Welcome bonus' });
  await api.call(
    'POST',
    `${STORE}/customers/${customer.id}/loyalty/adjustments`,
    adjustment,
    await json(api, 'manager'),
  );
  return customer;
}

/**
 * A sale of `quantity` of an edible to a customer with 500 points, paying `rewardDollars` of it in
 * points, the store's programme at a point a dollar and 100 points a reward dollar.
 */
async function pointsSale(api: ServiceApi, quantity: number, rewardDollars: number) {
  const loyalty = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, tiers: [], expiryMonths: 0 };
  await api.setup('PUT', '/store', { loyalty });
  const maria = await customerWith(api, 500);
  const products = await api.products('EDIBLE', 40);
  const edible = products.find((product) => !product.deli && product.quantityAvailable >= quantity)!;
  const body = {
    type: 'PICKUP',
    customerId: maria.id,
    rewardDollars,
    items: [{ productId: edible.productId, quantity }],
  };
  const sale = await api.call<TestOrder>(
    'POST',
    `${STORE}/ecommerce/ticket`,
    JSON.stringify(body),
    await json(api, 'cashier'),
  );
  return { maria, sale };
}

/** The points line the order's entries call for, as the service's ledger has them now. */
async function expectedLine(api: ServiceApi, customerId: string, orderId: string): Promise<string> {
  const { loyalty } = await api.call<{ loyalty: CustomerLoyalty }>(
    'GET',
    `${STORE}/customers/${customerId}/loyalty`,
    undefined,
    await json(api, 'manager'),
  );
  const moves = orderPointsMoves(loyalty.entries.filter((entry) => entry.orderId === orderId));
  return `Points: ${orderPointsWords(moves!)}`;
}

test.afterEach(async ({ api }) => {
  await api.setup('PUT', '/store', { loyalty: { ...DEFAULT_LOYALTY, expiryMonths: 0 } });
});

test("an order's points: net of each refund as its receipt says them, with what refunds moved, and said when all were taken back", async ({
  page,
  service,
  api,
}, testInfo) => {
  const { maria, sale } = await pointsSale(api, 3, 1);
  await payInCash(api, sale);
  const total = Math.round(Number(sale.total) * 100);

  const office = await BackOfficePage.openOrder(page, service.url, sale.orderNumber);
  const detail = page.locator('article.detail');
  const points = detail.getByTestId('detail-points');
  await expect(points).toHaveText(/^Points: \d+ earned · 100 spent$/);

  // A part refunded in the dialog, which says first what it will move of the points: the line follows
  // at once, net as the receipt, with what went back, as the dialog said.
  const part = Math.floor(total / 3);
  const refund = async (cents: number) => {
    await page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund the Cash payment?' });
    await dialog.getByLabel('Amount to give back ($)').fill((cents / 100).toFixed(2));
    await dialog.getByLabel('Why is it refunded?').fill('Returned');
    const preview = dialog.getByTestId('refund-points-preview');
    await expect(preview).toHaveText(/^Maria's points: this refund takes back \d+ earned on the sale and gives back /);
    const said = (await preview.textContent())!;
    if (cents === part)
      await keepScreenshot(page, testInfo, 'backoffice-refund-points-preview-1280x800', { fullPage: false });
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await expect(dialog).toHaveCount(0);
    return said;
  };
  const said = await refund(part);
  const [, taken, given] = /takes back (\d+) earned on the sale and gives back (\d+) spent on it\.$/.exec(said)!;
  await expect(points).toHaveText(
    /^Points: \d+ earned \(\d+ less \d+ taken back\) · \d+ spent \(100 less \d+ given back\)$/,
  );
  await expect(points).toHaveText(await expectedLine(api, maria.id, sale.orderId));
  const history = detail.getByTestId('order-history').getByRole('listitem');
  await expect(history.filter({ hasText: 'refunded' })).toContainText(
    new RegExp(
      `\\$\\d+\\.\\d\\d of the Cash payment refunded by [^·]+ · ${taken} points taken back from Maria Points, ${given} given back`,
    ),
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'backoffice-order-points-refunded-1280x800', { fullPage: false });
  await office.screenshot(testInfo, 'backoffice-order-points-refunded-1280-full');

  // The rest refunded: the line says every point went back rather than vanishing.
  await refund(total - part);
  await expect(points).toHaveText(/^Points: none kept: \d+ earned taken back, 100 spent given back$/);
  await expect(points).toHaveText(await expectedLine(api, maria.id, sale.orderId));
  await keepScreenshot(page, testInfo, 'backoffice-order-points-all-back-1280x800', { fullPage: false });
  await office.screenshot(testInfo, 'backoffice-order-points-all-back-1280-full');
  // Opened again, it says the same.
  await office.lookUp(sale.orderNumber);
  await expect(points).toHaveText(/^Points: none kept: /);
});

test("a cancel says before it is made what it gives back of its customer's points, then its message and history say it", async ({
  page,
  service,
  api,
}, testInfo) => {
  const { sale: order } = await pointsSale(api, 1, 1.2);

  const office = await BackOfficePage.openOrder(page, service.url, order.orderNumber);
  await expect(page.getByTestId('detail-points')).toHaveText('Points: 120 spent');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await expect(dialog.getByTestId('cancel-points-preview')).toHaveText(
    "Maria's points: canceling the order gives back 120 spent on it.",
  );
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'backoffice-cancel-points-preview-1280x800', { fullPage: false });
  await office.confirm('Cancel the order', 'Changed her mind');
  await expect(office.detailStatus).toHaveText('Canceled');
  // The message says what the cancel moved, as its history step does (the service's count).
  await expect(page.locator('article.detail .order-status')).toHaveText(
    `Order ${order.orderNumber} is canceled; its items are back in stock. Loyalty: 120 points given back to Maria Points.`,
  );
  // Its cancel's step says what went back to whom; the points line nets them as the receipt does.
  await expect(office.historyLines.last()).toContainText(
    'Canceled by Morgan Manager: “Changed her mind” · 120 points given back to Maria Points',
  );
  await expect(page.getByTestId('detail-points')).toHaveText('Points: none kept: 120 spent given back');
  expect(await axeViolations(page)).toEqual([]);
  for (const size of [
    { width: 1366, height: 768 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect(office.historyLines.last()).toBeVisible();
    await office.historyLines.last().scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `backoffice-order-canceled-points-${size.width}x${size.height}`, {
      fullPage: false,
    });
  }
});
