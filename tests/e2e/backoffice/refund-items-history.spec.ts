import { AdjustmentsPage } from '../pages/adjustments-page.js';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { moveOrder, placeOnline } from '../support/online-orders-api.js';
import { DEMO } from '../support/service-api.js';
import { payInCash } from './orders-for-test.js';

const AT = '(Today|Yesterday), \\d{1,2}:\\d{2}\\u00a0[AP]M';
const STORE = '/v2.0/dispensary/demo';

// It puts stock back into a demo package, which other files read as loaded.
test.use({ serviceOptions: { args: [], env: {}, own: 'refund-items-history' } });

test('a refund by items: the history quotes the manager’s words and says the items back apart; the stock put back is found under Returned by customer', async ({
  page,
  service,
  api,
}, testInfo) => {
  const [product] = await api.products('ACCESSORY');
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 1 }]);
  await moveOrder(api, order.orderId, 'IN_PROCESS');
  await moveOrder(api, order.orderId, 'PACKED_READY');
  await payInCash(api, order);
  const manager = { ...DEMO.client, authorization: `Bearer ${await api.token('manager')}` };
  const json = { ...manager, 'content-type': 'application/json' };
  await api.call(
    'POST',
    `${STORE}/ecommerce/ticket/${order.orderId}/status`,
    JSON.stringify({ status: 'COMPLETED' }),
    json,
  );
  const sale = await api.call<{ lines: { itemId: string }[]; payments: { paymentId: string }[] }>(
    'GET',
    `/v2.0/ticket/${order.orderId}/refundable`,
    undefined,
    manager,
  );
  const body = {
    lines: [{ itemId: sale.lines[0]!.itemId, quantity: 1 }],
    restock: true,
    reason: 'Customer returned one.',
  };
  await api.call('POST', `/v2.0/payments/${sale.payments[0]!.paymentId}/refund`, JSON.stringify(body), json);

  const office = await BackOfficePage.openOrder(page, service.url, order.orderNumber);
  await expect(office.historyLines.last()).toHaveText(
    new RegExp(
      `^${AT}\\s*\\$${order.total.replace('.', '\\.')} of the Cash payment refunded by Morgan Manager: ` +
        `“Customer returned one\\.” · Items back: 1 × .+ \\(\\$\\d+\\.\\d\\d\\); put back in stock$`,
    ),
  );
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-order-history-items-back-1280');

  const adjustments = new AdjustmentsPage(page);
  await office.show('Products');
  await adjustments.showHistory();
  const reason = page.getByRole('search', { name: 'Adjustments' }).getByLabel('Reason');
  await reason.selectOption({ label: 'Returned by customer' });
  await expect(adjustments.rows).toHaveCount(1);
  await expect(adjustments.rows.first()).toContainText('Returned by customer');
  await expect(adjustments.rows.first()).toContainText(`Order ${order.orderNumber}`);
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'adjustments-returned-by-customer-1280');
});
