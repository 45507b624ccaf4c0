import { freePort } from '../../support/service-process.js';
import { ExampleShopPage } from '../pages/example-shop-page.js';
import { PaylinkPage } from '../pages/paylink-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { sandboxCarts } from '../../support/example-sandbox-carts.js';
import { startShop, startShopWithoutPartner, startShopWithWebhooks } from '../support/example-shop.js';
import { keepScreenshot } from '../support/screenshots.js';
import { DEMO } from '../support/service-api.js';
import { expect, SDK_SERVICE, test as sdkTest } from '../support/sdk-fixtures.js';

/**
 * The integrator examples (examples/): the example shop runs as its own server on another origin
 * against the file's service, registered as its partner, and is used as a customer would.
 */
const test = sdkTest.extend<{ shop: string }>({
  // One shop for the file's tests, started at the first and stopped with the service.
  shop: [
    async ({ services, serviceOptions, engine, service, api }, use) => {
      const shop = await services.helper(serviceOptions, engine, 'example-shop', async () => {
        const port = await freePort();
        return { value: `http://127.0.0.1:${port}`, stop: await startShop(api, service, port) };
      });
      await use(shop);
    },
    { timeout: 30_000 },
  ],
});

// A service of its own, as its example shop and the webhook endpoint of its last test are: no other
// file's orders go to them.
test.use({ serviceOptions: { ...SDK_SERVICE, own: 'sdk-examples' } });

test('checkout (redirect) on a 320 px phone: the quoted total, a ticket made server-side for it, paid by card with a shopper token; the order is then said paid and not offered to pay at pickup', async ({
  page,
  shop,
  service,
}, testInfo) => {
  // Most shoppers pay on a phone: the smallest common one, 320 px wide.
  await page.setViewportSize({ width: 320, height: 568 });
  const secrets: string[] = [];
  page.on('response', async (response) => {
    if (response.url().startsWith(shop)) secrets.push(await response.text().catch(() => ''));
  });
  const sdkToken = page.waitForResponse(`${shop}/api/sdk-token`);
  const widget = new PaymentWidget(page);
  await page.goto(`${shop}/checkout?delivery=redirect`);
  await expect(page.locator('.servicepay-payment-options-banner')).toHaveText(
    'We accept Credit card and Bank transfer (ACH).',
  );
  const checkout = new ExampleShopPage(page, shop);
  // The total as the service quotes it, before anything is ordered: what the widget then asks.
  await expect(checkout.total).toHaveText(/^Total \$\d+\.\d{2}, tax \$\d+\.\d{2} included$/);
  const total = /\$\d+\.\d{2}/.exec((await checkout.total.textContent())!)![0];
  await checkout.placeOrder.click();
  await expect(page.locator('#order-summary')).toHaveText(new RegExp(`^Order [A-Z0-9]{6}: \\${total}$`));
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Pay by card');
  await expect(widget.button(/^Pay \$/)).toHaveText(`Pay ${total}`);
  // Every field of the card form in the frame, its expiry and security code side by side.
  expect(await widget.cutOff()).toEqual([]);
  await widget.fillCard(PaymentWidget.CARD);
  await widget.frame.getByLabel('Security code').scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'shop-card-320x568', { fullPage: false });
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  // The shop's page never scrolls sideways (its own long words wrap).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await expect(checkout.orderStatus).toHaveText(/^Order [A-Z0-9]{6} is paid\.$/);
  // Paid: paying at pickup is no longer offered, and the shopper reads why.
  await expect(checkout.payAtPickup).toBeDisabled();
  await expect(checkout.payAtPickup).toHaveAccessibleDescription('Paying at pickup is not offered: the order is paid.');
  await expect(page.locator('#events')).toContainText('PAYMENT_APPROVED: Payment approved');
  // The API client secret and the partner key stay on the shop's server.
  expect(secrets.join('\n')).not.toContain('sps_demo_secret');
  expect(secrets.join('\n')).not.toContain('PRIVATE KEY');
  // The token the browser was given paid, and is a shopper's: the store's customers, orders and
  // payments are not its to read.
  const { token } = (await (await sdkToken).json()) as { token: string };
  for (const path of [
    '/v2.0/dispensary/demo/customers',
    '/v2.0/dispensary/demo/ecommerce/tickets',
    '/v2.0/payments?dispensaryShortName=demo',
  ]) {
    const read = await fetch(`${service.url}${path}`, {
      headers: { ...DEMO.client, authorization: `Bearer ${token}` },
    });
    expect([path, read.status, ((await read.json()) as { resultDetail: string }).resultDetail]).toEqual([
      path,
      403,
      expect.stringMatching(/^the shopper role does not have the \S+ permission$/),
    ]);
  }
});

