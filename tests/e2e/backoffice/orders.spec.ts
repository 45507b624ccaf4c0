import { BackOfficePage } from '../pages/backoffice-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, moveOrder, payByCard, placeOnline } from '../support/online-orders-api.js';
import { previousDay } from '../../../shared/zoned-day.js';
import { oneOf, storeDay, storeDaysSince } from '../support/store-days.js';
import { orderEndingIn } from './orders-for-test.js';

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
  await expect(office.detailStatus).toHaveText('Awaiting payment');
  await expect(page.getByRole('table', { name: 'Payments' })).toContainText('No payments.');
  // Times are the store's, with its zone named (yesterday's, to a run that crossed its midnight since).
  await expect(page.getByText(/^Created (Today|Yesterday), \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T$/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items' }).locator('tbody tr')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-orders');
  // Canceling asks first; keeping the order changes nothing.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('dialog')).toContainText('This cannot be undone.');
  await office.screenshot(testInfo, 'backoffice-cancel-confirm');
  await office.confirm('Keep the order');
  await expect(office.detailStatus).toHaveText('Awaiting payment');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  // It asks why (the audit trail keeps it) and says so when nothing is given.
  await office.confirm('Cancel the order');
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'Say why first: the audit trail keeps the reason with your name.',
  );
  await office.confirm('Cancel the order', 'Customer left before paying');
  await expect(office.detailStatus).toHaveText('Canceled');
  await expect(page.getByRole('status')).toContainText(`Order ${unpaid.orderNumber} is canceled`);
  expect((await api.ticketByNumber(unpaid.orderNumber)).status).toBe('CANCELED');
  await expect(office.row(unpaid.orderNumber)).toContainText('Canceled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('orders: a paid order offers no cancel and says to void first; voiding its payment (confirmed) lets it be canceled', async ({
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
  await expect(page.getByTestId('vt-status')).toHaveText('Paid');

  await office.show('Orders');
  await office.lookUp(paid.orderNumber);
  await expect(page.locator('tr[data-payment-status="approved"]')).toContainText('Credit card');
  await expect(page.locator('tr[data-payment-status="approved"]')).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByTestId('detail-paid-hint')).toContainText('void its payment first');
  await expect(office.detailStatus).toHaveText('Paid');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-paid-order');

  await page.getByRole('button', { name: /^Void the Credit card payment/ }).click();
  await expect(page.getByRole('dialog')).toContainText('goes back to the customer');
  await office.confirm('Void the payment', 'Card charged twice by mistake');
  await expect(office.detailStatus).toHaveText('Awaiting payment');
  await expect(page.getByRole('status')).toContainText('is now awaiting payment');
  await expect(office.refusal).toHaveCount(0);
  await expect(page.locator('tr[data-payment-status="voided"]')).toContainText('Voided');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await office.confirm('Cancel the order', 'Customer will order online instead');
  await expect(office.detailStatus).toHaveText('Canceled');
  expect((await api.ticketByNumber(paid.orderNumber)).status).toBe('CANCELED');

  // The manager reads it back in the audit trail: words, the store's time, who, which register, why.
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.show('Audit trail');
  const voided = office.auditRows.filter({ hasText: 'Card charged twice by mistake' });
  await expect(voided).toContainText('Payment voided');
  await expect(voided).toContainText('Morgan Manager (Manager)');
  await expect(voided).toContainText('Back office');
  await expect(voided).toContainText(paid.orderNumber);
  await expect(voided.locator('td').first()).toHaveText(/^\d{1,2}:\d{2}\u00a0[AP]M$/);
  await expect(office.auditRows.filter({ hasText: 'Customer will order online instead' })).toContainText(
    'Order canceled',
  );
  await expect(page.getByRole('columnheader', { name: /^Time \(P[SD]T\)$/ })).toBeVisible();
  // The register backed itself up when the service started, and says when it backs up next, a day on
  // (the store's midnight may have come since: yesterday's backup, due today).
  await expect(office.backupLine).toHaveText(
    /^Last backup: (Today|Yesterday), \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T \(automatic\)\. Automatic every day, keeping the last 7\. Next: (Tomorrow|Today), \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T\.$/,
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-audit-trail');
});

