import type { Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';

const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const money = (amount: number) => `$${(amount / 100).toFixed(2)}`;

/** The widget's words for the service's DRAWER_CLOSED (renderer/sdk/widget/refusal-words.ts). */
const DRAWER_CLOSED = 'The cash drawer is not open: open it first, then try again.';

/** Every way the register or its widget says the drawer is not open: each counts as saying it once. */
const SAYS_DRAWER_SHUT = /not open|no drawer is open|need an open drawer/gi;

/**
 * How many times the screen says the drawer is not open: the register's own page and the widget's
 * frame (which the page's text leaves out), as the cashier reads them. The widget's live region for
 * screen readers is left out: it repeats the screen's key sentence and is not seen.
 */
async function timesSaid(page: Page, pos: PosPage): Promise<number> {
  const register = await page.locator('body').innerText();
  const widget = await pos.widget.frame
    .locator('body')
    .evaluate((body) => [...body.querySelectorAll('main')].map((main) => (main as HTMLElement).innerText).join('\n'));
  return [register, widget].reduce((sum, text) => sum + (text.match(SAYS_DRAWER_SHUT)?.length ?? 0), 0);
}

test('cash refused at 1280×800 because the drawer is closed: said once, in words, beside the action that opens it', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'refusal-1');
  await pos.login(); // the drawer closed: selling by card for now
  await pos.tapProducts(1);
  const total = cents(await pos.settled());
  const orderNumber = await pos.payHere();

  // Cash chosen: the register warns once, before any money is counted.
  await pos.widget.method('Cash').click();
  const hint = page.getByTestId('cash-hint');
  await expect(page.getByRole('alert')).toHaveText(
    'Open the drawer to take cash: cash and cashless ATM need an open drawer.',
  );
  expect(await timesSaid(page, pos)).toBe(1);
  await pos.screenshot(testInfo, 'cash-chosen-drawer-closed-1280');

  // Take cash anyway: the widget says why where she pressed, and nothing else says it again.
  const tendered = Math.ceil((total + 1) / 1000) * 1000;
  const received = pos.widget.frame.getByLabel('Cash received ($)');
  await received.fill((tendered / 100).toFixed(2));
  await pos.widget.button('Take cash').click();
  await expect(pos.widget.main.getByRole('alert')).toHaveText(DRAWER_CLOSED);
  await expect(page.locator('.checkout-status')).toHaveText('');
  // The register keeps only its action: the button that opens the drawer, with no sentence of its own.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(hint).toHaveText('Open the drawer to take cash');
  expect(await timesSaid(page, pos)).toBe(1);
  await pos.screenshot(testInfo, 'cash-refused-drawer-closed-1280');

  // The action beside it opens the drawer; the same "Take cash" then takes the cash.
  await hint.getByRole('button', { name: 'Open the drawer to take cash' }).click();
  await pos.openDrawer();
  await expect(hint).toHaveCount(0);
  await received.fill((tendered / 100).toFixed(2));
  await pos.widget.button('Take cash').click();
  await pos.expectSold(orderNumber, money(tendered - total));
});

test('a card declined at the counter is said once, by the widget where the cashier took it', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'refusal-2');
  await pos.login();
  await pos.addBySearch('snickerdoodle', 'Snickerdoodle Cookie');
  await pos.totalEndingIn(51); // the sandbox declines .51
  // The store runs no loyalty programme: a manager approves the reward dollars typed.
  await page.getByRole('button', { name: 'Take payment here' }).click();
  await pos.approveAsManager([/^Reward dollars: \$0\.\d\d off · the store runs no loyalty programme$/]);
  await pos.widget.method('Credit card').click();
  await expect(pos.widget.heading).toHaveText('Payment declined');
  // The processor's reason, as a sentence (the heading already says it was declined).
  await expect(pos.widget.main.getByText('Insufficient funds.', { exact: true })).toBeVisible();
  // The register's line does not say it again.
  await expect(page.locator('.checkout-status')).toHaveText('');
  expect((await page.locator('body').innerText()).match(/declined/gi) ?? []).toEqual([]);
  await pos.screenshot(testInfo, 'card-declined-counter-1280');
});
