import { PaymentWidget } from '../pages/payment-widget.js';
import { payByCard } from '../support/online-orders-api.js';
import { expect, test } from '../support/sdk-fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

/**
 * The order changes on the service while the widget shows it, and the page sends no new payment
 * event: the widget's "Amount due" is the order's balance now, and paying the old amount is refused
 * in words that say what is paid and what is left.
 */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The store changes the order's first line to `quantity` (README "Changing an order's lines"); answers its new total. */
async function changeFirstLine(api: ServiceApi, orderId: string, quantity: number): Promise<number> {
  const ticket = await api.call<{ total: string }>(
    'POST',
    `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/lines`,
    JSON.stringify({ changes: [{ lineIndex: 1, quantity }] }),
    { ...DEMO.client, authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' },
  );
  return Math.round(Number(ticket.total) * 100);
}

test('lines changed on the service: "Amount due" follows at once, and the old total is refused in words', async ({
  host,
  widget,
  sdk,
  api,
}) => {
  const ticket = await sdk.ticket(2);
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('How would you like to pay?');
  const amount = widget.main.locator('.summary .amount');
  await expect(amount).toContainText(`Amount due: ${dollars(ticket.total)}`);

  const total = await changeFirstLine(api, ticket.orderId, 1);
  expect(total).toBeLessThan(ticket.total);
  await expect(amount).toContainText(`Amount due: ${dollars(total)}`);

  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.main).toContainText(
    `This order has ${dollars(total)} left to pay, not ${dollars(ticket.total)}. Reload the page to pay ${dollars(total)}.`,
  );
  await expect(widget.main).not.toContainText('already paid');
});

test('part of the order paid elsewhere meanwhile: the widget says what is paid of what, and what is left', async ({
  host,
  widget,
  sdk,
  api,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('How would you like to pay?');

  expect(await payByCard(api, ticket.orderNumber, '1.00')).toBe('approved');
  const left = ticket.total - 100;
  await expect(widget.main.locator('.summary .amount')).toContainText(`Amount due: ${dollars(left)} ($1.00 paid)`);

  await widget.method('Cash').click();
  await widget.frame.getByLabel('Cash received ($)').fill((ticket.total / 100).toFixed(2));
  await widget.button('Take cash').click();
  await expect(widget.main).toContainText(
    `$1.00 of ${dollars(ticket.total)} is already paid; ${dollars(left)} is left. Reload the page to pay ${dollars(left)}.`,
  );
  await expect
    .poll(async () => (await host.responses()).at(-1))
    .toMatchObject({ eventType: 'PAYMENT_ERROR', details: { balanceDue: left, requestedAmount: ticket.total } });
});
