import type { Locator, Page } from '@playwright/test';
import { SetupPage } from '../pages/setup-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';
import { keepScreenshot } from '../support/screenshots.js';

/**
 * Store setup says why a value is refused beside its field, in view with it once Save has focused
 * it, the form's own refusals and the service's alike (issue: the sentence was 2,400 px below the
 * field, at the foot of a 2,820 px page). Nothing is saved: every try is refused.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

/** Saves; `field` is focused and in view, and `said` is under it, in view too, and describes it. */
async function refusedBeside(page: Page, field: Locator, said: Locator, words: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Save store settings' }).click();
  await expect(said).toHaveText(words);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(words);
  await expect(field).toBeInViewport();
  await expect(said).toBeInViewport({ ratio: 1 });
  const at = (await field.boundingBox())!;
  const under = (await said.boundingBox())!;
  expect(under.y).toBeGreaterThanOrEqual(at.y + at.height - 1);
  expect(under.y - (at.y + at.height)).toBeLessThan(24);
  // The foot, by the button, says only that nothing was saved: the reason is where the field is.
  await expect(page.locator('.form-status [role="alert"]')).toHaveText('Not saved: one field needs a change.');
}

for (const size of SIZES) {
  test(`store setup says each refusal beside its field at ${size.width}×${size.height}`, async ({
    page,
    service,
  }, testInfo) => {
    const setup = new SetupPage(page);
    await setup.open(service.url, 'demo', 'manager', DEMO.users.manager);
    await page.setViewportSize(size);
    const named = `${size.width}x${size.height}`;

    const prep = page.getByLabel('Preparation time (minutes)');
    const before = await prep.inputValue();
    await prep.fill('abc');
    const prepWords = 'Preparation time must be a whole number of minutes, 0 to 1440.';
    await refusedBeside(page, prep, page.locator('#store-prep-error'), prepWords);
    await expect(prep).toHaveValue('abc');
    expect(await axeViolations(page)).toEqual([]);
    // The window as the manager sees it after Save: the field and why, together.
    await keepScreenshot(page, testInfo, `setup-refused-prep-${named}`, { fullPage: false });
    await prep.fill(before);

    const hold = page.getByLabel('Hold ready orders (hours)');
    const held = await hold.inputValue();
    await hold.fill('1000');
    const holdWords = 'Hold ready orders must be a whole number of hours, 1 to 720 (30 days).';
    await refusedBeside(page, hold, page.locator('#store-hold-error'), holdWords);
    await hold.fill(held);

    // Monday closing before it opens: said under Monday's row, its times marked.
    const opens = page.getByLabel('Monday opens at');
    const closes = page.getByLabel('Monday closes at');
    const hours = [await opens.inputValue(), await closes.inputValue()] as const;
    await opens.fill('10:00');
    await closes.fill('09:00');
    const mondayWords = 'On Monday the store must close after it opens, on the same day (12:00 AM closes at midnight).';
    await refusedBeside(page, opens, page.locator('#hours-error'), mondayWords);
    await expect(closes).toHaveAttribute('aria-invalid', 'true');
    await keepScreenshot(page, testInfo, `setup-refused-hours-${named}`, { fullPage: false });
    await opens.fill(hours[0]);
    await closes.fill(hours[1]);

    // The service's refusal of a stored card's cap, beside that cap.
    const most = page.getByLabel('Most for one payment');
    const cap = await most.inputValue();
    await most.fill('1500');
    const capWords = /^The most for one stored card payment \(\$1,500\.00\) is over the \$[\d,.]+ all stored payments/;
    await refusedBeside(page, most, page.locator('#offline-card-max-refusal'), capWords);
    await keepScreenshot(page, testInfo, `setup-refused-card-cap-${named}`, { fullPage: false });
    await most.fill(cap);

    // The service's refusal of the licence, beside the licence, as typed.
    const licence = page.getByLabel('State licence number');
    await licence.fill('C10-0000123!!');
    const licenceWords = /^State licence number may hold only letters, digits, spaces, dashes, dots and slashes/;
    await refusedBeside(page, licence, page.locator('#store-licence-error'), licenceWords);
    await keepScreenshot(page, testInfo, `setup-refused-licence-${named}`, { fullPage: false });
    await expect(licence).toHaveValue('C10-0000123!!');
  });
}
