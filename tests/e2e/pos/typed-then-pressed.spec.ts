import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

/**
 * An entry typed and the form's button pressed at once, in one motion (no leaving the field first):
 * the press is answered as if the field had been left. Leaving it commits the entry, and the
 * refusal that then appears (or goes) moved the button between the press and the release: the
 * click was lost, nothing submitted and nothing said by the form.
 */
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('the drawer: a count, a movement and the close, each typed and pressed at once', async ({
  page,
  service,
}, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'typed-drawer');
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });

  // The float: a refused count leads to its row; a count taken opens the drawer with it.
  const twenties = page.getByLabel('Number of $20 bills');
  const open = page.locator('.drawer-step button[type="submit"]');
  await twenties.fill('-3');
  await open.click();
  await expect(twenties).toBeFocused();
  await expect(open).toHaveText('Fix the $20 bills count first');
  await keepScreenshot(page, testInfo, 'drawer-open-typed-refused-1280', { fullPage: false });
  await twenties.fill('3');
  await open.click();
  await expect(pos.drawer.button).toHaveText(/open$/);

  // Cash in: a refused amount is said and focused; an amount taken is recorded.
  await pos.drawer.show();
  await expect(page.getByTestId('drawer-expected')).toHaveText('$60.00');
  await page.getByRole('group', { name: 'Kind of movement' }).getByRole('button', { name: 'Paid in' }).click();
  await page.getByLabel('Why').fill('Change from the safe');
  const amount = page.getByLabel('Amount ($)');
  const record = page.getByRole('button', { name: 'Record paid in' });
  await amount.fill('-5');
  await record.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: one field needs a change.' })).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('-5');
  await amount.fill('12');
  await record.click();
  await expect(page.getByRole('status').filter({ hasText: 'Paid in recorded.' })).toBeVisible();
  await expect(page.locator('table.movements tbody tr')).toContainText('$12.00');
  await expect(page.getByTestId('drawer-expected')).toHaveText('$72.00');
  await keepScreenshot(page, testInfo, 'drawer-movement-typed-1280', { fullPage: false });

  // The close: a refused amount leads back to it; the amount taken is the one asked about.
  await page.getByRole('button', { name: 'Close the drawer…' }).click();
  await page.getByRole('button', { name: 'One amount' }).click();
  const counted = page.getByLabel('Amount counted ($)');
  const close = page.locator('.drawer-close button[type="submit"]');
  await counted.fill('1.234');
  await close.click();
  await expect(counted).toBeFocused();
  await expect(close).toHaveText('Fix the amount counted first');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'drawer-close-typed-refused-1280', { fullPage: false });
  await counted.fill('72');
  await close.click();
  await expect(page.getByRole('dialog', { name: 'Close the drawer?' })).toContainText('$72.00 counted: balanced.');
});

test('the scanner settings: a gap typed and Save pressed at once', async ({ page, service }, testInfo) => {
  const pos = new PosPage(page);
  await pos.open(service.url, 'typed-scanner');
  await pos.login();
  const dialog = page.getByRole('dialog');
  const gap = dialog.getByLabel('Longest gap between keys (ms)');
  const save = dialog.getByRole('button', { name: 'Save' });
  const saved = page.getByRole('alert').filter({ hasText: 'Scanner saved' });
  await page.getByRole('button', { name: 'Scanner' }).click();

  // The dialog is centred: a refusal appearing or going moves Save by half its height (about 20 of
  // its 44 px), so a finger on its top or bottom part, not its middle, was left off it.
  const { height } = (await save.boundingBox())!;
  await gap.fill('abc');
  await save.click({ position: { x: 20, y: 6 } });
  await expect(dialog.getByTestId('scanner-not-saved')).toHaveText('Not saved: one field needs a change.');
  await expect(gap).toBeFocused();
  await keepScreenshot(page, testInfo, 'scanner-typed-refused-1280', { fullPage: false });
  await gap.fill('130');
  await save.click({ position: { x: 20, y: height - 6 } });
  await expect(saved).toContainText('keys up to 130 ms apart');
  await expect(dialog).toHaveCount(0);

  // The keyboard: Enter in a field, or Tab to Save and Space.
  await page.getByRole('button', { name: 'Scanner' }).click();
  await expect(gap).toHaveValue('130');
  await dialog.getByLabel('Shortest code (characters)').fill('6');
  await page.keyboard.press('Enter');
  await expect(saved).toContainText('codes of 6 characters or more');
  await page.getByRole('button', { name: 'Scanner' }).click();
  await gap.fill('90');
  for (const key of ['Tab', 'Tab', 'Tab']) await page.keyboard.press(key);
  await expect(save).toBeFocused();
  await page.keyboard.press('Space');
  await expect(saved).toContainText('keys up to 90 ms apart');
});
