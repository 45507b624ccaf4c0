import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { moveOrder } from '../support/online-orders-api.js';
import { orderEndingIn, payInCash } from './orders-for-test.js';
import type { PaymentPage } from '../../../shared/contracts/payment-reports.js';

const TIME = /^\d{1,2}:\d{2}\u00a0[AP]M$/;

test('refunds: a manager refunds part of a cash sale once (a lost answer retried), then the rest; the order shows each refund', async ({
  page,
  service,
  api,
}, testInfo) => {
  const sale = await orderEndingIn(api, 26, 1);
  await payInCash(api, sale);
  const total = Math.round(Number(sale.total) * 100);
  const half = Math.floor(total / 2);
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const office = await BackOfficePage.openOrder(page, service.url, sale.orderNumber);
  const payment = page.locator('tr[data-payment-status]').first();
  await expect(payment).toContainText('Cash');
  await expect(payment).toContainText('Approved');
  const time = payment.locator('td').nth(3);
  await expect(time).toHaveText(TIME);
  const paidAt = await time.textContent();

  // Refund asks how much (what is left by default) and why; a refused amount says why.
  await page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund the Cash payment?' });
  await expect(dialog.getByLabel('Amount to give back ($)')).toHaveValue(sale.total);
  // Cash refunded here counts in no register's drawer (the back office has none; a return at the POS is its drawer's).
  await expect(dialog.getByTestId('refund-cash-source')).toHaveText(
    'No register’s drawer counts this cash: take it from the safe, or the drawer it came from counts short ' +
      'at its close. Cash from a drawer: return the items at that register (Today’s orders, Return items).',
  );
  await dialog.getByLabel('Amount to give back ($)').fill('999.99');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toHaveText([
    `At most ${money(total)} is left to refund of this payment.`,
    'Say why first: the audit trail keeps the reason with your name.',
  ]);
  // Thousands commas are read ("1,250.00" is more than is left); any other comma is refused saying why.
  await dialog.getByLabel('Amount to give back ($)').fill('1,250.00');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert').first()).toHaveText(
    `At most ${money(total)} is left to refund of this payment.`,
  );
  await dialog.getByLabel('Amount to give back ($)').fill('1,5');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert').first()).toHaveText(
    'The amount "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
  );
  await dialog.getByLabel('Amount to give back ($)').fill((half / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('alert')).toHaveText([
    'Say why first: the audit trail keeps the reason with your name.',
  ]);
  // The reason's example reads as an example, as the cancel dialog's does.
  await expect(dialog.getByLabel('Why is it refunded?')).toHaveAttribute(
    'placeholder',
    'Such as: the customer returned the item',
  );
  await dialog.getByLabel('Why is it refunded?').fill('Customer returned half');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-refund-dialog');

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
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByTestId('refund-refusal')).toHaveText(
    'The service cannot be reached. Check that it is running.',
  );
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page.getByRole('status').filter({ hasText: 'is refunded' })).toHaveText(
    `${money(half)} of the Cash payment is refunded.`,
  );

  // Given back once; the payment keeps its own time and shows the refund with its time.
  const listed = await api.call<PaymentPage>(
    'GET',
    `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${sale.orderNumber}`,
    undefined,
    { authorization: `Bearer ${await api.token('manager')}` },
  );
  expect(listed.payments[0]!.refunds.map((refund) => refund.amount)).toEqual([half]);
  await expect(time).toHaveText(paidAt!);
  await expect(payment).toContainText(new RegExp(`Refunded \\${money(half)} at \\d{1,2}:\\d{2}\\u00a0[AP]M`));
  await expect(page.getByRole('button', { name: /^Void the Cash payment/ })).toHaveCount(0);
  await expect(page.getByTestId('no-void')).toHaveText(
    'A partly refunded payment cannot be voided: refund the rest instead.',
  );
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await office.screenshot(testInfo, 'backoffice-partly-refunded');

  // The rest: the whole payment is given back, and the order, not worked yet, awaits payment again.
  await page.getByRole('button', { name: /^Refund the Cash payment/ }).click();
  await expect(dialog.getByLabel('Amount to give back ($)')).toHaveValue(((total - half) / 100).toFixed(2));
  await dialog.getByLabel('Why is it refunded?').fill('Customer returned the rest');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('tr[data-payment-status="refunded"]')).toContainText('Refunded');
  await expect(page.locator('tr[data-payment-status="refunded"] .refund-line')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Refund the Cash payment/ })).toHaveCount(0);
  await expect(office.detailStatus).toHaveText('Awaiting payment');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
});

test('refunds: a cashier sees no Refund or Void', async ({ page, service, api }) => {
  const sale = await orderEndingIn(api, 26, 2);
  await payInCash(api, sale);
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login('cashier', 'cashier-demo-1');
  await office.show('Orders');
  await office.lookUp(sale.orderNumber);
  await expect(page.locator('tr[data-payment-status="approved"]')).toContainText('Cash');
  await expect(page.getByRole('button', { name: /^Refund the/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Void the/ })).toHaveCount(0);
});

test('orders: an unpaid online order ready for pickup can be canceled', async ({ page, service, api }) => {
  const order = await orderEndingIn(api, 10, 3);
  await moveOrder(api, order.orderId, 'IN_PROCESS');
  await moveOrder(api, order.orderId, 'PACKED_READY');
  const office = new BackOfficePage(page);
  await office.open(service.url);
  await office.login();
  await office.show('Orders');
  await office.lookUp(order.orderNumber);
  await expect(office.detailStatus).toHaveText('Ready for pickup');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await office.confirm('Cancel the order', 'Customer never came');
  await expect(office.detailStatus).toHaveText('Canceled');
  expect((await api.ticketByNumber(order.orderNumber)).status).toBe('CANCELED');
});
