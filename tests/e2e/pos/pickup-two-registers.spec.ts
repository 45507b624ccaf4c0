import type { Page } from '@playwright/test';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, placeOnline } from '../support/online-orders-api.js';
import { keepScreenshot } from '../support/screenshots.js';

// A service of this file's own: its orders are the only ones in the queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'pickup-two-registers' } } });

const checkoutOf = (page: Page) => page.locator('section.checkout');

test('two registers taking payment for one online order: the one that took it hands it over, the other says where it was paid', async ({
  page,
  browser,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Casey at counter-5 (its drawer open, to take cash); Morgan, the manager, at counter-6.
  const casey = new PosPage(page);
  const caseyQueue = await OnlineOrdersPage.signIn(casey, service.url, 'counter-5', true);
  const morganPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const morgan = new PosPage(morganPage);
  await morgan.open(service.url, 'counter-6');
  await morgan.login('manager', 'manager-demo-1');
  await expect(morganPage.getByTestId('live-state')).toHaveText('Live');
  const morganQueue = new OnlineOrdersPage(morganPage);
  await morganQueue.open();

  const product = (await api.products('PREROLL', 50)).find((one) => !one.deli)!;
  const ada = await addCustomer(api, 'Ada', 'Lovelace');
  const order = await placeOnline(api, [{ productId: product.productId, quantity: 1 }], ada);

  // Both open the order and take its payment at their counter.
  for (const queue of [caseyQueue, morganQueue]) {
    await expect(queue.card(order.orderNumber)).toBeVisible();
    await queue.find(order.orderNumber);
    const checkout = checkoutOf(queue.page);
    await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
    await checkout.getByRole('button', { name: 'Take payment here' }).click();
    await expect(new PosPage(queue.page).widget.method('Cash')).toBeVisible();
  }

  // Casey takes the cash: counter-5 hands the order over.
  await casey.payCashInWidget(`$${order.total}`);
  const caseyCheckout = checkoutOf(page);
  await expect(
    caseyCheckout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` }),
  ).toBeVisible();
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');

  // Morgan's register says where it was paid, takes nothing more and hands nothing over.
  const morganCheckout = checkoutOf(morganPage);
  await expect(morganCheckout.getByTestId('checkout-notice')).toHaveText(
    `Order ${order.orderNumber} was paid at register counter-5 meanwhile: nothing more is taken here, and register counter-5 hands it over.`,
  );
  await expect(morganCheckout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  await expect(morganCheckout.getByTestId('hand-over-payment')).toHaveText('Paid');
  await expect(morganCheckout.getByRole('button', { name: 'Hand over' })).toHaveCount(0);
  await expect(morganCheckout.getByRole('button', { name: 'Take payment here' })).toHaveCount(0);
  // Its widget's payment ended with the step: nothing is taken there.
  await expect(morgan.widget.container).toBeHidden();
  await keepScreenshot(morganPage, testInfo, 'paid-at-another-register');
  await keepScreenshot(page, testInfo, 'handed-over-here');

  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  const { payments } = await api.call<{ payments: { status: string }[] }>(
    'GET',
    `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${order.orderNumber}`,
    undefined,
    { authorization: `Bearer ${await api.token('manager')}` },
  );
  expect(payments.filter((payment) => payment.status === 'approved')).toHaveLength(1);

  await morganCheckout.getByRole('button', { name: 'Back to online orders' }).click();
  await expect(morganQueue.card(order.orderNumber)).toHaveCount(0);
});
