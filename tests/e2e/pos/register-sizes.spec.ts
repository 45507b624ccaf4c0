import type { Locator } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { expectNoWindowScroll, expectTouchTargets, REGISTER_SIZES } from '../support/register-sizes.js';

test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '300'], env: {} } });

for (const size of REGISTER_SIZES) {
  test(`at ${size.width}×${size.height} a 20-line cart keeps its total and pay buttons on screen`, async ({
    page,
    service,
  }, testInfo) => {
    await page.setViewportSize(size);
    const pos = new PosPage(page);
    await pos.open(service.url, `size-${size.width}`);
    await pos.login();
    expect(await axeViolations(page)).toEqual([]);
    await pos.screenshot(testInfo, `pos-${size.width}x${size.height}-empty`);

    await pos.tapProducts(20);
    await pos.settled();
    for (const target of [pos.total, ...pos.payButtons]) await expect(target).toBeInViewport({ ratio: 1 });
    // The window itself never scrolls: only the cart's lines and the tiles do.
    await expectNoWindowScroll(page, size);
    // Every line's price and remove button are inside the cart (nothing cut off at its right edge).
    const cart = (await page.locator('section.cart').boundingBox())!;
    const last = pos.cartLines.last();
    for (const part of [last.locator('.amount'), last.getByRole('button', { name: /^Remove/ })]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(cart.x + cart.width);
    }
    await expectTouchTargets(page);
    expect(await axeViolations(page)).toEqual([]);
    await pos.screenshot(testInfo, `pos-${size.width}x${size.height}-20-lines`);
  });
}

test('a nine-line cash sale at 1366×768 by touch alone: tiles, the keypad, quick cash, no scrolling', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'touch-1');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(9, true);

  // The keypad sets a quantity: tap the line, tap 3, Set.
  const first = pos.cartLines.first();
  await first.getByRole('button', { name: /^Change .* on the keypad$/ }).click();
  const keypad = page.getByRole('dialog');
  await expect(keypad.getByRole('group', { name: 'Keypad for the quantity' })).toBeVisible();
  await pos.screenshot(testInfo, 'pos-keypad');
  await keypad.getByRole('button', { name: '3', exact: true }).click();
  await keypad.getByRole('button', { name: 'Set' }).click();
  await expect(first.getByLabel(/^Quantity of/)).toHaveValue('3');
  const total = await pos.settled();

  for (const target of [pos.total, ...pos.payButtons]) await expect(target).toBeInViewport({ ratio: 1 });
  await pos.payButtons[1]!.click();
  const orderNumber = await pos.orderNumber();
  await expect(pos.widget.method('Cash')).toBeInViewport();
  await pos.widget.method('Cash').click();
  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  const tendered = Math.ceil((cents + 1) / 10_000) * 100;
  const quick = pos.widget.frame.getByRole('group', { name: 'Quick amounts' }).getByRole('button', {
    name: `$${tendered.toFixed(2)}`,
  });
  await expect(pos.widget.frame.getByRole('group', { name: 'Keypad for the cash received' })).toBeVisible();
  await pos.screenshot(testInfo, 'pos-cash-keypad');
  await quick.click();
  await expect(pos.widget.button('Take cash')).toBeInViewport({ ratio: 1 });
  await pos.widget.button('Take cash').click();
  const change = `$${((tendered * 100 - cents) / 100).toFixed(2)}`;
  await pos.expectSold(orderNumber, change);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await pos.screenshot(testInfo, 'pos-cash-paid');
});

test('refused input says why and shows the real value again; reward dollars apply as they are typed', async ({
  page,
  service,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'refuse-1');
  await pos.login();
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
  const quantity = page.getByLabel('Quantity of Mini Dogwalkers 5-Pack');
  await quantity.fill('2');
  await quantity.press('Tab');
  await expect(quantity).toHaveValue('2');
  const before = await pos.settled();

  for (const [typed, reason] of [
    ['-2', 'Quantity must be at least 1. It stays 2.'],
    ['0', 'Quantity must be at least 1. It stays 2.'],
    ['abc', 'Quantity must be a number, such as 2. It stays 2.'],
  ] as const) {
    await quantity.fill(typed);
    await quantity.press('Tab');
    await expect(page.locator('.line-error')).toHaveText(reason);
    await expect(quantity).toHaveValue('2');
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  }
  expect(await pos.settled()).toBe(before);
  await pos.screenshot(testInfo, 'pos-refused-quantity');
  // The cashier goes on with the sale: the refusal under the line is old news and goes.
  await pos.addBySearch('lighter', 'Refillable Lighter');
  await expect(page.locator('.line-error')).toHaveCount(0);
  await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveValue('2');
  const priced = await pos.settled();

  // Reward dollars change the total while the field still has the focus.
  await page.getByText('Customer and reward dollars').click();
  const reward = page.getByLabel('Reward dollars');
  await reward.pressSequentially('1.00');
  await expect(reward).toBeFocused();
  await expect(pos.total).not.toHaveText(priced);
  await reward.fill('1.005');
  await reward.press('Enter');
  await expect(page.locator('#reward-dollars-error')).toHaveText(
    'Reward dollars must be a number with at most 2 decimals. It stays $1.00.',
  );
  // Money: the value in force comes back with its cents, as the refusal says it.
  await expect(reward).toHaveValue('1.00');
});

