import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';
import { backdateReady } from '../../support/ready-since.js';
import { orderEndingIn, payInCash, type TestOrder } from './orders-for-test.js';

const HOUR = 3_600_000;

/** Picks and packs an order, as the store does when it is ready for pickup. */
async function pack(api: ServiceApi, order: TestOrder): Promise<void> {
  const headers = { ...DEMO.client, authorization: `Bearer ${await api.token()}`, 'content-type': 'application/json' };
  for (const status of ['IN_PROCESS', 'PACKED_READY']) {
    await api.call(
      'POST',
      `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/status`,
      JSON.stringify({ status }),
      headers,
    );
  }
}

test('orders: ready over a day lists what the customers left, with what the hold does next, in the store’s time', async ({
  page,
  service,
  api,
}, testInfo) => {
  // Unpaid, ready 30 hours: canceled when the 48-hour hold ends. Paid, ready 60 hours: kept for the
  // manager. Packed just now: not over a day, not listed.
  const unpaid = await orderEndingIn(api, 10, 0);
  const paid = await orderEndingIn(api, 10, 1);
  const fresh = await orderEndingIn(api, 10, 2);
  await payInCash(api, paid);
  for (const order of [unpaid, paid, fresh]) await pack(api, order);
  await backdateReady(service, unpaid.orderId, new Date(Date.now() - 30 * HOUR));
  await backdateReady(service, paid.orderId, new Date(Date.now() - 60 * HOUR));

  await page.setViewportSize({ width: 1280, height: 800 });
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.showOrders('Ready over a day');

  await expect(office.row(paid.orderNumber)).toBeVisible();
  await expect(office.rows.first()).toHaveAttribute('data-order', paid.orderNumber);
  await expect(office.row(paid.orderNumber)).toContainText('Paid');
  await expect(office.row(paid.orderNumber)).toContainText('2 days 12 hours ago');
  await expect(office.row(paid.orderNumber)).toContainText(
    /Past the 48-hour hold since \w+, \d{1,2}:\d{2}\u00a0[AP]M: hand it over, or refund and cancel it\./,
  );
  await expect(office.row(unpaid.orderNumber)).toContainText('Not paid');
  await expect(office.row(unpaid.orderNumber)).toContainText('No customer on the order');
  await expect(office.row(unpaid.orderNumber)).toContainText(
    /Canceled (Today|Tomorrow), \d{1,2}:\d{2}\u00a0[AP]M unless picked up; its items go back on the shelf\./,
  );
  await expect(office.row(fresh.orderNumber)).toHaveCount(0);
  await expect(page.getByText(/Times are the store's \(P[SD]T\)\./)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('backoffice-ready-over-a-day.png') });

  // An order opens beside the list, as in every orders list.
  await office.row(unpaid.orderNumber).getByRole('button', { name: unpaid.orderNumber }).click();
  await expect(page.getByTestId('detail-number')).toHaveText(unpaid.orderNumber);
  await expect(office.detailStatus).toHaveText('Ready for pickup');

  // Back to every order: the day's list, filters and all.
  await office.showOrders('All orders');
  await expect(page.getByLabel('Status')).toBeVisible();
  await expect(office.row(fresh.orderNumber)).toBeVisible();
});
