import type { Locator } from '@playwright/test';
import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { keepScreenshot } from '../support/screenshots.js';
import { expect, test } from '../support/fixtures.js';
import { readReceipt } from '../support/print-frame.js';

// A store of its own: its deals price every sale, and no other file must find them.
test.use({ serviceOptions: { args: [], env: {}, own: 'deals-pos' } });

const scope = (productIds: string[]) => ({ productIds, brands: [], categories: [], tags: [] });

test('deals at the POS: a pre-roll bundle, a promo code and a cashier’s deal, explained on the cart, the display and the receipt, as the ticket keeps them', async ({
  page,
  service,
  api,
}, testInfo) => {
  // The manager's deals, through the API: a bundle, a promo code, and one the cashier may give.
  await api.setup('POST', '/deals', {
    ...{ name: '3 pre-rolls for $20', kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000 },
    scope: scope(['PRE-001', 'PRE-002']),
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Spring code', kind: 'amount', amountCents: 500, trigger: 'code', code: 'SPRING5' },
    scope: scope(['FLW-001']),
  });
  await api.setup('POST', '/deals', {
    ...{ name: 'Regulars thank-you', kind: 'amount', amountCents: 100, trigger: 'cashier' },
    scope: scope(['FLW-001']),
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  await pos.openDrawer();

  // Two Blue Dream pre-rolls and a Northern Lights: the bundle prices the three at $20.
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await page.getByRole('button', { name: 'One more Blue Dream Pre-Roll' }).click();
  await pos.addBySearch('PRE-002', 'Northern Lights Pre-Roll');
  await expect(pos.lineDeals('Blue Dream Pre-Roll')).toHaveText(['3 pre-rolls for $20 −$10.67']);
  await expect(pos.lineDeals('Northern Lights Pre-Roll')).toHaveText(['3 pre-rolls for $20 −$5.33']);
  const bundled = pos.cartLines.filter({ hasText: 'Blue Dream Pre-Roll' });
  await expect(bundled.locator('s')).toHaveText('$24.00');
  await expect(bundled.getByTestId('line-amount')).toHaveText('$13.33');
  await expect(display.savings('Blue Dream Pre-Roll')).toHaveText(['3 pre-rolls for $20−$10.67']);
  await expect(display.savings('Northern Lights Pre-Roll')).toHaveText(['3 pre-rolls for $20−$5.33']);
  await expect(display.saved).toHaveText('$16.00');
  await expect(display.total).toHaveText(await pos.settled());

  // A promo code for a flower not yet in the cart, and a wrong one: each says why it takes nothing.
  await pos.addPromoCode('spring5');
  await pos.addPromoCode('SPRNG5');
  await expect(pos.dealChip('SPRING5')).toContainText('Spring code is for Blue Dream: none is in the cart');
  await expect(pos.dealChip('SPRNG5')).toContainText('No deal has the code SPRNG5: check its spelling');
  await pos.addPromoCode('spring5');
  await expect(page.getByText('SPRING5 is on the sale already.')).toBeVisible();
  await expect(page.getByLabel('Promo code', { exact: true })).toHaveValue('spring5');
  await page.getByLabel('Promo code', { exact: true }).fill('');
  await expect(page.getByText('SPRING5 is on the sale already.')).toHaveCount(0);

  // The flower: the code applies, and the cashier gives the regulars’ dollar off too.
  await pos.search.fill('FLW-001');
  await pos.results.first().click();
  await expect(pos.cartLines).toHaveCount(3);
  await expect(pos.dealChip('SPRING5')).toContainText('Spring code: $5.00 off');
  const picker = await pos.openDeals();
  await expect(picker.getByRole('button')).toHaveText([/^Regulars thank-you\$1\.00 off/, 'Close']);
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'pos-deal-picker-1280x800', { fullPage: false });
  await picker.getByRole('button', { name: 'Close' }).click();
  await pos.chooseDeal('Regulars thank-you');
  await expect(pos.dealChip('Regulars thank-you')).toContainText('Regulars thank-you$1.00 off');
  await expect(pos.lineDeals('Blue Dream')).toHaveText(['Spring code −$5.00', 'Regulars thank-you −$1.00']);
  await expect(display.savings('Blue Dream')).toHaveText(['Spring code−$5.00', 'Regulars thank-you−$1.00']);
  await expect(display.saved).toHaveText('$22.00');
  const total = await pos.settled();
  await expect(display.total).toHaveText(total);
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-deals-1280x800');
  await display.screenshot(testInfo, 'display-deals-1920x1080');
  await page.setViewportSize({ width: 1024, height: 768 });
  // A 1024×768 register keeps two lines in sight beside the three chips: the code's field shares its row
  // with Deals and Discount, and the customer's panel scrolls before the lines shrink past two.
  await pos.cartLines.first().scrollIntoViewIfNeeded();
  for (const line of [pos.cartLines.nth(0), pos.cartLines.nth(1)]) await expect(line).toBeInViewport({ ratio: 1 });
  const rowTop = async (target: Locator) => Math.round((await target.boundingBox())!.y);
  const codeRow = page.locator('.promo-code');
  const tops = await Promise.all(
    [
      codeRow.getByLabel('Promo code'),
      codeRow.getByRole('button', { name: 'Deals' }),
      codeRow.getByRole('button', { name: 'Discount' }),
    ].map(rowTop),
  );
  expect(new Set(tops).size).toBe(1);
  await pos.screenshot(testInfo, 'pos-deals-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The wrong code goes; the sale is paid in cash.
  await page.getByRole('button', { name: 'Remove code SPRNG5' }).click();
  await expect(pos.dealChip('SPRNG5')).toHaveCount(0);
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(await pos.settled());
  await pos.expectSold(orderNumber);
  // The display's thank-you repeats what the deals saved.
  await display.expectThanks(orderNumber);
  await expect(display.page.getByTestId('thanks-saved')).toHaveText('You saved $22.00');
  await display.screenshot(testInfo, 'display-thanks-saved');
  // A display reloaded on its thank-you still says it: the saving is on the thanks itself. A display
  // window of its own, its clock held a second after the thanks was set, so the thank-you stays on.
  const { display: shown } = await api.call<{ display: { updatedAt: string } }>(
    'GET',
    '/v2.0/dispensary/demo/display/front-1',
    undefined,
    { authorization: `Bearer ${await api.token()}` },
  );
  const reloaded = new PoleDisplayPage(await (await page.context().browser()!.newContext()).newPage());
  await reloaded.page.clock.install({ time: new Date(shown.updatedAt) });
  await reloaded.page.clock.pauseAt(Date.parse(shown.updatedAt) + 1000);
  await reloaded.open(service.url);
  await reloaded.login();
  await reloaded.expectThanks(orderNumber);
  await reloaded.page.reload();
  for (const [width, height] of [
    [1920, 1080],
    [1280, 800],
  ] as const) {
    await reloaded.page.setViewportSize({ width, height });
    await reloaded.expectThanks(orderNumber);
    await expect(reloaded.page.getByTestId('thanks-saved')).toHaveText('You saved $22.00');
    await expect(reloaded.page.getByTestId('thanks-saved')).toBeInViewport({ ratio: 1 });
    await reloaded.screenshot(testInfo, `display-thanks-saved-reloaded-${width}x${height}`);
  }
  await reloaded.page.context().close();

  // The receipt lists each line's deals under it, and what the customer saved. (The deals under
  // the lines need the service's receipt to pass each line's deals: electron/server/printing/sale-receipts.ts.)
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const receipt = await readReceipt(page, testInfo, 'receipt-deals');
  await expect(receipt.locator('tr', { hasText: '3 pre-rolls for $20' })).toHaveText([
    '3 pre-rolls for $20-$10.67',
    '3 pre-rolls for $20-$5.33',
  ]);
  await expect(receipt.locator('tr', { hasText: 'Spring code' })).toHaveText('Spring code-$5.00');
  await expect(receipt.locator('body')).toContainText('You saved $22.00');

  // The ticket, read back through the API, has the same discounts.
  const ticket = (await api.ticketByNumber(orderNumber)) as unknown as {
    items: { name: string; discounts: { name: string; amount: string }[] }[];
    deals: { name: string; amount: string }[];
    promoCodes: string[];
  };
  const discounts = Object.fromEntries(
    ticket.items.map((item) => [item.name, item.discounts.map((deal) => `${deal.name} ${deal.amount}`)]),
  );
  expect(discounts).toEqual({
    'Blue Dream Pre-Roll': ['3 pre-rolls for $20 10.67'],
    'Northern Lights Pre-Roll': ['3 pre-rolls for $20 5.33'],
    'Blue Dream': ['Spring code 5.00', 'Regulars thank-you 1.00'],
  });
  expect(ticket.promoCodes).toEqual(['SPRING5']);

  // The next sale starts with no code and no chosen deal.
  await pos.newSale();
  await expect(page.getByRole('list', { name: 'On this sale' }).getByRole('listitem')).toHaveCount(0);

  // The register's X report counts the discounts by deal, biggest first.
  await pos.drawer.show();
  await page.getByRole('button', { name: 'X report' }).click();
  // In its Sales section, as parts of the discounts (the back office's report says the same lines).
  const parts = page.getByTestId('report-summary').locator('tr.part');
  await expect(parts.locator('th')).toHaveText(['3 pre-rolls for $20', 'Spring code', 'Regulars thank-you']);
  await expect(parts.locator('td')).toHaveText(['−$16.00', '−$5.00', '−$1.00']);
  await pos.screenshot(testInfo, 'drawer-x-report-deals');
});