test('a slow scanner is noticed, the gap is raised from the notice, and the next scan adds the item', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'scan-1');
  await pos.login();
  const catalog = await api.call<{ items: { name: string; barcodes: string }[] }>(
    'GET',
    `/v2.0/dispensary/demo/catalog?search=${encodeURIComponent('Refillable Lighter')}`,
    undefined,
    { authorization: `Bearer ${await api.token()}` },
  );
  const code = catalog.items[0]!.barcodes.split(',')[0]!;
  // Keys 80 ms apart: slower than the 50 ms default, well inside the band read as a missed scan.
  await pos.scan(code, 80);
  const notice = page.getByRole('alert').filter({ hasText: 'came in too slowly' });
  await expect(notice).toContainText('keys up to 80 ms apart; this register allows 50 ms');
  await expect(pos.cartLines).toHaveCount(0);
  await pos.screenshot(testInfo, 'pos-missed-scan');
  // The suggestion is the slowest gap seen and a quarter more, rounded up to 10 ms.
  await notice.getByRole('button', { name: 'Allow 100 ms' }).click();
  await expect(page.getByRole('alert')).toContainText('Scanner saved: keys up to 100 ms apart');
  // Keys 90 ms apart: inside the new allowance, and too slow for the old one.
  await pos.scan(code, 90);
  await expect(pos.cartLines.filter({ hasText: 'Refillable Lighter' })).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'Scanner saved' })).toHaveCount(0);
});

test('a manager unlocks a register; wrong passwords never lock the cashier out or hold the sale', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'lock-1');
  await pos.login();
  await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
  await page.getByRole('button', { name: 'Lock' }).click();
  for (let attempt = 0; attempt < 6; attempt += 1) {
    await page.getByLabel('Your password').fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByRole('alert')).not.toBeEmpty();
  }
  await expect(page.getByRole('alert')).toContainText('ask a manager to unlock the register');
  // The cashier's account is not locked: a login elsewhere still works.
  expect(
    await api.call(
      'POST',
      '/auth-v2/login',
      Buffer.from(JSON.stringify({ username: 'cashier', password: 'cashier-demo-1' })).toString('base64'),
      { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    ),
  ).toMatchObject({ resultCode: 'SUCCESS' });
  await page.getByRole('button', { name: 'A manager unlocks' }).click();
  await page.getByLabel('Manager username').fill('manager');
  await page.getByLabel('Manager password').fill('manager-demo-1');
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-lock-manager');
  await page.getByRole('button', { name: 'Unlock as manager' }).click();
  await expect(pos.cartLines).toHaveCount(1);
  await expect(pos.cartLines.first()).toContainText('Mini Dogwalkers 5-Pack');
});

test('the pages have an icon', async ({ page, service }) => {
  const missing: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.goto(`${service.url}/pos/`);
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1);
  expect((await page.request.get(`${service.url}/favicon.ico`)).status()).toBe(200);
  expect(missing).toEqual([]);
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
]) {
  test(`at ${size.width}×${size.height} a line's amount shows whole beside its buttons, up to $99,999.99`, async ({
    page,
    service,
  }, testInfo) => {
    await page.setViewportSize(size);
    const pos = new PosPage(page);
    await pos.open(service.url, `amount-${size.width}`);
    await pos.login();
    await pos.addBySearch('FLW-001', 'Blue Dream');
    await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
    await pos.quantity('Blue Dream', 30);
    await pos.settled();
    const line = pos.cartLines.filter({ hasText: 'Blue Dream' });
    const amount = line.getByTestId('line-amount');
    await expect(amount).toHaveText(/^\$1,\d{3}\.\d{2}$/);
    await expectWhole(line);
    await pos.screenshot(testInfo, `cart-amount-${size.width}x${size.height}`);
    // The widest a line's amount comes to on the register: whole too, the other lines' amounts in its column.
    await amount.evaluate((shown) => (shown.textContent = '$99,999.99'));
    await expectWhole(line);
    const other = pos.cartLines.filter({ hasText: 'Mini Dogwalkers' }).locator('.amount');
    const [widest, beside] = [(await line.locator('.amount').boundingBox())!, (await other.boundingBox())!];
    expect(Math.abs(widest.x + widest.width - (beside.x + beside.width))).toBeLessThan(1);
    await pos.screenshot(testInfo, `cart-amount-widest-${size.width}x${size.height}`);
  });
}

/** The line's amount shows whole: not cut, and clear of its − + and its % × buttons. */
async function expectWhole(line: Locator): Promise<void> {
  const amount = line.getByTestId('line-amount');
  const shown = (await amount.boundingBox())!;
  const more = (await line.getByRole('button', { name: /^One more/ }).boundingBox())!;
  const discount = (await line.getByRole('button', { name: /^Discount on/ }).boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(more.x + more.width);
  expect(shown.x + shown.width).toBeLessThanOrEqual(discount.x);
  expect(await amount.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);
}