test('orders: an order paid in part reads "Partly paid", with what is paid and what is left, not "Awaiting payment"', async ({
  page,
  service,
  api,
}, testInfo) => {
  const [product] = (await api.products('PREROLL', 20)).filter((item) => !item.deli);
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 1 }]);
  // $1.00 of it paid by card online: the order still awaits the rest.
  expect(await payByCard(api, order.orderNumber, '1.00')).toBe('approved');
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.show('Orders');
  // The list says so of every row, opened or not (its answer carries what each order's payments hold).
  await expect(office.row(order.orderNumber)).toContainText('Partly paid');
  await office.lookUp(order.orderNumber);
  await expect(office.detailStatus).toHaveText('Partly paid');
  await expect(page.getByTestId('detail-paid')).toHaveText('$1.00');
  await expect(page.getByTestId('detail-due')).toHaveText(`$${(Number(order.total) - 1).toFixed(2)}`);
  await expect(office.row(order.orderNumber)).toContainText('Partly paid');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-part-paid');
});

test('orders: filter by status and by day', async ({ page, service, api }) => {
  const began = storeDay();
  const open = await orderEndingIn(api, 10, 0);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await expect(office.row(open.orderNumber)).toBeVisible();

  // The filter offers words, not codes.
  await expect(page.getByLabel('Status').locator('option')).toContainText([
    'Any status',
    'Awaiting payment',
    'Authorized',
    'Paid',
  ]);
  await office.filterStatus('CANCELED');
  await expect(office.row(open.orderNumber)).toHaveCount(0);
  await expect(office.rows.filter({ hasNotText: 'Canceled' })).toHaveCount(0);
  await office.filterStatus('AWAITING_PROCESSING');
  await expect(office.row(open.orderNumber)).toBeVisible();
  // Awaiting payment, or partly paid (some of its money in: the list says so of each row).
  await expect(office.rows.filter({ hasNotText: /Awaiting payment|Partly paid/ })).toHaveCount(0);

  // Days are the store's days (America/Los_Angeles), as in today's sales, whatever the browser's zone.
  await expect(page.getByLabel('Day')).toHaveValue(oneOf(storeDaysSince(began)));
  // The demo data holds no orders, and the worker's service, which the other files' orders share, has
  // run less than a day (it may have crossed the store's midnight): the day before yesterday lists none,
  // and not today's order.
  await office.filterDay(previousDay(previousDay(began)));
  await expect(page.getByText('No orders match.')).toBeVisible();
  await expect(office.rows).toHaveCount(0);
  await office.filterStatus('');
  await expect(office.rows).toHaveCount(0);
});

test('orders: the online orders not yet picked up, by stage and live, each opened beside the list', async ({
  page,
  service,
  api,
}, testInfo) => {
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.showOrders('Online orders');
  const [product] = (await api.products('PREROLL', 20)).filter((item) => !item.deli);
  const ada = await addCustomer(api, 'Ada', 'Lovelace');
  // Placed while the manager watches: it shows under New as the live channel tells of it.
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 2 }], ada);
  const stage = (title: string) => page.getByRole('region', { name: new RegExp(`^${title} \\d+$`) });
  const row = stage('New').locator(`tr[data-order="${order.orderNumber}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ada L.');
  await expect(row).toContainText('2 items');
  await expect(row).toContainText(`$${order.total}`);
  await expect(row.getByTestId('payment')).toHaveText('Not paid');
  await expect(row).toContainText(/\d{1,2}:\d{2}\s[AP]M/);
  // $1.00 of it paid by card elsewhere (online, or at a register): its row says so as it happens.
  expect(await payByCard(api, order.orderNumber, '1.00')).toBe('approved');
  await expect(row.getByTestId('payment')).toHaveText(`Paid $1.00 of $${order.total}`);

  await moveOrder(api, order.orderId, 'IN_PROCESS');
  const picking = stage('Picking').locator(`tr[data-order="${order.orderNumber}"]`);
  await expect(picking).toContainText('Picking: Morgan Manager');
  await expect(row).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-online-orders');

  await picking.getByRole('button', { name: order.orderNumber }).click();
  await expect(office.detailStatus).toHaveText('Being prepared');
  // Beside the open order the list narrows: what stays is in view, its headings side by side.
  const headings = stage('Picking').getByRole('columnheader');
  await expect(headings).toHaveText(['Order', 'Customer', 'Total', 'Promised', 'Payment']);
  for (const heading of await headings.all()) await expect(heading).toBeInViewport({ ratio: 1 });
  await expect(picking).toContainText('Picking: Morgan Manager');
  await expect(picking).toContainText('2 items');
  await moveOrder(api, order.orderId, 'PACKED_READY');
  await expect(stage('Ready for pickup').locator(`tr[data-order="${order.orderNumber}"]`)).toContainText(
    'Picked by Morgan Manager',
  );
});
