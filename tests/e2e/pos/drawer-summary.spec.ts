import { formatMoney } from '../../../shared/money.js';
import { openDrawer, signInAt } from '../backoffice/drawers-for-test.js';
import { payInCash, type TestOrder } from '../backoffice/orders-for-test.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { expectNoWindowScroll, REGISTER_SIZES } from '../support/register-sizes.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** A ticket rung up at the register (a discount by hand needs one): the manager there approves their own. */
async function ticketAt(api: ServiceApi, token: string, extra: object = {}) {
  const product = (await api.products('PREROLL'))[0]!;
  return api.call<TestOrder & { manualDiscounts: { discount: string }[] }>(
    'POST',
    '/v2.0/dispensary/demo/ecommerce/ticket',
    JSON.stringify({ type: 'PICKUP', items: [{ productId: product.productId, quantity: 2 }], ...extra }),
    { ...DEMO.client, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  );
}

test("the register's X and Z reports say the shift's sales from gross to what was taken, as the back office does: discounts by hand, paid toward open orders", async ({
  page,
  service,
  api,
}, testInfo) => {
  const terminal = `sum-${crypto.randomUUID().slice(0, 6)}`;
  const register = await signInAt(api, terminal, 'manager');
  await openDrawer(api, register, 10_000);
  // A sale with 10 % off by hand, paid in cash; an order paid but its last $1.00, left open.
  const byHand = await ticketAt(api, register.token, {
    manualDiscounts: [{ percent: 10, reason: 'Damaged package' }],
  });
  await payInCash(api, byHand, 0, register.token);
  const manual = cents(byHand.manualDiscounts[0]!.discount);
  expect(manual).toBeGreaterThan(0);
  const open = await ticketAt(api, register.token);
  await payInCash(api, open, -100, register.token);
  const toward = cents(open.total) - 100;
  const taken = cents(byHand.total) + toward;

  const [small] = REGISTER_SIZES;
  await page.setViewportSize(small!);
  const pos = new PosPage(page);
  await pos.open(service.url, terminal);
  await pos.login('cashier', 'cashier-demo-1');
  await pos.drawer.show();
  await page.getByRole('button', { name: 'X report' }).click();
  await expect(page.getByTestId('report-title')).toHaveText(`X report · Register ${terminal}`);

  const summary = page.getByTestId('report-summary');
  const line = (label: string) => summary.locator(`tr[data-line="${label}"] td`);
  const expectSummary = async () => {
    await expect(summary.getByRole('heading', { name: 'Sales: gross to net to what was taken' })).toBeVisible();
    await expect(line('By hand')).toHaveText(`−${formatMoney(manual)}`);
    await expect(line('Paid toward open orders')).toHaveText(formatMoney(toward));
    await expect(line('Total taken')).toHaveText(formatMoney(taken));
    await expect(summary.locator('tr[data-line] th')).toContainText(['Gross sales', 'Discounts', 'By hand']);
    await expect(summary.locator('.paid-apart')).toHaveText(
      `${formatMoney(toward)} was paid toward orders this shift did not complete (a deposit or part of an order): ` +
        'it is in the payments, and in the sales of the shift that completes each order.',
    );
    // The sales beside it say what the summary does not: no discounts twice.
    await expect(page.locator('[aria-labelledby="sales-title"] .report-totals dt')).toHaveText([
      'Sales',
      'Customers',
      'Tips',
    ]);
  };
  await expectSummary();
  expect(await axeViolations(page)).toEqual([]);
  await summary.scrollIntoViewIfNeeded();
  await pos.screenshot(testInfo, `x-report-summary-${small!.width}x${small!.height}`);

  await pos.drawer.closeWithAmount(((10_000 + taken) / 100).toFixed(2));
  await expect(page.getByTestId('report-title')).toHaveText(`Z report 1 · Register ${terminal}`);
  await expect(page.getByTestId('report-over-short')).toHaveText('balanced');
  await expectSummary();
  await expectNoWindowScroll(page, small!);
  expect(await axeViolations(page)).toEqual([]);
  for (const size of [small!, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await summary.scrollIntoViewIfNeeded();
    await pos.screenshot(testInfo, `z-report-summary-${size.width}x${size.height}`);
  }
});
