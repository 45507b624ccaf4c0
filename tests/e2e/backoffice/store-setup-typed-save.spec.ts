import { SetupPage } from '../pages/setup-page.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO } from '../support/service-api.js';
import { keepScreenshot } from '../support/screenshots.js';

/**
 * A value typed and Save pressed at once, in one motion (no leaving the field first), is saved, or
 * refused beside its field. Leaving the field commits it, and its refusal appearing or going moved
 * Save between the press and the release: the click was lost, nothing saved and nothing said.
 */
test('store setup saves a value typed and Save pressed at once, refused or taken', async ({
  page,
  service,
  api,
}, testInfo) => {
  const setup = new SetupPage(page);
  await setup.open(service.url, 'demo', 'manager', DEMO.users.manager);
  const save = page.getByRole('button', { name: 'Save store settings' });
  const offline = page.getByLabel('Most spent per sale offline ($)');
  const offlineSpend = async () => (await api.storeSettings('demo')).loyalty.offlineSpendCents;

  // Refused: said beside the field, which Save brings to the middle of the window and focuses.
  await offline.fill('abc');
  await save.click();
  await expect(page.locator('.form-status [role="alert"]')).toHaveText('Not saved: one field needs a change.');
  await expect(offline).toBeFocused();
  await expect(offline).toHaveAttribute('aria-invalid', 'true');
  // Typed again and saved: the refusal going moved Save up by its height.
  await offline.fill('15');
  await save.click();
  await expect(setup.done).toHaveText('Saved.');
  await expect(offline).not.toHaveAttribute('aria-invalid', 'true');
  await expect.poll(offlineSpend).toBe(1500);
  await save.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'store-settings-typed-saved-1280', { fullPage: false });

  // The same with the keyboard: Enter in the field, or Tab away and Space on Save.
  await offline.fill('20');
  await offline.press('Enter');
  await expect(setup.done).toHaveText('Saved.');
  await expect.poll(offlineSpend).toBe(2000);
  await offline.fill('25');
  await offline.press('Tab');
  await save.focus();
  await page.keyboard.press('Space');
  await expect(setup.done).toHaveText('Saved.');
  await expect.poll(offlineSpend).toBe(2500);
});
