import { BackOfficePage } from '../pages/backoffice-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { seriousViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { orderEndingIn, storeToday, yesterday } from './orders-for-test.js';

test('orders: look up an unpaid order, see its items and payments, cancel it', async ({
  page,
  service,
  api,
}, testInfo) => {
  const unpaid = await orderEndingIn(api, 10, 2);
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
  await office.screenshot(testInfo, 'backoffice-orders');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.detailStatus).toHaveText('CANCELED');
  await expect(page.getByRole('status')).toContainText(`Order ${unpaid.orderNumber} is canceled`);
  expect((await api.ticketByNumber(unpaid.orderNumber)).status).toBe('CANCELED');
  await expect(office.row(unpaid.orderNumber)).toContainText('CANCELED');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test("orders: a paid order's cancel is refused with the service's reason; voiding its payment lets it be canceled", async ({
  page,
  service,
  api,
}, testInfo) => {
  const paid = await orderEndingIn(api, 10, 3);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.chargeOrder(paid.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  await expect(page.getByTestId('vt-status')).toHaveText('PAID');

  await office.show('Orders');
  await office.lookUp(paid.orderNumber);
  await expect(page.locator('tr[data-payment-status="approved"]')).toContainText('Credit');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.refusal).toContainText(`Order ${paid.orderNumber} has $`);
  await expect(office.refusal).toContainText('void or refund them before canceling the order.');
  await expect(office.detailStatus).toHaveText('PAID');
  expect((await api.ticketByNumber(paid.orderNumber)).status).toBe('PAID');
  expect(await seriousViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-cancel-refused');

  await page.getByRole('button', { name: /^Void the Credit payment/ }).click();
  await expect(office.detailStatus).toHaveText('AWAITING_PROCESSING');
  await expect(office.refusal).toHaveCount(0);
  await expect(page.locator('tr[data-payment-status="voided"]')).toContainText('Credit');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(office.detailStatus).toHaveText('CANCELED');
  expect((await api.ticketByNumber(paid.orderNumber)).status).toBe('CANCELED');
});

test('orders: filter by status and by day', async ({ page, service, api }) => {
  const open = await orderEndingIn(api, 10, 0);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await expect(office.row(open.orderNumber)).toBeVisible();

  await office.filterStatus('CANCELED');
  await expect(office.row(open.orderNumber)).toHaveCount(0);
  await expect(office.rows.filter({ hasNotText: 'CANCELED' })).toHaveCount(0);
  await office.filterStatus('AWAITING_PROCESSING');
  await expect(office.row(open.orderNumber)).toBeVisible();
  await expect(office.rows.filter({ hasNotText: 'AWAITING_PROCESSING' })).toHaveCount(0);

  // Days are the store's days (America/Los_Angeles), as in today's sales, whatever the browser's zone.
  await expect(page.getByLabel('Day')).toHaveValue(storeToday());
  // The demo data holds no orders from yesterday: today's order is not in that day's list.
  await office.filterDay(yesterday());
  await expect(page.getByText('No orders match.')).toBeVisible();
  await expect(office.rows).toHaveCount(0);
  await office.filterStatus('');
  await expect(office.rows).toHaveCount(0);
});