test('without a partner key the shop refuses to start, and says which commands set one up', () => {
  // Never a staff token in its place: the browser would get a manager's reach.
  const { status, stderr } = startShopWithoutPartner();
  expect(status).toBe(1);
  expect(stderr).toContain(
    'Missing: --partner-key (EXAMPLE_PARTNER_KEY), --cert-id (EXAMPLE_CERT_ID), --org-id (EXAMPLE_ORG_ID).',
  );
  expect(stderr).toContain('npx servicepay jwt keygen --out .data/example-partner');
  expect(stderr).toContain('npx servicepay partners add "Example shop" --org <organization id>');
  expect(stderr).toContain('npm run example -- --partner-key .data/example-partner/private.pem --cert-id <certId>');
});

test('checkout (redirect): ACH opens the bank page in a new tab; the order is said paid by bank transfer', async ({
  page,
  shop,
}) => {
  const widget = new PaymentWidget(page);
  await page.goto(`${shop}/checkout?delivery=redirect`);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  const tab = page.waitForEvent('popup');
  await widget.method('Bank transfer (ACH)').click();
  const checkout = new PaylinkPage(await tab);
  await checkout.fill();
  await checkout.authorize();
  await expectPaidByBank(new ExampleShopPage(page, shop));
});

test('checkout (iframe): ACH in the overlay; the order is said paid by bank transfer', async ({ page, shop }) => {
  const widget = new PaymentWidget(page);
  await page.goto(`${shop}/checkout?delivery=iframe`);
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await widget.method('Bank transfer (ACH)').click();
  const checkout = PaylinkPage.inOverlay(page);
  await checkout.fill();
  await checkout.authorize();
  await expectPaidByBank(new ExampleShopPage(page, shop));
  await expect(page.locator('#paylink-_servicepay')).toHaveCount(0);
});

/** The checkout once an ACH payment is authorized: the order in words, and pay at pickup no longer offered. */
async function expectPaidByBank(checkout: ExampleShopPage): Promise<void> {
  await expect(checkout.orderStatus).toHaveText(
    /^Order [A-Z0-9]{6} is paid by bank transfer: your bank authorized it, and it is taken when you pick the order up\.$/,
  );
  await expect(checkout.payAtPickup).toBeDisabled();
  await expect(checkout.payAtPickup).toHaveAccessibleDescription(
    'Paying at pickup is not offered: your bank payment covers the order.',
  );
}

test("the shopper's own cart on a 390 px phone: quantities refused in words, the quote of a sandbox cart of examples/README.md, declined, then paid at pickup", async ({
  page,
  shop,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const checkout = new ExampleShopPage(page, shop);
  const widget = new PaymentWidget(page);
  await page.goto(`${shop}/checkout?delivery=redirect`);
  await expect(checkout.placeOrder).toBeEnabled();

  // Nothing chosen, or a quantity no one can order: nothing is quoted or ordered, and the page says why.
  await checkout.chooseCart([{ name: 'Snickerdoodle Cookie', quantity: 0 }]);
  await expect(checkout.total).toHaveText('Your cart is empty: choose how many of a product to buy.');
  await expect(checkout.placeOrder).toBeDisabled();
  await expect(checkout.payAtPickup).toBeDisabled();
  await checkout.quantity('Snickerdoodle Cookie').fill('1.5');
  const refused = 'How many Snickerdoodle Cookie: a whole number, 0 for none.';
  await expect(checkout.cartProblem).toHaveText(refused);
  await expect(checkout.placeOrder).toBeDisabled();
  await expect(checkout.placeOrder).toHaveAccessibleDescription(refused);
  await expect(checkout.payAtPickup).toHaveAccessibleDescription(refused);
  const stock = Number(await checkout.quantity('Snickerdoodle Cookie').getAttribute('max'));
  await checkout.quantity('Snickerdoodle Cookie').fill(String(stock + 1));
  await expect(checkout.cartProblem).toHaveText(
    `Only ${stock} Snickerdoodle Cookie are in stock: choose ${stock} or fewer.`,
  );
  await keepScreenshot(page, testInfo, 'example-shop-cart-refused-390x844', { fullPage: false });

  // The README's cart that comes to a total the sandbox declines (.51): its total is shown first.
  const declined = sandboxCarts().find((cart) => cart.total % 100 === 51)!;
  await checkout.chooseCart(declined.lines);
  await expect(checkout.cartProblem).toBeHidden();
  const total = `$${(declined.total / 100).toFixed(2)}`;
  await expect(checkout.total).toHaveText(new RegExp(`^Total \\${total}, tax \\$\\d+\\.\\d{2} included$`));
  await expect(checkout.placeOrder).toBeEnabled();
  await keepScreenshot(page, testInfo, 'example-shop-cart-390x844');
  await checkout.placeOrder.click();
  await expect(page.locator('#order-summary')).toHaveText(new RegExp(`^Order [A-Z0-9]{6}: \\${total}$`));
  // Placed, the order's items no longer change here.
  await expect(checkout.quantity(declined.lines[0]!.name)).toBeDisabled();
  // The widget names the store the order is picked up at (init's entityName), not the organization owning it.
  const number = /Order ([A-Z0-9]{6})/.exec((await page.locator('#order-summary').textContent())!)![1]!;
  await expect(widget.frame.locator('.merchant')).toHaveText(`Green Valley Dispensary · Order ${number}`);
  await expect(widget.frame.getByRole('heading', { level: 1 })).toHaveText('Payment to Green Valley Dispensary');
  await widget.container.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'example-shop-widget-store-390x844', { fullPage: false });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(`Pay ${total}`).click();
  await expect(widget.heading).toHaveText('Payment declined');

  // Still unpaid: paying at pickup opens that order, never places another.
  await expect(checkout.orderStatus).toHaveText('');
  await keepScreenshot(page, testInfo, 'example-shop-declined-390x844');
  await page.getByRole('button', { name: 'Pay at pickup instead' }).click();
  await expect(checkout.paid).toHaveText(`Pay ${total} at pickup (bring your ID).`);
});

