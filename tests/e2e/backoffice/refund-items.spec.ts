import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { payInCash } from './orders-for-test.js';
import {
  handOver,
  money,
  onHand,
  RefundItemsDialog,
  refundableOf,
  saleOfTwo,
  worthOf,
} from './refund-items-for-test.js';
import type { PaymentPage } from '../../../shared/contracts/payment-reports.js';

test('refunds by items: a manager gives back one of two items (a lost answer retried), then the rest; the order shows what came back', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { sale, edible, deli } = await saleOfTwo(api);
  await payInCash(api, sale);
  await handOver(api, sale.orderId);
  const total = Math.round(Number(sale.total) * 100);
  const sold = await refundableOf(api, sale.orderId);
  expect(sold.lines.map((line) => [line.name, line.quantityMilli, line.weighed])).toEqual([
    [edible, 2000, false],
    [deli, 3500, true],
  ]);
  const office = await BackOfficePage.openOrder(page, service.url, sale.orderNumber);

  // By items: the lines with what was sold, nothing chosen, nothing put back in stock, from the cash payment.
  const refund = new RefundItemsDialog(page, sale.orderNumber);
  await refund.open();
  await expect(refund.line(edible).locator('td').nth(1)).toHaveText('2');
  await expect(refund.line(deli).locator('td').nth(1)).toHaveText('3.5 g');
  await expect(refund.dialog.getByRole('checkbox', { name: 'Put back in stock' })).not.toBeChecked();
  await expect(refund.dialog.getByLabel('Refund from the payment')).toHaveValue(sold.payments[0]!.paymentId);
  await expect(refund.summary).toHaveText('Nothing chosen yet: choose how much of each item comes back.');

  // One of the edible: its worth as the shared rule, the service's own, says it.
  await refund.dialog.getByRole('button', { name: `One item more of ${edible}` }).click();
  const first = worthOf(sold, [1000, 0]);
  await expect(refund.summary).toHaveText(`1 item · ${money(first.amount)} back, tax ${money(first.tax)} included`);
  // Grams take decimals; a unit line only whole units.
  await refund.dialog.getByLabel(`${deli}: grams that come back`).fill('1.25');
  await expect(refund.summary).toContainText(`2 items · ${money(worthOf(sold, [1000, 1250]).amount)} back`);
  await refund.dialog.getByLabel(`${deli}: grams that come back`).fill('0');
  await expect(refund.summary).toHaveText(`1 item · ${money(first.amount)} back, tax ${money(first.tax)} included`);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'backoffice-refund-items-1280', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(refund.dialog.getByRole('button', { name: 'Refund', exact: true })).toBeInViewport();
  await keepScreenshot(page, testInfo, 'backoffice-refund-items-1024', { fullPage: false });
  // A window too short for the dialog: it scrolls, its buttons kept in sight at its foot.
  await page.setViewportSize({ width: 1280, height: 560 });
  for (const name of ['Keep the sale', 'Refund'])
    await expect(refund.dialog.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, testInfo, 'backoffice-refund-items-1280x560', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The first answer is lost on the way back (the refund is made); the retry sends the same key.
  const keys: string[] = [];
  let lose = true;
  await page.route('**/v2.0/payments/*/refund', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const answer = await route.fetch();
    if (lose) {
      lose = false;
      return route.abort('connectionreset');
    }
    return route.fulfill({ response: answer });
  });
  await refund.refund('Customer returned one');
  await expect(refund.dialog.getByTestId('refund-refusal')).toHaveText(
    'The service cannot be reached. Check that it is running.',
  );
  await refund.dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(refund.dialog).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('status').filter({ hasText: 'came back' })).toHaveText(
    `1 item came back: ${money(first.amount)} of the Cash payment is refunded.`,
  );
  const refunded = page.getByTestId('item-refunded');
  await expect(refunded).toHaveText(['1 of 2 refunded']);
  const listed = await api.call<PaymentPage>(
    'GET',
    `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${sale.orderNumber}`,
    undefined,
    { authorization: `Bearer ${await api.token('manager')}` },
  );
  expect(listed.payments[0]!.refunds.map((entry) => entry.amount)).toEqual([first.amount]);
  await office.screenshot(testInfo, 'backoffice-refund-items-order');

  // The rest: All of each line, the whole payment's rest.
  await page.unroute('**/v2.0/payments/*/refund');
  await refund.open();
  await expect(refund.line(edible).locator('td').nth(2)).toHaveText('1');
  await refund.dialog.getByRole('button', { name: `All 1 of ${edible}` }).click();
  await refund.dialog.getByRole('button', { name: `All 3.5 g of ${deli}` }).click();
  const rest = worthOf(await refundableOf(api, sale.orderId), [1000, 3500]);
  expect(rest.amount).toBe(total - first.amount);
  await expect(refund.summary).toHaveText(`2 items · ${money(rest.amount)} back, tax ${money(rest.tax)} included`);
  // Sealed, it goes back on the shelf: each line into the package it was sold from.
  const shelf = [await onHand(api, 'EDIBLE', edible), await onHand(api, 'FLOWER', deli)];
  await refund.dialog.getByRole('checkbox', { name: 'Put back in stock' }).check();
  await refund.refund('Customer returned the rest');
  await expect(refund.dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'came back' })).toHaveText(
    `2 items came back: ${money(rest.amount)} of the Cash payment is refunded. They are back in stock. ` +
      `In all, ${money(total)} of order ${sale.orderNumber} is refunded.`,
  );
  expect([await onHand(api, 'EDIBLE', edible), await onHand(api, 'FLOWER', deli)]).toEqual([
    shelf[0]! + 1,
    shelf[1]! + 3.5,
  ]);
  await expect(refunded).toHaveText(['2 of 2 refunded', '3.5 g of 3.5 g refunded']);
  await expect(page.locator('tr[data-payment-status="refunded"]')).toContainText('Refunded');
  await expect(page.getByRole('button', { name: 'Refund items' })).toHaveCount(0);
  await office.screenshot(testInfo, 'backoffice-refund-items-all-back');
});

test('refunds by items: a line given back meanwhile elsewhere is refused in the service’s words', async ({
  page,
  service,
  api,
}) => {
  const { sale, edible } = await saleOfTwo(api);
  await payInCash(api, sale);
  await handOver(api, sale.orderId);
  const sold = await refundableOf(api, sale.orderId);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.lookUp(sale.orderNumber);
  const refund = new RefundItemsDialog(page, sale.orderNumber);
  await refund.open();
  await refund.dialog.getByRole('button', { name: `All 2 of ${edible}` }).click();

  // Another manager gives one back first, from another window.
  await api.call(
    'POST',
    `/v2.0/payments/${sold.payments[0]!.paymentId}/refund`,
    JSON.stringify({ reason: 'Returned at the other desk', lines: [{ itemId: sold.lines[0]!.itemId, quantity: 1 }] }),
    {
      authorization: `Bearer ${await api.token('manager')}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
  );
  await refund.refund('Customer returned both');
  await expect(refund.dialog.getByTestId('refund-refusal')).toContainText(
    `Only 1 of the 2 ${edible} can come back: 1 came back already`,
  );
  await expect(refund.dialog).toBeVisible();
});
