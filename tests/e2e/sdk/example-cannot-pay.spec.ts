import type { Page } from '@playwright/test';
import { cli, freePort } from '../../support/service-process.js';
import { ExampleShopPage } from '../pages/example-shop-page.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { launchShop } from '../support/example-shop.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, SDK_SERVICE, test } from '../support/sdk-fixtures.js';

/**
 * The example shop's checkout when the SDK cannot start (examples/public/checkout.js): the page says
 * why under "Place order and pay", which stays disabled, in the SDK's words for the shopper (init's
 * onInitFailed), or in its own when the SDK's script does not load at all; the console keeps the
 * service's reason for the integrator. Each test starts a shop of its own partner.
 */

// A service of its own: a partner is disabled here, and no other file's orders come to its shops.
test.use({ serviceOptions: { ...SDK_SERVICE, own: 'sdk-example-cannot-pay' } });

/** What the page printed to its console as errors, and anything thrown into it. */
function watchConsole(page: Page): { errors: string[]; thrown: string[] } {
  const seen = { errors: [] as string[], thrown: [] as string[] };
  page.on('console', (message) => void (message.type() === 'error' && seen.errors.push(message.text())));
  page.on('pageerror', (error) => seen.thrown.push(error.message));
  return seen;
}

test('ready: "Place order and pay" is enabled, nothing is said against it, and a card pays the order', async ({
  page,
  api,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const shop = await launchShop(api, service, await freePort());
  try {
    const checkout = new ExampleShopPage(page, shop.url);
    const { thrown } = watchConsole(page);
    await page.goto(`${shop.url}/checkout?delivery=redirect`);
    await expect(checkout.placeOrder).toBeEnabled();
    await expect(checkout.cannotPay).toBeHidden();
    await expect(checkout.placeOrder).toHaveAccessibleDescription('');
    await keepScreenshot(page, testInfo, 'example-shop-ready-1280x800', { fullPage: false });

    const widget = new PaymentWidget(page);
    await checkout.placeOrder.click();
    await widget.method('Credit card').click();
    await widget.fillCard(PaymentWidget.CARD);
    await widget.button(/^Pay \$/).click();
    await expect(widget.heading).toHaveText('Payment approved');
    await expect(checkout.orderStatus).toHaveText(/^Order [A-Z0-9]{6} is paid\.$/);
    await expect(checkout.payAtPickup).toBeDisabled();
    await checkout.payAtPickup.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'example-shop-paid-1280x800', { fullPage: false });
    expect(thrown).toEqual([]);
  } finally {
    shop.stop();
  }
});

test('a token the service refuses (the partner disabled): the shopper reads why and what to do; the console keeps the reason', async ({
  page,
  api,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const shop = await launchShop(api, service, await freePort());
  try {
    const checkout = new ExampleShopPage(page, shop.url);
    // Opened once: the shop has its tokens, and hands the browser its shopper token from then on.
    await page.goto(`${shop.url}/checkout?delivery=redirect`);
    await expect(checkout.placeOrder).toBeEnabled();
    cli(service.dataDir, ...service.databaseArgs, 'partners', 'disable', shop.certId);

    const { errors, thrown } = watchConsole(page);
    await page.reload();
    const words =
      'The payment form could not load. The shop could not start the payment. Reload the page, or contact the shop.';
    await expect(checkout.cannotPay).toHaveText(words);
    await expect(page.getByRole('alert')).toHaveText(words);
    await expect(checkout.placeOrder).toBeDisabled();
    await expect(checkout.placeOrder).toHaveAccessibleDescription(words);
    // The shop's server is refused too: its cart says so, in words.
    await expect(checkout.cart).toHaveText(['Your cart could not be loaded. Reload the page, or contact the shop.']);
    await expect(checkout.payAtPickup).toBeDisabled();
    await keepScreenshot(page, testInfo, 'example-shop-token-refused-1280x800', { fullPage: false });
    // The integrator's console has the service's reason, which the shopper does not read.
    expect(errors).toContain(
      '[_servicepay] init failed: The shop could not start the payment. Reload the page, or contact the shop. (the service answered: partner is disabled)',
    );
    expect(errors).toContain('the cart could not be loaded: partner is disabled');
    expect(thrown).toEqual([]);
  } finally {
    shop.stop();
  }
});

test('the service not reachable: the SDK never loads, and the page says so when it has loaded', async ({
  page,
  api,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A shop told to find ServicePay on a port where nothing answers.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const shop = await launchShop(api, service, await freePort(), {}, nowhere);
  try {
    const checkout = new ExampleShopPage(page, shop.url);
    const { errors, thrown } = watchConsole(page);
    await page.goto(`${shop.url}/checkout?delivery=redirect`);
    const words =
      'The payment form could not load. The payment service cannot be reached. Check the connection, then reload the page.';
    await expect(checkout.cannotPay).toHaveText(words);
    await expect(checkout.placeOrder).toBeDisabled();
    await expect(checkout.placeOrder).toHaveAccessibleDescription(words);
    await expect(checkout.cart).toHaveText(['Your cart could not be loaded. Reload the page, or contact the shop.']);
    await keepScreenshot(page, testInfo, 'example-shop-service-unreachable-1280x800', { fullPage: false });
    expect(errors).toContain(`the cart could not be loaded: ServicePay cannot be reached at ${nowhere}`);
    expect(thrown).toEqual([]);
  } finally {
    shop.stop();
  }
});
