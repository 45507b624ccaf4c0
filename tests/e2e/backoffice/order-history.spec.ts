import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, moveOrder, placeOnline } from '../support/online-orders-api.js';
import { payInCash } from './orders-for-test.js';

const AT = '(Today|Yesterday), \\d{1,2}:\\d{2}\\u00a0[AP]M';

test("order history: an online order's detail names its customer and says when it was ordered, picked, packed, paid and refunded, and by whom", async ({
  page,
  service,
  api,
}, testInfo) => {
  const [product] = await api.products('ACCESSORY');
  const customerId = await addCustomer(api, 'Maria', 'Lopez');
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 1 }], customerId);
  await moveOrder(api, order.orderId, 'IN_PROCESS');
  await moveOrder(api, order.orderId, 'PACKED_READY');
  await payInCash(api, order, 500);

  const office = await BackOfficePage.openOrder(page, service.url, order.orderNumber);
  await expect(office.detailCustomer).toHaveText('Maria Lopez');
  const steps = [
    'Ordered online by Morgan Manager',
    'Picking started by Morgan Manager',
    'Packed, ready for pickup by Morgan Manager',
    `Cash payment of $${order.total} taken by Casey Cashier`,
  ];
  await expect(office.historyLines).toHaveText(steps.map((step) => new RegExp(`^${AT}\\s*${escape(step)}$`)));
  // A person is named by display name, never by a login id.
  await expect(page.getByTestId('order-history')).not.toContainText(/\bby (manager|cashier)\b/);

  // A refund joins the history with its reason, as soon as it is made.
  await page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the Cash payment?' });
  await expect(dialog.getByTestId('refund-cash-source')).toContainText('No register’s drawer counts this cash');
  await office.screenshot(testInfo, 'backoffice-cash-refund-dialog-1280');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'backoffice-cash-refund-dialog-1920');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByLabel('Amount to give back ($)').fill('1.00');
  await dialog.getByLabel('Why is it refunded?').fill('Lid cracked');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(office.historyLines.last()).toHaveText(
    new RegExp(`^${AT}\\s*\\$1\\.00 of the Cash payment refunded by Morgan Manager: “Lid cracked”$`),
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order-history-1280');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await office.screenshot(testInfo, 'backoffice-order-history-1920');
});

test("order history: a canceled order's Canceled step says why, as a refund's says its reason", async ({
  page,
  service,
  api,
}, testInfo) => {
  const [product] = await api.products('ACCESSORY');
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 1 }]);
  await moveOrder(api, order.orderId, 'IN_PROCESS');

  const office = await BackOfficePage.openOrder(page, service.url, order.orderNumber);
  await expect(office.historyLines).toHaveCount(2);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await office.confirm('Cancel the order', 'Customer changed their mind');
  await expect(office.detailStatus).toHaveText('Canceled');
  await expect(office.historyLines).toHaveText([
    new RegExp(`^${AT}\\s*Ordered online by Morgan Manager$`),
    new RegExp(`^${AT}\\s*Picking started by Morgan Manager$`),
    new RegExp(`^${AT}\\s*Canceled by Morgan Manager: “Customer changed their mind”$`),
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order-history-canceled-1280');
});

/** `text` matched as it is. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
