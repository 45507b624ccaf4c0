import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';
import { payByCard, placeOnline } from '../support/online-orders-api.js';
import { DEMO } from '../support/service-api.js';

// A PIN pad that waits ten minutes for the card: the display is seen while the cashless ATM waits,
// however long a busy machine takes over the screenshots (no card is presented).
test.use({
  serviceOptions: { args: ['--pinpad-delay-ms', '600000'], env: { SERVICEPAY_E2E_FILE: 'display-paid-before' } },
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('the display’s payment screen says what is left of the total and what was paid, and what a cashless ATM hands back', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer(); // a cashless ATM's cash back comes out of the register's drawer
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  const [product] = (await api.products('PREROLL', 50)).filter((each) => !each.deli);
  const order = await placeOnline(api, [{ productId: product!.productId, quantity: 6 }]);
  const total = Math.round(Number(order.total) * 100);
  expect(await payByCard(api, order.orderNumber, '50.00')).toBe('approved');
  const left = total - 5000;

  // The register hands what is left of the order to its display, as the POS does at the counter.
  await api.call(
    'PUT',
    '/v2.0/dispensary/demo/display/front-1',
    JSON.stringify({
      phase: 'payment',
      lines: [],
      totals: { subtotal: total, discount: 0, tax: 0, rewardDollars: 0, total },
      payment: {
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        amount: left,
        taxes: 0,
        discount: 0,
        rewardDollars: 0,
      },
    }),
    {
      ...DEMO.client,
      authorization: `Bearer ${await api.token('cashier')}`,
      'content-type': 'application/json',
    },
  );
  await expect(display.widget.heading).toHaveText('How would you like to pay?');
  const figures = display.page.getByTestId('payment-figures');
  await expect(figures).toHaveText(`${dollars(left)} left of ${dollars(total)}; $50.00 paid`);
  // The widget is below the figures, not under them.
  const band = (await figures.boundingBox())!;
  const widget = (await display.widget.container.boundingBox())!;
  expect(widget.y).toBeGreaterThanOrEqual(band.y + band.height - 1);
  await display.screenshot(testInfo, 'display-paid-before-1920');

  await display.widget.method(/^Cashless ATM/).click();
  const charged = Math.ceil(left / 1000) * 1000;
  await expect(figures).toContainText(
    `Cashless ATM: your card is charged ${dollars(charged)}, rounded up to the next $10. ` +
      `You get ${dollars(charged - left)} back in cash.`,
  );
  await expect(display.widget.heading).toHaveText('Insert, tap or swipe the card');
  await display.screenshot(testInfo, 'display-cashless-atm-1920');
  // An 800 × 480 display: the figures and the PIN pad's wait both in view.
  await display.page.setViewportSize({ width: 800, height: 480 });
  await expect(figures).toBeInViewport({ ratio: 1 });
  await display.screenshot(testInfo, 'display-cashless-atm-800x480');
});