test('single-page app: leaving the payment view tears the SDK down; coming back initializes it again', async ({
  page,
  shop,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));
  const widget = new PaymentWidget(page);
  await page.goto(`${shop}/spa/#/pay`);
  await expect(widget.method('Credit card')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the cart' }).click();
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.evaluate(() => '_servicepay' in window || 'loaded-_servicepay' in window)).toBe(false);
  await page.getByRole('link', { name: 'Go to payment' }).click();
  await expect(page.getByText('Payment page opened 2 time(s).')).toBeVisible();
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  await expect(page.locator('#events li')).toHaveText(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
  expect(errors).toEqual([]);
});

test('pay at pickup: the shop places the order unpaid and its page shows every stage the store reaches, as it happens', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A shop of its own, told of the store's orders by webhook (its endpoint's secret in its env).
  const manager = { authorization: `Bearer ${await api.token('manager')}`, 'content-type': 'application/json' };
  const shop = await startShopWithWebhooks(api, service);
  try {
    const customer = new ExampleShopPage(page, shop.url);
    const orderNumber = await customer.orderToPayAtPickup();
    await expect(customer.paid).toHaveText(/^Pay \$\d+\.\d{2} at pickup \(bring your ID\)\.$/);
    // The page opened before the shop was told of the order: it says so once told, never reloaded.
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await customer.expectTold('order.created', 'Order received');
    const { orderId, total } = await api.ticketByNumber(orderNumber);

    const staff = { ...DEMO.client, ...manager };
    const stage = (status: string) =>
      api.call('POST', `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`, JSON.stringify({ status }), staff);
    await stage('IN_PROCESS');
    await stage('PACKED_READY');
    await customer.expectTold('order.ready', 'Packed and ready for pickup');
    await expect(customer.stage).toHaveText('Your order is ready for pickup');
    await keepScreenshot(page, testInfo, 'example-order-ready');

    // At the counter: paid by card on the virtual terminal, then handed over.
    const session = await api.call<{ session: { sessionId: string } }>(
      'POST',
      '/v2.0/payments/sessions',
      JSON.stringify({
        entityId: await api.organizationId(),
        channel: 'virtual_terminal',
        ticketAlphaNumId: orderNumber,
        originalAmount: Math.round(Number(total) * 100),
      }),
      manager,
    );
    await api.call(
      'POST',
      `/v2.0/payments/sessions/${session.session.sessionId}/payments`,
      JSON.stringify({ paymentMethod: 'Credit', card: PaymentWidget.CARD }),
      { ...manager, 'idempotency-key': `pickup-${orderNumber}` },
    );
    await customer.expectTold('order.paid', 'Payment received');
    await expect(customer.paid).toHaveText('Paid.');
    await stage('COMPLETED');
    await customer.expectTold('order.completed', 'Picked up');
    await expect(customer.stage).toHaveText('Picked up. Thank you!');
    await expect(customer.news).toHaveText([
      'Order received',
      'The store started picking it',
      'Packed and ready for pickup',
      'Payment received',
      'Picked up',
    ]);
    expect(loads).toEqual([]);
  } finally {
    shop.stop();
  }
});
