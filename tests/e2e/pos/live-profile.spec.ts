import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { DEMO, type ServiceApi } from '../support/service-api.js';

// A service of this file's own: the profile it sets never reaches the other journeys.
test.use({ serviceOptions: { args: [], env: {}, own: 'live-profile' } });

/** A manager chooses the store's state profile (null: none) in the back office's store setup. */
async function chooseProfile(api: ServiceApi, complianceProfile: string | null): Promise<void> {
  await api.call('PUT', '/v2.0/dispensary/demo/setup/store', JSON.stringify({ complianceProfile }), {
    ...DEMO.client,
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
}

test('a manager chooses a state profile while the register is open: it applies it at once, without a reload', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'profile-live');
  await pos.login();
  await pos.addBySearch('Blue Dream', 'Blue Dream');
  const rule = page.getByText('California: cannabis is sold only to a customer whose ID is checked.');
  await expect(rule).toHaveCount(0);

  await chooseProfile(api, 'us-ca');
  await expect(rule).toBeVisible();
  await page.getByRole('button', { name: 'Take payment here' }).click();
  await expect(page.getByTestId('cart-notice')).toHaveText(
    'California requires a customer with a checked ID for cannabis: find the customer, or scan or type their ID.',
  );
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  await expect(dialog).toBeVisible();
  await pos.screenshot(testInfo, 'profile-live-id-required');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // And back: the store enforces no state's rules any more.
  await chooseProfile(api, null);
  await expect(rule).toHaveCount(0);
});
