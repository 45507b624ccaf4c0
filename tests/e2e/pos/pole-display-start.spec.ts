import type { Page } from '@playwright/test';
import { PoleDisplayPage } from '../pages/pole-display-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';

test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '300'], env: {} } });

const STORE = 'Green Valley Dispensary';

/** The display and the POS of `terminal` (its own, so no other journey's display state is in the way). */
async function registerOf(page: Page, serviceUrl: string, terminal: string) {
  const display = new PoleDisplayPage(await page.context().newPage());
  await display.open(serviceUrl, terminal);
  await display.login();
  const pos = new PosPage(page);
  await pos.open(serviceUrl, terminal);
  await pos.login();
  return { pos, display };
}

/** A sale of two lines the display mirrors; answers its total. */
async function ringUp(pos: PosPage, display: PoleDisplayPage): Promise<string> {
  await pos.addBySearch('blue dream pre', 'Blue Dream Pre-Roll');
  await pos.addBySearch('watermelon', 'Watermelon Gummies');
  const total = await pos.settled();
  await expect(display.lines).toHaveCount(2);
  await expect(display.total).toHaveText(total);
  return total;
}

test('a POS that starts again with an empty cart (a new window, a reload) takes the old cart off the display', async ({
  page,
  service,
}, testInfo) => {
  const { pos, display } = await registerOf(page, service.url, 'disp-start-1');
  await ringUp(pos, display);

  // The POS window is closed (no sign-out, no clear); a new one is opened and signed in.
  const context = page.context();
  await page.close();
  const again = new PosPage(await context.newPage());
  await again.open(service.url, 'disp-start-1');
  await again.login();
  await expect(again.cartLines).toHaveCount(0);
  await display.expectIdle(STORE);
  await display.screenshot(testInfo, 'display-idle-after-new-window');

  // A reload keeps the login but not the cart: the display follows the empty cart again.
  await ringUp(again, display);
  await again.page.reload();
  await expect(again.page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await expect(again.cartLines).toHaveCount(0);
  await display.expectIdle(STORE);
  // The register with no drawer offers to open it first, as at sign-in.
  await expect(again.drawer.openStep).toBeVisible();
  await again.page.getByRole('button', { name: 'Sell by card for now' }).click();

  // Lock keeps the sale, and the display with it; Clear sale and Sign out end it, and the display idles.
  await ringUp(again, display);
  await again.page.getByRole('button', { name: 'Lock' }).click();
  await again.page.getByLabel('Your password').fill('cashier-demo-1');
  await again.page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(again.cartLines).toHaveCount(2);
  await expect(display.lines).toHaveCount(2);
  // A cart with lines is asked about first: keeping it keeps the sale and the display.
  await again.page.getByRole('button', { name: 'Clear sale' }).click();
  await again.clearSaleDialog.getByRole('button', { name: 'Keep the sale' }).click();
  await expect(again.cartLines).toHaveCount(2);
  await expect(display.lines).toHaveCount(2);
  await again.clearSale();
  await display.expectIdle(STORE);
  await ringUp(again, display);
  // Sign out asks first too, as Clear sale does: keeping the sale keeps the display.
  await again.page.getByRole('button', { name: 'Sign out' }).click();
  await again.signOutDialog.getByRole('button', { name: 'Keep the sale' }).click();
  await expect(display.lines).toHaveCount(2);
  await again.signOut(true);
  await display.expectIdle(STORE);
});

test('a POS reloaded while the customer pays on the display leaves the payment; once the order is paid, the next start idles the display', async ({
  page,
  service,
}) => {
  const { pos, display } = await registerOf(page, service.url, 'disp-start-2');
  await ringUp(pos, display);
  const orderNumber = await pos.payOnDisplay();
  await expect(display.widget.heading).toHaveText('How would you like to pay?');

  // What the POS sends its display from the reload on, kept: it must send nothing that ends the payment.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/display/disp-start-2')) {
      sent.push((JSON.parse(request.postData() ?? '{}') as { phase?: string }).phase ?? '');
    }
  });
  // The POS reloads mid-payment: it reads the display and the order being paid (its empty cart offers
  // that order once read), and leaves them: the display still shows the payment.
  await page.reload();
  await expect(pos.cartLines).toHaveCount(0);
  await expect(page.getByTestId('left-checkout')).toContainText(`Order ${orderNumber} was being paid here`);
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'payment');
  await expect(display.widget.heading).toHaveText('How would you like to pay?');

  // The customer still pays on the display: its widget says the card was approved (a display idled
  // under the customer's card has no widget left to say it), and the POS sent it nothing that idles it.
  await display.widget.method('Debit card').click();
  await expect(display.widget.heading).toHaveText('Payment approved', { timeout: 20_000 });
  expect(sent).not.toContain('idle');

  // That order needs the display no more: a POS starting again takes it off.
  await page.reload();
  await expect(pos.cartLines).toHaveCount(0);
  await display.expectIdle(STORE);
});
