import type { Page, TestInfo } from '@playwright/test';
import { register } from '../pages/register.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

// A service of this file's own: the register's display follows its own sales only.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'part-paid-display' } } });

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** Every action under the widget (the other way to pay, the cancel or why it is held) in sight, at each register size. */
async function actionsInSight(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    const actions = page.locator('section.checkout .checkout-actions');
    await expect(actions.getByRole('button', { name: 'Pay on the display instead' })).toBeInViewport({ ratio: 1 });
    await expect(actions).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, testInfo, `${name}-${width}x${height}`, { fullPage: false });
  }
}

async function displayAt(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [width, height] of [
    [1920, 1080],
    [800, 480],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The total and what the counter's payment adds to it, whole on the screen (the customer cannot scroll).
    await expect(page.getByTestId('display-total')).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.mirror-note')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('list', { name: 'Items' }).locator(':scope > li').first()).toBeInViewport();
    await keepScreenshot(page, testInfo, `${name}-${width}x${height}`, { fullPage: false });
  }
}

test('a part payment in cash at the counter: said once in the widget, every action in sight, and what is paid and left on the display; cash chosen on the display asks the customer to pay the cashier', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer();
  await pos.tapProducts(2);
  const total = cents(await pos.settled());
  const order = await pos.payHere();
  await pos.widget.method('Cash').click();
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  const short = 1000;

  // Before the first tap the line under the amount says what is left; asked, the question's sentence says it alone.
  await received.fill('10');
  await expect(pos.widget.main).toContainText(`Partial payment: ${money(total - short)} will be left to pay.`);
  await pos.widget.button('Take cash').click();
  const sentence = `${money(short)} is less than the ${money(total)} due: ${money(total - short)} will be left to pay in another payment.`;
  await expect(pos.widget.frame.locator('.short-cash')).toHaveText(sentence);
  await expect(pos.widget.frame.getByText('Partial payment')).toBeHidden();
  for (const name of [`Take ${money(short)} of ${money(total)}`, 'Change amount', 'Choose another way to pay']) {
    await expect(pos.widget.button(name)).toBeVisible();
  }
  await actionsInSight(page, testInfo, 'cash-short-asked');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Taken: the widget says it once, where the cashier looks; the summary does not say it again.
  await pos.widget.button(`Take ${money(short)} of ${money(total)}`).click();
  const left = total - short;
  await expect(pos.widget.heading).toHaveText('How would you like to pay?');
  await expect(pos.widget.frame.locator('.notice')).toHaveText(`${money(short)} paid. ${money(left)} left to pay.`);
  await expect(pos.widget.frame.locator('.summary .amount')).toHaveText(`Amount due: ${money(left)}`);
  await actionsInSight(page, testInfo, 'part-paid-choice');

  // The customer sees what was paid and, as the screen's large figure, what is left; the total stays.
  await expect(display.page.getByTestId('counter-paid')).toHaveText(`Paid ${money(short)} Left to pay ${money(left)}`);
  await expect(display.total).toHaveText(money(total));
  await displayAt(display.page, testInfo, 'display-part-paid-counter');

  // Handed to the display: its band says it as before. The customer chooses cash there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Pay on the display instead' }).click();
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  await expect(display.page.getByTestId('payment-figures')).toHaveText(
    `${money(left)} left of ${money(total)}; ${money(short)} paid`,
  );
  await display.widget.method('Cash').click();

  // Back at the counter: the display asks the customer to pay the cashier, with what is paid and left.
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'cart');
  await expect(display.page.getByTestId('pay-cashier')).toContainText('Please pay the cashier');
  await expect(display.page.getByTestId('counter-paid')).toHaveText(`Paid ${money(short)} Left to pay ${money(left)}`);
  await displayAt(display.page, testInfo, 'display-pay-cashier');
  await expect(page.getByTestId('checkout-notice')).toHaveText('The customer will pay cash: take it here.');

  // The cashier takes the rest in cash: the sale ends, and the display thanks the customer.
  await expect(pos.widget.heading).toHaveText('Cash');
  await received.fill(((left + 500) / 100).toFixed(2));
  await pos.widget.button('Take cash').click();
  await pos.expectSold(order, '$5.00');
  await display.expectThanks(order, '$5.00');
  await expect(display.page.getByTestId('pay-cashier')).toHaveCount(0);
});
