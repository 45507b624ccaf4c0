import type { Page } from '@playwright/test';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { asManager } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, placeOnline, type PlacedOrder } from '../support/online-orders-api.js';
import { DEMO, type TicketLine } from '../support/service-api.js';
import { expectNoWindowScroll } from '../support/register-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';
import { wednesdayDeals } from '../support/wednesday-deals.js';

// A store of its own: its deals and its loyalty programme price and greet this file's orders only.
test.use({ serviceOptions: { args: [], env: {}, own: 'hand-over-deals' } });

/** An order as its creation answered it, with what the deals took off each line and in all. */
type DealtOrder = Omit<PlacedOrder, 'items'> & {
  discount: string;
  items: (TicketLine & { discounts: { name: string; amount: string }[] })[];
};

/** "3 pre-rolls for $20 −$10.91" for each deal the service says took something off the line of `name`. */
function dealsOf(order: DealtOrder, name: string): string[] {
  const line = order.items.find((item) => item.name === name)!;
  return line.discounts.map((deal) => `${deal.name} −$${deal.amount}`);
}

const checkoutOf = (page: Page) => page.locator('section.checkout');

test('an online order with deals and a promo code: the hand-over review and the pole display explain each line’s deals and the code and greet the customer with her points; a return of it says the points it moved', async ({
  page,
  service,
  api,
}, testInfo) => {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  await wednesdayDeals(api);
  const maria = await addCustomer(api, 'Maria', 'Garcia');
  await asManager(api, 'POST', `/v2.0/dispensary/demo/customers/${maria}/loyalty/adjustments`, {
    points: 500,
    reason: 'Welcome points',
  });
  const prerolls = (await api.products('PREROLL', 50)).filter((product) => !product.deli);
  const edible = (await api.products('EDIBLE', 50)).find((product) => !product.deli)!;
  // Three pre-rolls (the bundle) and an edible (Wednesday's 20 % off), the shopper's SPRING10 on all of them.
  const order = (await placeOnline(
    api,
    [
      { productId: prerolls[0]!.productId, quantity: 2 },
      { productId: prerolls[1]!.productId, quantity: 1 },
      { productId: edible.productId, quantity: 1 },
    ],
    maria,
    // Two reward dollars: 200 of her 500 points spent as the order was placed.
    { promoCodes: ['spring10'], rewardDollars: 2 },
  )) as DealtOrder;
  const names = order.items.map((item) => item.name);
  const [bundled, edibleName] = [names[0]!, names[2]!];
  expect(dealsOf(order, bundled)).toEqual([
    expect.stringMatching(/^3 pre-rolls for \$20 /),
    expect.stringMatching(/^Spring code /),
  ]);
  const codeSaved = order.items
    .flatMap((item) => item.discounts)
    .filter((deal) => deal.name === 'Spring code')
    .reduce((sum, deal) => sum + Math.round(Number(deal.amount) * 100), 0);

  await page.setViewportSize({ width: 1280, height: 800 });
  const display = new PoleDisplayPage(await page.context().newPage());
  await display.open(service.url, 'handover-1');
  await display.login();
  await display.page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'handover-1', true);
  await queue.find(order.orderNumber);
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();

  // Each line's deals by name, with what each took off, as the cart lists them.
  for (const name of [bundled, names[1]!]) await expect(pos.lineDeals(name)).toHaveText(dealsOf(order, name));
  // The edible's own promotion first, then its deals, as on the cart and the receipt.
  await expect(pos.lineDeals(edibleName)).toHaveText([/^10% off edibles −\$\d+\.\d\d$/, ...dealsOf(order, edibleName)]);
  // The code the shopper typed, what it took off and by which deal; the totals say "Discounts".
  await expect(checkout.getByRole('list', { name: 'Promo codes' }).getByRole('listitem')).toHaveText([
    `Promo code SPRING10 — $${(codeSaved / 100).toFixed(2)} off (Spring code)`,
  ]);
  await expect(checkout.locator('dt', { hasText: /^Discounts$/ })).toBeVisible();
  await expect(checkout.getByTestId('totals-discount')).toHaveText(`−$${order.discount.replace('-', '')}`);
  // Her reward dollars too, so the figures add up to the total.
  await expect(checkout.locator('dt', { hasText: /^Reward dollars$/ })).toBeVisible();
  await expect(checkout.getByTestId('hand-over-total')).toHaveText(`$${order.total}`);

  // Meanwhile the display shows the order as a cart: its lines with their deals, its total, Maria and her points.
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'cart');
  await expect(display.lines).toHaveCount(3);
  await expect(display.savings(bundled)).toHaveText(dealsOf(order, bundled).map((deal) => deal.replace(' −', '−')));
  await expect(display.total).toHaveText(`$${order.total}`);
  await expect(display.page.getByRole('heading', { level: 1 })).toHaveText('Hi Maria, your order');
  await expect(display.points).toHaveText('300 points');

  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await keepScreenshot(page, testInfo, 'hand-over-deals-1280x800');
  await display.screenshot(testInfo, 'display-hand-over-review-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoWindowScroll(page, { width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'hand-over-deals-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Paid at the counter, the display keeps the order and greets Maria with her points, as a sale does.
  await checkout.getByRole('button', { name: 'Take payment here' }).click();
  await expect(pos.widget.main).toContainText(`Amount due: $${order.total}`);
  await expect(display.points).toHaveText('300 points');
  await expect(display.savings(bundled)).toHaveText(dealsOf(order, bundled).map((deal) => deal.replace(' −', '−')));
  await display.screenshot(testInfo, 'display-hand-over-pay-1280x800');
  await pos.payCashInWidget(`$${order.total}`);
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  await display.expectThanks(order.orderNumber);
  await pos.newSale();

  // She brings the bar back: the return says what it moved of her points, as the back office's order does.
  const dialog = await pos.openReturn(order.orderNumber);
  await dialog.getByRole('button', { name: new RegExp(`^All 1 of ${edibleName}`) }).click();
  await dialog.getByRole('button', { name: 'Wrong item' }).click();
  await dialog.getByRole('button', { name: 'Morgan Manager' }).click();
  await dialog.getByLabel("Manager's PIN").fill('2580');
  await dialog.getByRole('button', { name: /^Refund \$\d+\.\d\d in cash$/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('return-done')).toContainText(
    'refunded in cash: hand it to the customer from the drawer.',
  );
  const history = await api.call<{ steps: { kind: string; points?: { takenBack: number; givenBack: number } }[] }>(
    'GET',
    `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/history`,
    undefined,
    { ...DEMO.client, authorization: `Bearer ${await api.token('manager')}` },
  );
  const moved = history.steps.find((step) => step.kind === 'refund')!.points!;
  expect(moved.takenBack).toBeGreaterThan(0);
  expect(moved.givenBack).toBeGreaterThan(0);
  await expect(page.getByTestId('return-points')).toHaveText(
    `Loyalty: ${moved.takenBack} point${moved.takenBack === 1 ? '' : 's'} taken back, ${moved.givenBack} given back.`,
  );
  await keepScreenshot(page, testInfo, 'return-points-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'return-points-1024x768', { fullPage: false });
});
