import type { TestInfo } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { expectNoWindowScroll, expectTouchTargets } from '../support/register-sizes.js';
import type { ServiceApi } from '../support/service-api.js';
import { coveredSpots } from '../support/uncovered.js';
import { asManager, customerWithPoints, expectInSight, linesInSight } from '../support/cart-sight.js';

// The store runs a loyalty programme here (the customer's points are on the sale screen): a service
// of this file's own, so the other journeys keep selling as a store without a programme does.
test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '300'], env: {}, own: 'sale-screen' } });

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** The programme on, Maria on file with 500 points: answers her ID number (one of its own per run). */
async function mariaWith500Points(api: ServiceApi): Promise<string> {
  await asManager(api, 'PUT', '/v2.0/dispensary/demo/setup/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  return customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 500 });
}

/**
 * Each line's product name and detail (brand, package label) are whole on screen, or cut short with
 * all of them in the line's title, where a cashier's pointer or a screen reader finds them.
 */
async function expectNamesReadable(pos: PosPage): Promise<void> {
  for (const name of await pos.cartLines.locator('.what .name, .what .detail').all()) {
    const { cut, title, text } = await name.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      title: element.closest('[title]')?.getAttribute('title') ?? '',
      text: element.textContent?.trim() ?? '',
    }));
    if (cut) expect(title).toContain(text);
  }
}

/** Six lines on the sale and Maria (500 points) put on it at `size`: answers the register. */
async function sixLinesForMaria(
  page: PosPage['page'],
  serviceUrl: string,
  api: ServiceApi,
  size: { width: number; height: number },
): Promise<PosPage> {
  const idNumber = await mariaWith500Points(api);
  await page.setViewportSize(size);
  const pos = new PosPage(page);
  await pos.open(serviceUrl, 'screen-1');
  await pos.login();
  await pos.tapProducts(6);
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  await expect(pos.pointsBalance).toHaveText('500 points ($5.00)');
  await pos.settled();
  return pos;
}

/** The customer's panel: her name and points, the buttons and fields to change her and spend them. */
function customerPanel(pos: PosPage): ReturnType<PosPage['page']['locator']>[] {
  const page = pos.page;
  return [
    page.getByTestId('sale-customer'),
    pos.pointsBalance,
    page.getByRole('button', { name: 'Change customer' }),
    page.getByLabel('Reward dollars'),
    page.getByRole('button', { name: 'Use points' }),
    page.getByRole('button', { name: 'Contact details' }),
    page.getByLabel('Promo code', { exact: true }),
  ];
}

/** Her contact details opened: their fields and `pay` in sight, five lines of the sale still; closed again. */
async function contactDetailsInSight(
  page: PosPage['page'],
  pos: PosPage,
  pay: ReturnType<PosPage['page']['locator']>[],
  testInfo: TestInfo,
  shot: string,
): Promise<void> {
  const details = page.getByRole('button', { name: 'Contact details' });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expectInSight([
    page.getByLabel('First name'),
    page.getByLabel('Last name'),
    page.getByLabel('Phone'),
    page.getByLabel('Email'),
    ...pay,
  ]);
  expect(await linesInSight(pos)).toBeGreaterThanOrEqual(5);
  await pos.screenshot(testInfo, shot);
  await details.click();
  await expect(page.getByLabel('First name')).toHaveCount(0);
}

test('a six-line sale with a customer at 1280×800: every line, her points, the totals and the pay buttons in sight, nothing over another', async ({
  page,
  service,
  api,
}, testInfo) => {
  const pos = await sixLinesForMaria(page, service.url, api, { width: 1280, height: 800 });
  const customer = customerPanel(pos);
  const pay = [pos.total, ...pos.payButtons];
  expect(await linesInSight(pos)).toBe(6);
  await expectInSight([...customer, ...pay]);
  await expectNoWindowScroll(page, { width: 1280, height: 800 });
  await pos.screenshot(testInfo, 'sale-screen-customer-1280');

  // Her contact details opened: the fields are in sight, and five lines of the sale still are.
  await contactDetailsInSight(page, pos, pay, testInfo, 'sale-screen-contact-1280');

  // The other register sizes keep it too: all six lines at 1366×768 and at 1920×1080.
  for (const [size, lines] of [
    [{ width: 1366, height: 768 }, 6],
    [{ width: 1920, height: 1080 }, 6],
  ] as const) {
    await page.setViewportSize(size);
    expect(await linesInSight(pos)).toBeGreaterThanOrEqual(lines);
    await expectInSight([...customer, ...pay]);
    await expectNoWindowScroll(page, size);
    await pos.screenshot(testInfo, `sale-screen-customer-${size.width}`);
  }
});

