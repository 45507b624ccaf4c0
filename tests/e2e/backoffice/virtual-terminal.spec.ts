import { BackOfficePage } from '../pages/backoffice-page.js';
import { PaylinkPage } from '../pages/paylink-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { orderEndingIn } from './orders-for-test.js';

test("sign in with a demo login; a keyed card pays an order, which reads PAID; today's sales count it; sign out", async ({
  page,
  service,
  api,
}, testInfo) => {
  const order = await orderEndingIn(api, 10);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await expect(office.demoLogins.filter({ hasText: 'manager / manager-demo-1' })).toBeVisible();
  await expect(office.demoLogins.filter({ hasText: 'admin / admin-demo-1' })).toBeVisible();
  // The back office offers only the logins that may use it.
  await expect(office.demoLogins).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-login');
  await office.demoLogins.filter({ hasText: 'manager / manager-demo-1' }).click();
  await expect(page.getByLabel('Username')).toHaveValue('manager');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Virtual terminal' })).toBeVisible();

  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  // One result panel says how it ended, as success; no SDK event codes are shown.
  await expect(office.outcome).toHaveText(`Payment approved for order ${order.orderNumber}.`);
  await expect(office.result).toHaveClass(/good/);
  await expect(office.result).toContainText('Payment approved');
  await expect(page.getByText(/PAYMENT_[A-Z_]+/)).toHaveCount(0);
  await expect(page.getByTestId('vt-status')).toHaveText('Paid');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('PAID');
  expect(await axeViolations(page, '.terminal')).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-virtual-terminal');

  await office.show("Today's sales");
  const credit = page.locator('tr[data-method="Credit"]');
  await expect(credit).toBeVisible();
  await expect(credit.locator('td').first()).not.toHaveText('0');
  const heights = () =>
    page.locator('.chart rect.bar').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('height'))));
  await expect.poll(async () => (await heights()).filter((height) => height > 0).length).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: /^Sales by hour: \d+ hours? with sales; busiest/ })).toBeVisible();
  // The chart has a value axis in dollars, hour labels, and each bar's amount.
  await expect(page.locator('.chart .y-axis text').first()).toHaveText('$0');
  await expect(page.locator('.chart text.tick', { hasText: '12\u00a0PM' })).toHaveCount(1);
  await expect(page.locator('.chart text.value').first()).toHaveText(/^\$\d/);
  await page.getByText('Show the hours as a table').click();
  await expect(page.getByRole('table', { name: 'Sales by hour' }).locator('tbody tr').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-sales');

  await office.signOut();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a declined card (.51) is told calmly, and the order still awaits payment', async ({ page, service, api }) => {
  const order = await orderEndingIn(api, 51, 4);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  await expect(office.widget.heading).toHaveText('Payment declined');
  await expect(office.outcome).toContainText('The payment did not go through: Declined: insufficient funds');
  await expect(office.result).toHaveClass(/bad/);
  await expect(page.getByTestId('vt-status')).toHaveText('Awaiting payment');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('AWAITING_PROCESSING');
});

test('an ACH invoice the customer completes leaves the order AUTHORIZED', async ({ page, service, api, context }) => {
  const order = await orderEndingIn(api, 10, 1);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login('admin', 'admin-demo-1');
  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Bank transfer (ACH)').click();
  await expect(office.widget.heading).toHaveText('Invoice ready');
  const link = await office.widget.frame.getByLabel('Payment link').inputValue();
  const customer = await context.newPage();
  await customer.goto(link);
  const checkout = new PaylinkPage(customer);
  await checkout.fill();
  await checkout.authorize();
  await expect(page.getByTestId('vt-status')).toHaveText('Authorized');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('AUTHORIZED');
});
