import type { Locator, TestInfo } from '@playwright/test';
import type { PoleDisplayPage } from '../pages/pole-display-page.js';
import { register } from '../pages/register.js';
import { customerWithPoints } from '../support/cart-sight.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

// A programme and a customer of this file's own: the greeting's pill says the points left after the sale.
test.use({ serviceOptions: { args: [], env: {}, own: 'part-paid-display-points' } });

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** The customer displays the project drives: full HD, the registers' two sizes, 1024×600 and the 7-inch one. */
const SIZES = [
  [1920, 1080],
  [1280, 800],
  [1024, 768],
  [1024, 600],
  [800, 480],
] as const;

/**
 * Whole on the screen, and nothing laid over it (the customer can neither scroll nor move a panel):
 * at its centre and corners the screen shows it, or (past a rounded corner) what it sits in.
 */
async function expectUncovered(target: Locator, what: string): Promise<void> {
  await expect(target, what).toBeInViewport({ ratio: 1 });
  const over = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const spots = [
      [0.5, 0.5],
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ].map(([x, y]) => [
      box.left + Math.min(Math.max(x! * box.width, 3), box.width - 3),
      box.top + Math.min(Math.max(y! * box.height, 3), box.height - 3),
    ]);
    return spots.flatMap(([x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      const mine = top && (element.contains(top) || top.contains(element));
      return mine ? [] : [`(${Math.round(x!)}, ${Math.round(y!)}): ${top?.className || 'off screen'}`];
    });
  });
  expect(over, `${what}: covered`).toEqual([]);
}

/** "Paid $50.00 Left to pay $48.84" under the lines, and its large figure. */
const counterPaid = (display: PoleDisplayPage) => display.page.getByTestId('counter-paid');
const leftToPay = (display: PoleDisplayPage) => display.page.getByTestId('display-left-to-pay');
const fontSize = (target: Locator) => target.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

/**
 * At every display size: the greeting, its points pill, the totals, the counter's panel and the newest
 * line whole and uncovered; no scrollbar; what is left to pay the one large figure, the total a row.
 */
async function holdsAtEverySize(display: PoleDisplayPage, testInfo: TestInfo, name: string): Promise<void> {
  const { page } = display;
  for (const [width, height] of SIZES) {
    const at = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    await expectUncovered(page.getByRole('heading', { level: 1 }), `the greeting at ${at}`);
    await expectUncovered(display.points, `the points pill at ${at}`);
    await expectUncovered(page.getByRole('complementary', { name: 'Totals' }), `the totals at ${at}`);
    await expectUncovered(page.locator('.mirror-note'), `the counter's panel at ${at}`);
    await expectUncovered(display.lines.last(), `the newest line at ${at}`);
    const scrolls = await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight);
    expect(scrolls, `a scrollbar at ${at}`).toBe(false);
    const [left, total] = [await fontSize(leftToPay(display)), await fontSize(display.total)];
    expect(left, `what is left larger than the total at ${at}`).toBeGreaterThan(total * 1.5);
    await keepScreenshot(page, testInfo, `${name}-${width}x${height}`, { fullPage: false });
  }
}

test('a sale with points part paid in cash at the counter: what is left to pay is the display’s large figure, and the greeting, its pill and the figures hold uncovered at every size', async ({
  page,
  service,
  api,
}, testInfo) => {
  await api.setup('PUT', '/store', {
    loyalty: { enabled: true, expiryMonths: 12, tiers: [{ name: 'Bronze', minPoints: 0, bonusPercent: 0 }] },
  });
  const idNumber = await customerWithPoints(api, { firstName: 'Maria', lastName: 'Garcia', points: 250 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer();
  await pos.tapProducts(3);
  await page.getByRole('button', { name: 'Find customer or check ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await dialog.getByLabel('Name, phone or ID number').fill(idNumber);
  await dialog.getByRole('button', { name: /^Maria Garcia/ }).click();
  await dialog.getByRole('button', { name: 'Sell to Maria' }).click();
  const total = cents(await pos.usePoints());
  await expect(display.points).toHaveText(/points left after this sale$/);

  // $50.00 in cash at the counter, less than due, confirmed.
  await pos.payHere();
  await pos.widget.method('Cash').click();
  const paid = 5000;
  const left = total - paid;
  await pos.widget.frame.getByLabel('Cash received ($)').fill('50');
  await pos.widget.button('Take cash').click();
  await pos.widget.button(`Take ${money(paid)} of ${money(total)}`).click();
  await expect(pos.widget.frame.locator('.notice')).toHaveText(`${money(paid)} paid. ${money(left)} left to pay.`);

  // The total stays, a row of the totals; what is paid and, large, what is left are under the lines.
  await expect(counterPaid(display)).toHaveText(`Paid ${money(paid)} Left to pay ${money(left)}`);
  await expect(leftToPay(display)).toHaveText(money(left));
  await expect(display.total).toHaveText(money(total));
  await holdsAtEverySize(display, testInfo, 'part-paid-counter');

  // Handed to the display, the customer chooses cash there: "Please pay the cashier" joins the panel.
  await page.getByRole('button', { name: 'Pay on the display instead' }).click();
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  await display.widget.method('Cash').click();
  await expect(display.page.getByTestId('pay-cashier')).toContainText('Please pay the cashier');
  await expect(counterPaid(display)).toHaveText(`Paid ${money(paid)} Left to pay ${money(left)}`);
  await holdsAtEverySize(display, testInfo, 'part-paid-pay-cashier');
});
