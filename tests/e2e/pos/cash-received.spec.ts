import type { Page, TestInfo } from '@playwright/test';
import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The POST of a payment from the widget's frame, however many: cash refused at the form sends none. */
function paymentsSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/payments$/.test(new URL(request.url()).pathname)) sent.push(request.url());
  });
  return sent;
}

/** A sale of two products at `terminal`, the drawer open, the widget's Cash form shown: its total. */
async function cashFormAt(pos: PosPage, url: string, terminal: string): Promise<{ order: string; total: number }> {
  await pos.open(url, terminal);
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const total = cents(await pos.settled());
  const order = await pos.payHere();
  await pos.widget.method('Cash').click();
  return { order, total };
}

async function atSizes(page: Page, testInfo: TestInfo, name: string, sizes: [number, number][]): Promise<void> {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await keepScreenshot(page, testInfo, `${name}-${width}x${height}`, { fullPage: false });
  }
}

const REGISTER_SIZES: [number, number][] = [
  [1280, 800],
  [1024, 768],
];

test('cash received that is not an amount ("-5", letters, a third decimal) is refused beside the field, kept, and never sent', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  const { order } = await cashFormAt(pos, service.url, 'cash-received-1');
  const sent = paymentsSent(page);
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  const said = pos.widget.frame.locator('#tendered-error');

  await received.fill('-5');
  await expect(said).toHaveText("Cash received can't be negative: type the amount handed over, such as 20 or 20.00.");
  await expect(received).toHaveAttribute('aria-invalid', 'true');
  await expect(received).toHaveAccessibleDescription(/can't be negative/);
  await expect(pos.widget.main).not.toContainText('Change due');
  await expect(pos.widget.main).not.toContainText('Partial payment');
  await pos.widget.button('Take cash').click();
  await expect(received).toBeFocused();
  await expect(received).toHaveValue('-5');
  await expect(said).toContainText("can't be negative");
  await expect(pos.widget.heading).toHaveText('Cash');
  await atSizes(page, testInfo, 'cash-refused-negative', REGISTER_SIZES);

  await received.fill('twenty');
  await expect(said).toHaveText('Type the cash received in dollars and cents, such as 20 or 20.00.');
  await received.press('Enter');
  await expect(received).toHaveValue('twenty');
  await received.fill('20.255');
  await expect(said).toHaveText('Type the cash received to the cent, with at most two decimals, such as 20.25.');
  await pos.widget.button('Take cash').click();
  await expect(received).toHaveValue('20.255');

  expect(sent).toEqual([]);
  expect(await api.ticketByNumber(order)).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
});

test('less cash than due asks once, on the button that takes it; "Change amount" goes back; confirmed, the rest is paid by card', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The register's pole display: the cash form is never on it (a customer who picks cash there is
  // sent to the counter), so it keeps showing the order while the cashier is asked.
  const display = new PoleDisplayPage(await page.context().newPage());
  await display.open(service.url, 'cash-received-2');
  await display.login();
  const pos = new PosPage(page);
  const { order, total } = await cashFormAt(pos, service.url, 'cash-received-2');
  const sent = paymentsSent(page);
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  const short = Math.floor(total / 200) * 100;
  expect(short).toBeGreaterThan(0);

  await received.fill((short / 100).toFixed(2));
  await expect(pos.widget.main).toContainText(`Partial payment: ${money(total - short)} will be left to pay.`);
  await pos.widget.button('Take cash').click();
  const take = pos.widget.button(`Take ${money(short)} of ${money(total)}`);
  const sentence = `${money(short)} is less than the ${money(total)} due: ${money(total - short)} will be left to pay in another payment.`;
  await expect(take).toBeFocused();
  await expect(take).toHaveAccessibleDescription(sentence);
  await expect(pos.widget.frame.locator('.short-cash')).toHaveText(sentence);
  await expect(pos.widget.button('Change amount')).toBeInViewport();
  await expect(received).toHaveValue((short / 100).toFixed(2));
  expect(sent).toEqual([]);
  await atSizes(page, testInfo, 'cash-short-asked', REGISTER_SIZES);
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'cart');
  await expect(display.page.locator('body')).not.toContainText('left to pay in another payment');
  await atSizes(display.page, testInfo, 'cash-short-display', [
    [1920, 1080],
    [800, 480],
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.bringToFront();

  // A double tap on "Take cash" is one tap: its second click is not the confirmation.
  await pos.widget.button('Change amount').click();
  await expect(received).toBeFocused();
  await expect(received).toHaveValue((short / 100).toFixed(2));
  await pos.widget.button('Take cash').dblclick();
  await expect(take).toBeFocused();
  expect(sent).toEqual([]);

  // By keyboard: Enter asks, Enter again (the focus is on the button that takes it) takes it.
  await pos.widget.button('Change amount').click();
  await expect(pos.widget.button('Take cash')).toBeVisible();
  await received.press('Enter');
  await expect(take).toBeFocused();
  await take.press('Enter');
  await expect(pos.widget.heading).toHaveText('How would you like to pay?');
  await expect(pos.widget.main).toContainText(`${money(short)} paid. ${money(total - short)} left to pay.`);
  expect(sent).toHaveLength(1);

  // The rest by card on the PIN pad: a split tender, the order paid and handed over.
  await pos.widget.method('Credit card').click();
  await pos.expectSold(order);
  expect(await api.ticketByNumber(order)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
});
