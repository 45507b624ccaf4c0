import type { Page } from '@playwright/test';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, payByCard, placeOnline } from '../support/online-orders-api.js';
import { expectNoWindowScroll, expectTouchTargets } from '../support/register-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';
import type { ServiceApi } from '../support/service-api.js';

// A service of this file's own: its orders are the only ones in the queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'pickup-counter' } } });

/** Two demo pre-rolls (counted, each from a labelled package). */
async function twoProducts(api: ServiceApi): Promise<[string, string]> {
  const products = (await api.products('PREROLL', 50)).filter((product) => !product.deli);
  return [products[0]!.productId, products[1]!.productId];
}

const checkoutOf = (page: Page) => page.locator('section.checkout');

test('a packed online order is found by its number, paid in cash at the counter and handed over', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-1', true);
  const [first, second] = await twoProducts(api);
  const ada = await addCustomer(api, 'Ada', 'Lovelace');
  const order = await placeOnline(
    api,
    [
      { productId: first, quantity: 2 },
      { productId: second, quantity: 1 },
    ],
    ada,
  );
  await expect(queue.cardIn('New', order.orderNumber)).toBeVisible();
  await queue.button(order.orderNumber, 'Start picking').click();
  await expect(queue.cardIn('Picking', order.orderNumber)).toBeVisible();
  await queue.pickAndPack(order);
  await expect(queue.button(order.orderNumber, 'Hand over')).toBeVisible();

  await keepScreenshot(page, testInfo, 'hand-over-tab');
  // Typed as the customer reads it out: any case.
  await queue.find(order.orderNumber.toLowerCase());
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  await expect(checkout.getByTestId('hand-over-customer')).toHaveText('Ada L.');
  await expect(checkout.getByTestId('hand-over-payment')).toHaveText('Not paid');
  await expect(checkout.getByTestId('hand-over-total')).toHaveText(`$${order.total}`);
  await expect(
    checkout.getByRole('list', { name: `Items of order ${order.orderNumber}` }).getByRole('listitem'),
  ).toHaveCount(2);
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await keepScreenshot(page, testInfo, 'hand-over-1366');
  await expectTouchTargets(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoWindowScroll(page, { width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'hand-over-1024');
  await page.setViewportSize({ width: 1366, height: 768 });

  await checkout.getByRole('button', { name: 'Take payment here' }).click();
  const change = await pos.payCashInWidget(`$${order.total}`);
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('result-order-number')).toHaveText(order.orderNumber);
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  await expect(page.getByTestId('change-due')).toHaveText(change);
  await keepScreenshot(page, testInfo, 'hand-over-done');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });

  await queue.open();
  await expect(queue.card(order.orderNumber)).toHaveCount(0);
});

test('an order paid by card online is handed over without a payment step', async ({ page, service, api }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-2', false);
  const [first] = await twoProducts(api);
  const grace = await addCustomer(api, 'Grace', 'Hopper');
  const order = await placeOnline(api, [{ productId: first, quantity: 1 }], grace);
  expect(await payByCard(api, order.orderNumber, order.total)).toBe('approved');
  const card = queue.card(order.orderNumber);
  await expect(card.getByTestId('payment')).toHaveText('Paid');

  // Found by the customer's name; not packed yet, it is picked and packed as it is handed over.
  await queue.find('grace');
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  await expect(checkout.getByTestId('hand-over-payment')).toHaveText('Paid');
  await expect(checkout.getByRole('button', { name: 'Take payment here' })).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Hand over' }).click();
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await queue.open();
  await expect(queue.card(order.orderNumber)).toHaveCount(0);
});

// Last in this file: from here on the store enforces California's rules (read at sign-in).
test("where the state's rules want an ID, only the order's customer takes it", async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await api.call('PUT', '/v2.0/dispensary/demo/setup/store', JSON.stringify({ complianceProfile: 'us-ca' }), {
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
  const [first] = await twoProducts(api);
  const ada = await addCustomer(api, 'Ada', 'Byron');
  await addCustomer(api, 'Linus', 'Pauling');
  const order = await placeOnline(api, [{ productId: first, quantity: 1 }], ada);
  expect(await payByCard(api, order.orderNumber, order.total)).toBe('approved');
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-3', false);
  await expect(queue.card(order.orderNumber)).toBeVisible();

  // The order number scanned from the customer's phone while the tab is open.
  await pos.scan(order.orderNumber);
  const checkout = checkoutOf(page);
  await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID check needed: the order is for Ada B.');
  await expect(checkout.getByRole('button', { name: 'Hand over' })).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  const checkId = async (search: string, name: RegExp, firstName: string) => {
    await checkout.getByRole('button', { name: 'Check ID' }).click();
    await dialog.getByLabel('Name, phone or ID number').fill(search);
    await dialog.getByRole('button', { name }).click();
    await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
    await dialog.getByRole('button', { name: `Hand over to ${firstName}` }).click();
    await expect(dialog).toHaveCount(0);
  };

  await checkId('Pauling', /^Linus Pauling/, 'Linus');
  await expect(page.getByTestId('checkout-notice')).toHaveText(
    `This ID is not the customer on order ${order.orderNumber} (Ada B.).`,
  );
  await expect(checkout.getByRole('button', { name: 'Hand over' })).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'hand-over-id-refused');

  await checkId('Byron', /^Ada Byron/, 'Ada');
  await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID checked: the customer on the order.');
  await checkout.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
});