test('a six-line sale with a customer at 1024×768: all six lines, her points, the totals and the pay buttons in sight, names whole or titled, every target 44 px', async ({
  page,
  service,
  api,
}, testInfo) => {
  const size = { width: 1024, height: 768 };
  const pos = await sixLinesForMaria(page, service.url, api, size);
  const customer = customerPanel(pos);
  const pay = [pos.total, ...pos.payButtons];
  expect(await linesInSight(pos)).toBe(6);
  await expectInSight([...customer, ...pay]);
  await expectNoWindowScroll(page, size);
  await expectTouchTargets(page);
  await expectNamesReadable(pos);
  await pos.screenshot(testInfo, 'sale-screen-customer-1024');

  // Her contact details opened: the fields are in sight with the total and the pay buttons, and
  // five lines of the sale still are.
  await contactDetailsInSight(page, pos, pay, testInfo, 'sale-screen-contact-1024');

  // At the checkout the cart keeps its width (its lines do not jump) and, without the pay buttons,
  // shows all six lines and its total; the widget's methods are clear of the register's buttons.
  const cart = page.locator('section.cart');
  const selling = (await cart.boundingBox())!;
  await pos.payHere();
  await expect(pos.widget.method('Cash')).toBeVisible();
  expect((await cart.boundingBox())!.width).toBeCloseTo(selling.width, 0);
  expect(await linesInSight(pos)).toBe(6);
  await expectInSight([pos.total, page.getByRole('button', { name: 'Cancel order, back to cart' })]);
  for (const method of ['Credit card', 'Cash']) {
    await expect(pos.widget.method(method)).toBeInViewport({ ratio: 1 });
    expect(await coveredSpots(pos.widget.method(method), pos.widget.container.locator('iframe'))).toEqual([]);
  }
  await expectNoWindowScroll(page, size);
  await pos.screenshot(testInfo, 'sale-screen-checkout-1024');
});

test('at 1280×800 a refused cash payment leaves "Take cash" clear of the register\'s buttons, and it takes the cash once the drawer is open', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'screen-2');
  await pos.login(); // the drawer closed: selling by card for now
  await pos.tapProducts(1);
  const total = cents(await pos.settled());
  const orderNumber = await pos.payHere();
  await pos.widget.method('Cash').click();
  const tendered = Math.ceil((total + 1) / 1000) * 1000;
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  await received.fill((tendered / 100).toFixed(2));
  await pos.widget.button('Take cash').click();

  // Refused (no drawer is open): the register's notice and hint and the widget's error make the
  // checkout taller than the screen. The widget keeps its height; the register's row stays below it.
  await expect(pos.widget.main).toContainText(/not open/i);
  await expect(page.getByTestId('cash-hint')).toContainText('Open the drawer to take cash');
  const take = pos.widget.button('Take cash');
  await take.scrollIntoViewIfNeeded();
  expect(await coveredSpots(take, pos.widget.container.locator('iframe'))).toEqual([]);
  const widget = (await pos.widget.container.boundingBox())!;
  for (const name of ['Pay on the display instead', 'Cancel order, back to cart']) {
    const row = (await page.getByRole('button', { name }).boundingBox())!;
    expect(row.y).toBeGreaterThanOrEqual(widget.y + widget.height - 0.5);
  }
  await pos.screenshot(testInfo, 'sale-screen-cash-refused-1280');

  // The drawer opened from the hint, the same "Take cash" takes the cash.
  await page.getByTestId('cash-hint').getByRole('button', { name: 'Open the drawer to take cash' }).click();
  await pos.openDrawer();
  await received.fill((tendered / 100).toFixed(2));
  await take.click();
  await pos.expectSold(orderNumber, money(tendered - total));
});

test('a card sale ends with what the card paid and no change: change is for cash tendered', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'screen-3');
  await pos.login(); // the drawer closed: a card sale needs none
  await pos.tapProducts(1);
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.widget.method('Credit card').click();
  await pos.expectSold(orderNumber);
  const figures = page.locator('.result-figures');
  await expect(figures).toContainText(`Total${total}`);
  await expect(figures).toContainText(/Credit/);
  await expect(page.getByTestId('change-due')).toHaveCount(0);
  await expect(figures).not.toContainText('Change due');
  await pos.screenshot(testInfo, 'sale-done-card-1280');
});
