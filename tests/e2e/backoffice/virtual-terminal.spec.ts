import { BackOfficePage } from '../pages/backoffice-page.js';
import { PaylinkPage } from '../pages/paylink-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { payByCard } from '../support/online-orders-api.js';
import { orderEndingIn } from './orders-for-test.js';

/** Signs in (as `login`), and opens an ACH invoice for the order in the virtual terminal's widget. */
async function achInvoice(
  page: Page,
  url: string,
  orderNumber: string,
  login: [string, string] = ['manager', 'manager-demo-1'],
): Promise<BackOfficePage> {
  const office = new BackOfficePage(page);
  await office.open(url);
  await office.login(...login);
  await office.chargeOrder(orderNumber);
  await office.widget.method('Bank transfer (ACH)').click();
  await expect(office.widget.heading).toHaveText('Invoice ready');
  return office;
}

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
  // Payments taken, named so (Reports' "Sales" is a count of sales, its net after returns).
  await expect(page.getByText('Taken in payments')).toBeVisible();
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

test('a declined card (.51) is said once, in words, by the widget beside its Try again; the order still awaits payment', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = await orderEndingIn(api, 51, 4);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.chargeOrder(order.orderNumber);
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  await office.widget.button(/^Pay \$/).click();
  await expect(office.widget.heading).toHaveText('Payment declined');
  await expect(office.widget.main.getByText('Insufficient funds.', { exact: true })).toBeVisible();
  await expect(office.widget.button('Try again')).toBeVisible();
  // Said once: the result panel does not repeat the widget's words.
  await expect(office.result).toHaveCount(0);
  await expect(page.getByText(/insufficient funds|did not go through/)).toHaveCount(0);
  await expect(page.getByTestId('vt-status')).toHaveText('Awaiting payment');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('AWAITING_PROCESSING');
  await office.screenshot(testInfo, 'backoffice-virtual-terminal-declined');
});

test('an ACH invoice the bank declines (.51) is said once, in words, without the bank’s return code', async ({
  page,
  service,
  api,
  context,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = await orderEndingIn(api, 51, 2);
  const office = await achInvoice(page, service.url, order.orderNumber);
  const link = await office.widget.frame.getByLabel('Payment link').inputValue();
  const customer = await context.newPage();
  await customer.setViewportSize({ width: 1280, height: 800 });
  await customer.goto(link);
  const checkout = new PaylinkPage(customer);
  await checkout.fill();
  await checkout.authorize();
  // The customer's page: the bank's answer in words, no return code.
  await expect(checkout.heading).toHaveText('Your bank declined the payment');
  await expect(checkout.root.getByTestId('paylink-message')).toHaveText('Insufficient funds in the bank account.');
  await expect(customer.getByText(/R01/)).toHaveCount(0);
  await keepScreenshot(customer, testInfo, 'paylink-declined');
  // The virtual terminal: the widget says it once, above its Try again; no code, no panel repeating it.
  await expect(office.widget.heading).toHaveText('Payment declined');
  await expect(office.widget.main.getByText('Insufficient funds in the bank account.', { exact: true })).toBeVisible();
  await expect(office.widget.main.getByText(/R01/)).toHaveCount(0);
  await expect(office.widget.main.getByText(/insufficient funds/i)).toHaveCount(1);
  await expect(office.result).toHaveCount(0);
  await expect(page.getByText(/insufficient funds|R01|did not go through/)).toHaveCount(0);
  await expect(page.getByTestId('vt-status')).toHaveText('Awaiting payment');
  await office.screenshot(testInfo, 'backoffice-virtual-terminal-ach-declined');
});

test('an ACH invoice canceled in the widget is said once, by the result panel, and the order can be charged again', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = await orderEndingIn(api, 10, 3);
  const office = await achInvoice(page, service.url, order.orderNumber);
  await office.widget.button('Cancel payment').click();
  await expect(office.outcome).toHaveText(
    `The payment for order ${order.orderNumber} was canceled; nothing was charged.`,
  );
  await expect(office.widget.container).toBeHidden();
  await expect(page.getByRole('button', { name: /^Take payment of/ })).toBeVisible();
  await office.screenshot(testInfo, 'backoffice-virtual-terminal-canceled');
});

test('an ACH invoice the customer completes leaves the order AUTHORIZED', async ({ page, service, api, context }) => {
  const order = await orderEndingIn(api, 10, 1);
  const office = await achInvoice(page, service.url, order.orderNumber, ['admin', 'admin-demo-1']);
  const link = await office.widget.frame.getByLabel('Payment link').inputValue();
  const customer = await context.newPage();
  await customer.goto(link);
  const checkout = new PaylinkPage(customer);
  await checkout.fill();
  await checkout.authorize();
  await expect(page.getByTestId('vt-status')).toHaveText('Authorized');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('AUTHORIZED');
});

test('an order paid in part: the button takes what is left and says of what; the widget charges that, and the order reads PAID', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = await orderEndingIn(api, 10, 5);
  // $1.00 of it paid at a register by card meanwhile: what is left still ends in .10 (approved).
  expect(await payByCard(api, order.orderNumber, '1.00')).toBe('approved');
  const left = (Number(order.total) - 1).toFixed(2);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await page.getByLabel('Order number').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Find order' }).click();
  await expect(page.getByTestId('vt-status')).toHaveText('Partly paid');
  const take = page.getByTestId('vt-take');
  await expect(take).toHaveText(`Take payment of $${left} (of $${order.total}; $1.00 paid)`);
  expect(await axeViolations(page, '.terminal')).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-virtual-terminal-part-paid');

  await take.click();
  await office.widget.method('Credit card').click();
  await office.widget.fillCard(PaymentWidget.CARD);
  // The widget charges what the button said, not the whole total.
  await expect(office.widget.button(/^Pay \$/)).toHaveText(`Pay $${left}`);
  await office.widget.button(/^Pay \$/).click();
  await expect(office.outcome).toHaveText(`Payment approved for order ${order.orderNumber}.`);
  await expect(page.getByTestId('vt-status')).toHaveText('Paid');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('PAID');
});
