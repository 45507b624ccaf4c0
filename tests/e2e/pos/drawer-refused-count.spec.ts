import type { Locator, Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

/** Types `text` into the count of `label` ("$20 bills") and leaves the row, as a cashier does. */
async function typeCount(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(`Number of ${label}`);
  await field.fill(text);
  await field.press('Tab');
}

/** The row's box stays level with its name and its amount, the refusal below the three. */
async function expectInLine(page: Page, label: string, refusal: Locator): Promise<void> {
  const name = (await page.getByRole('button', { name: `Count ${label} on the keypad` }).boundingBox())!;
  const box = (await page.getByLabel(`Number of ${label}`).boundingBox())!;
  const said = (await refusal.boundingBox())!;
  expect(Math.abs(box.y + box.height / 2 - (name.y + name.height / 2))).toBeLessThan(2);
  expect(said.y).toBeGreaterThanOrEqual(Math.max(box.y + box.height, name.y + name.height) - 1);
  expect(said.x).toBeLessThanOrEqual(name.x + 1);
}

for (const size of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
]) {
  test(`${size.width}×${size.height}: a drawer never opens or closes while a count is refused; each refusal sits below its row`, async ({
    page,
    service,
  }, testInfo) => {
    await page.setViewportSize(size);
    const pos = new PosPage(page);
    await pos.open(service.url, `refused-${size.width}`);
    await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });

    await typeCount(page, '$20 bills', '-3');
    await typeCount(page, '$5 bills', 'abc');
    await typeCount(page, 'quarters', '2.5');
    const twenties = page.getByText('Number of $20 bills must be at least 0.', { exact: true });
    await expect(twenties).toBeVisible();
    await expect(page.getByText('Number of $5 bills must be a number, such as 2.', { exact: true })).toBeVisible();
    const quarters = page.getByText('Number of quarters must be a whole number.', { exact: true });
    await expect(quarters).toBeVisible();
    await expectInLine(page, '$20 bills', twenties);
    await expectInLine(page, 'quarters', quarters);
    // Each refused count stays as typed beside why: what was counted is not lost.
    await expect(page.getByLabel('Number of $20 bills')).toHaveValue('-3');
    await expect(page.getByLabel('Number of quarters')).toHaveValue('2.5');

    // The button says which count to fix, and leads there instead of opening the drawer with $0.00.
    const submit = page.locator('.drawer-step button[type="submit"]');
    await expect(submit).toHaveText('Fix the $20 bills count first');
    await expect(page.getByRole('button', { name: /^Open the drawer with/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await submit.scrollIntoViewIfNeeded();
    await pos.screenshot(testInfo, `drawer-refused-${size.width}`);
    await submit.click();
    await expect(page.getByLabel('Number of $20 bills')).toBeFocused();
    await expect(pos.drawer.button).toHaveText(/closed$/);

    await typeCount(page, '$20 bills', '3');
    await expect(submit).toHaveText('Fix the $5 bills count first');
    // A count set on the keypad is no longer refused either.
    await pos.drawer.countOnKeypad('$5 bills', 4);
    await expect(submit).toHaveText('Fix the quarters count first');
    await typeCount(page, 'quarters', '8');
    await expect(pos.drawer.total('float')).toHaveText('$82.00');
    await expect(submit).toHaveText('Open the drawer with $82.00');
    await submit.click();
    await expect(pos.drawer.button).toHaveText(/open$/);

    // The close refuses the same way: it is final.
    await pos.drawer.show();
    await page.getByRole('button', { name: 'Close the drawer…' }).click();
    await typeCount(page, 'dimes', 'x');
    const close = page.locator('.drawer-close button[type="submit"]');
    await expect(close).toHaveText('Fix the dimes count first');
    await pos.screenshot(testInfo, `drawer-close-refused-${size.width}`);
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Number of dimes')).toBeFocused();
    // Counted as one amount instead: the rows' refusals go with them.
    await page.getByRole('button', { name: 'One amount' }).click();
    await page.getByLabel('Amount counted ($)').fill('82');
    await expect(close).toHaveText('Close the drawer with $82.00');
  });
}

test('a refused amount at the close stays as typed beside why; the close goes as soon as the amount is one; "Count again" is back in the field', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'refused-close');
  await pos.login();
  await pos.openDrawer('350.00');
  await pos.drawer.show();
  await page.getByRole('button', { name: 'Close the drawer…' }).click();
  await page.getByRole('button', { name: 'One amount' }).click();
  const amount = page.getByLabel('Amount counted ($)');
  await amount.fill('340');
  const close = page.locator('.drawer-close button[type="submit"]');
  await expect(close).toHaveText('Close the drawer with $340.00');
  await close.click();
  const asked = page.getByRole('dialog', { name: 'Close the drawer $10.00 short?' });
  await asked.getByRole('button', { name: 'Count again' }).click();
  await expect(asked).toHaveCount(0);
  // Back in the count, its amount selected to type over.
  await expect(amount).toBeFocused();
  expect(await amount.evaluate((field: HTMLInputElement) => field.selectionEnd! - field.selectionStart!)).toBe(3);

  // Said after a pause in the typing; the close then leads back to the field, as typed.
  await amount.fill('348.845');
  const why = page.locator('#close-amount-error');
  await expect(why).toHaveText('Amount must be a number with at most 2 decimals.');
  await expect(close).toHaveText('Fix the amount counted first');
  await close.click();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue('348.845');
  await expect(why).toHaveText('Amount must be a number with at most 2 decimals.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `drawer-close-amount-refused-${size.width}`, { fullPage: false });
  }

  // One key makes it an amount again: the close goes at once.
  await amount.press('End');
  await amount.press('Backspace');
  await expect(why).toHaveCount(0);
  await expect(close).toHaveText('Close the drawer with $348.84');
  await close.click();
  await expect(page.getByRole('dialog', { name: 'Close the drawer $1.16 short?' })).toBeVisible();
});
