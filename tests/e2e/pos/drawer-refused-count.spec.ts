import type { Locator, Page } from '@playwright/test';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

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
    const twenties = page.getByText('Number of $20 bills must be at least 0. It stays 0.');
    await expect(twenties).toBeVisible();
    await expect(page.getByText('Number of $5 bills must be a number, such as 2. It stays 0.')).toBeVisible();
    const quarters = page.getByText('Number of quarters must be a whole number. It stays 0.');
    await expect(quarters).toBeVisible();
    await expectInLine(page, '$20 bills', twenties);
    await expectInLine(page, 'quarters', quarters);

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
