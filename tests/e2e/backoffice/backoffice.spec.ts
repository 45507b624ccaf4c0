import { BackOfficePage } from '../pages/backoffice-page.js';
import { PaylinkPage } from '../pages/paylink-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

/** A ticket of one product whose total ends in `.10` (reward dollars make up the difference). */
async function ticket(api: ServiceApi, productIndex = 0): Promise<{ orderId: string; orderNumber: string }> {
  const product = (await api.products('EDIBLE'))[productIndex]!;
  const headers = {
    ...DEMO.client,
    authorization: `Bearer ${await api.token()}`,
    'content-type': 'application/json',
  };
  const items = [{ productId: product.productId, quantity: 1 }];
  const path = '/v2.0/dispensary/demo/ecommerce/ticket';
  const quote = await api.call<{ total: string }>(
    'POST',
    `${path}/quote`,
    JSON.stringify({ type: 'PICKUP', items }),
    headers,
  );
  const total = Math.round(Number(quote.total) * 100);
  const reward = (((total - 10) % 100) + 100) % 100;
  return api.call('POST', path, JSON.stringify({ type: 'PICKUP', items, rewardDollars: reward / 100 }), headers);
}

test("virtual terminal: a keyed card pays an order, which reads PAID; today's sales count it", async ({
  page,
  service,
  api,
}, testInfo) => {
  const order = await ticket(api);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  expect(await seriousViolations(page)).toEqual([]);
  await office.login();
  await office.show('Virtual terminal');
  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  await expect(office.widget.heading).toHaveText('Payment approved');
  await expect(office.events.last()).toContainText('PAYMENT_APPROVED');
  await expect(page.getByTestId('vt-status')).toHaveText('PAID');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('PAID');
  expect(await seriousViolations(page, '.terminal')).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-virtual-terminal');

  await office.show("Today's sales");
  const credit = page.locator('tr[data-method="Credit"]');
  await expect(credit).toBeVisible();
  await expect(credit.locator('td').first()).not.toHaveText('0');
  // The store's current hour (its own time zone) has a bar.
  const heights = () =>
    page.locator('.chart rect.bar').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
  await expect.poll(async () => (await heights()).filter((height) => height > 0).length).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-sales');
});

test('virtual terminal: an ACH invoice the customer completes leaves the order AUTHORIZED', async ({
  page,
  service,
  api,
  context,
}) => {
  const order = await ticket(api, 1);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Bank transfer (ACH)').click();
  await expect(office.widget.heading).toHaveText('Invoice ready');
  const link = await office.widget.frame.getByLabel('Payment link').inputValue();
  const customer = await context.newPage();
  await customer.goto(link);
  const checkout = new PaylinkPage(customer);
  await checkout.fill();
  await checkout.authorize();
  await expect(page.getByTestId('vt-status')).toHaveText('AUTHORIZED');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('AUTHORIZED');
});

test("orders: look up, see items and payments, cancel an unpaid order; void a paid order's payment, then cancel it; filter by status", async ({
  page,
  service,
  api,
}, testInfo) => {
  const unpaid = await ticket(api, 2);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await expect(office.row(unpaid.orderNumber)).toBeVisible();

  await office.lookUp(unpaid.orderNumber.toLowerCase());
  await expect(office.detailStatus).toHaveText('AWAITING_PROCESSING');
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('No payments.');
  await expect(page.getByRole('table', { name: 'Items' }).locator('tbody tr')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.detailStatus).toHaveText('CANCELED');
  await expect(page.getByRole('status')).toContainText('is canceled');
  expect((await api.ticketByNumber(unpaid.orderNumber)).status).toBe('CANCELED');
  await expect(office.row(unpaid.orderNumber)).toContainText('CANCELED');

  // A paid order holds money: its cancel is refused with the reason.
  await office.show('Virtual terminal');
  const paid = await ticket(api, 3);
  await office.chargeOrder(paid.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  await expect(page.getByTestId('vt-status')).toHaveText('PAID');
  await office.show('Orders');
  await office.lookUp(paid.orderNumber);
  await expect(page.locator('tr[data-payment-status="approved"]')).toContainText('Credit');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // Voiding its payment gives the money back and reopens the order, which can then be canceled.
  await page.getByRole('button', { name: /^Void the Credit payment/ }).click();
  await expect(office.detailStatus).toHaveText('AWAITING_PROCESSING');
  await expect(page.locator('tr[data-payment-status="voided"]')).toContainText('Credit');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.detailStatus).toHaveText('CANCELED');
  expect((await api.ticketByNumber(paid.orderNumber)).status).toBe('CANCELED');

  await page.getByLabel('Status').selectOption('CANCELED');
  await expect(office.row(unpaid.orderNumber)).toBeVisible();
  await expect(office.row(paid.orderNumber)).toBeVisible();
  await expect(office.rows.filter({ hasNotText: 'CANCELED' })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('AWAITING_PROCESSING');
  await expect(office.row(unpaid.orderNumber)).toHaveCount(0);
  await expect(office.rows.filter({ hasNotText: 'AWAITING_PROCESSING' })).toHaveCount(0);
});
