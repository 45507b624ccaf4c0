import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, payByCard, placeOnline } from '../support/online-orders-api.js';
import { keepScreenshot } from '../support/screenshots.js';
import { DEMO } from '../support/service-api.js';

// A service of this file's own: its orders are the only ones in the queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'part-paid-counter' } } });

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('an online order paid in part elsewhere while its rest is taken here: said from the refusal’s figures, then asked again for what is left', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-9', true);
  const [product] = (await api.products('PREROLL', 50)).filter((each) => !each.deli);
  const lin = await addCustomer(api, 'Lin', 'Chen');
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 2 }], lin);
  const total = Math.round(Number(order.total) * 100);
  const badge = queue.card(order.orderNumber).getByTestId('payment');
  await expect(badge).toHaveText('Not paid');
  // $1.00 of it paid by card online before it reaches the counter, while the queue is open: its card
  // says so without the tab being read again by hand (the order's status stays as it was).
  expect(await payByCard(api, order.orderNumber, '1.00')).toBe('approved');
  await expect(badge).toHaveText(`Paid $1.00 of ${dollars(total)}`);
  await keepScreenshot(page, testInfo, 'part-paid-queue-1280');
  // Today's orders says it too, from the list's own figures, live.
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await expect(pos.recentOrder(order.orderNumber)).toContainText('Partly paid');
  await keepScreenshot(page, testInfo, 'part-paid-today-1280');
  await queue.open();

  await queue.find(order.orderNumber);
  const checkout = page.locator('section.checkout');
  await expect(checkout.getByTestId('hand-over-paid')).toHaveText('$1.00');
  await expect(checkout.getByTestId('hand-over-due')).toHaveText(dollars(total - 100));

  await checkout.getByRole('button', { name: 'Take payment here' }).click();
  await expect(pos.widget.method('Cash')).toBeVisible();
  // Another $2.00 is paid elsewhere while the counter's payment is open for the rest.
  expect(await payByCard(api, order.orderNumber, '2.00')).toBe('approved');
  const left = total - 300;
  await pos.widget.method('Cash').click();
  await pos.widget.frame.getByLabel('Cash received ($)').fill((total / 100 + 5).toFixed(0));
  await pos.widget.button('Take cash').click();

  const status = checkout.locator('.checkout-status');
  await expect(status).toHaveText(
    `Order ${order.orderNumber} has ${dollars(left)} left to pay, not ${dollars(total - 100)}: ` +
      'part of it is paid already. Take the payment again.',
  );
  // Said once: the refusal's words say what is left, and no "Paid · due" line beside them.
  await expect(checkout.getByTestId('checkout-balance')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'part-paid-refusal-1280');

  // The widget asks again at once, for what is left.
  await expect(pos.widget.main).toContainText(`Amount due: ${dollars(left)}`);
  await pos.payCashInWidget(dollars(left));
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  // The done screen lists its payments in the order they were taken: $1.00, then $2.00, then the cash.
  const figures = page.locator('.result-figures');
  await expect(figures.locator('dt')).toHaveText([/^Total/, /^Credit/, /^Credit/, /^Cash/, /^Change due/]);
  await expect(figures.locator('dd').nth(1)).toHaveText('$1.00');
  await expect(figures.locator('dd').nth(2)).toHaveText('$2.00');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `part-paid-done-${size.width}`, { fullPage: false });
  }
});

test('a sale paid in part at the counter offers no cancel, says why and what to do, and offers it again once a manager voids the payment', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-10');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const total = Math.round(Number((await pos.settled()).replace(/[$,]/g, '')) * 100);
  const orderNumber = await pos.payHere();
  const cancel = page.getByRole('button', { name: 'Cancel order, back to cart' });
  await expect(cancel).toBeVisible();

  // $10.00 in cash, less than due: taken at the second tap.
  await pos.widget.method('Cash').click();
  await pos.widget.frame.getByLabel('Cash received ($)').fill('10');
  await pos.widget.button('Take cash').click();
  await pos.widget.button(`Take $10.00 of ${dollars(total)}`).click();
  const checkout = page.locator('section.checkout');
  // The widget says what is paid and left, once: neither a notice nor a "Paid · due" line repeats it.
  await expect(pos.widget.frame.locator('.notice')).toHaveText(`$10.00 paid. ${dollars(total - 1000)} left to pay.`);
  await expect(checkout.getByTestId('checkout-balance')).toHaveCount(0);
  await expect(checkout.getByTestId('checkout-notice')).toHaveCount(0);
  const held = checkout.getByTestId('cancel-held');
  await expect(held).toHaveText(
    '$10.00 is paid, so it cannot be canceled until a manager voids that payment in the back office.',
  );
  await expect(cancel).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await expect(held).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, testInfo, `part-paid-no-cancel-${size.width}`, { fullPage: false });
  }

  // The service's guard stands for any caller, in a sentence that says what to do.
  const headers = {
    ...DEMO.client,
    authorization: `Bearer ${await api.token()}`,
    'content-type': 'application/json',
  };
  const ticket = await api.ticketByNumber(orderNumber);
  const refused = await fetch(`${service.url}/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/cancel`, {
    method: 'POST',
    headers,
    body: JSON.stringify({}),
  });
  expect(refused.status).toBe(409);
  expect(((await refused.json()) as { resultDetail: string }).resultDetail).toBe(
    `Order ${orderNumber} has $10.00 paid: void or refund its payments before canceling the order.`,
  );

  // A manager voids the cash in the back office: the register hears of it, and the cancel is back.
  const manager = { authorization: `Bearer ${await api.token('manager')}` };
  const listed = await api.call<{ payments: { id: string; status: string }[] }>(
    'GET',
    `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${orderNumber}`,
    undefined,
    manager,
  );
  const cash = listed.payments.find((each) => each.status === 'approved')!;
  await api.call('POST', `/v2.0/payments/${cash.id}/void`, undefined, manager);
  await expect(cancel).toBeVisible();
  await expect(held).toHaveCount(0);
  await cancel.click();
  // The checkout gives way to the cart once the service has canceled the order (the cart's lines show beside
  // the checkout all along, so they say nothing of the cancel).
  await expect(page.getByRole('button', { name: 'Customer pays on display' })).toBeEnabled();
  await expect(checkout).toBeHidden();
  await expect(pos.cartLines).toHaveCount(2);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'CANCELED' });
});
