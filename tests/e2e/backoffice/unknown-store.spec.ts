import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.js';
import { BACK_OFFICE_SIZES } from '../support/back-office-sizes.js';
import { expect, test } from '../support/fixtures.js';
import { aMinuteLater, storeRequests } from '../support/store-requests.js';
import { keepScreenshot } from '../support/screenshots.js';
import { cli } from '../../support/service-process.js';

/**
 * The back office opened at a store that is not there (README "Back office"): one page says so in
 * words, offers the stores the manager can open, shows no time, and asks the service nothing more.
 */

// A service of its own: the store and the login the last journey adds are offered by no other file's screens.
test.use({ serviceOptions: { args: [], env: {}, own: 'unknown-store' } });

/** Signs `username` (the demo manager unless said) in at `/backoffice/?dispensary=<asked>`, its clock the test's. */
async function openAt(
  page: Page,
  serviceUrl: string,
  asked: string,
  username = 'manager',
  password = 'manager-demo-1',
): Promise<void> {
  await page.clock.install();
  await page.goto(`${serviceUrl}/backoffice/?dispensary=${encodeURIComponent(asked)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a store that is not there: said in words once, the manager’s stores offered, nothing asked again', async ({
  page,
  service,
}, testInfo) => {
  const asked = storeRequests(page, 'nope');
  await openAt(page, service.url, 'nope');

  const refused = page.getByTestId('store-refused');
  await expect(refused.getByRole('heading', { name: 'There is no store “nope” here' })).toBeVisible();
  await expect(refused).toContainText('Check the address, or open one of the stores you can:');
  const stores = refused.getByRole('list', { name: 'Stores you can open' });
  await expect(stores.getByRole('link', { name: 'Green Valley Dispensary' })).toBeVisible();
  // Words, never codes or the service's own sentence; no tab of a store that is not there, and no time.
  await expect(page.locator('body')).not.toContainText(/NOT_FOUND|404|no dispensary/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/\d:\d\d|UTC/);

  await aMinuteLater(page);
  expect(asked.map((request) => new URL(request.url()).pathname)).toEqual(['/v2.0/dispensary/nope']);

  for (const size of BACK_OFFICE_SIZES) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `unknown-store-${size.width}x${size.height}`);
  }

  // The store offered opens, the manager still signed in.
  await stores.getByRole('link', { name: 'Green Valley Dispensary' }).click();
  await expect(page).toHaveURL(/[?&]dispensary=demo\b/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
});

test('an address whose store cannot be a short name opens no store, and says what a short name looks like', async ({
  page,
  service,
}) => {
  const demo = storeRequests(page, 'demo');
  await openAt(page, service.url, 'Green Valley');

  const refused = page.getByTestId('store-refused');
  await expect(refused.getByRole('heading', { name: 'There is no store “Green Valley” here' })).toBeVisible();
  await expect(refused).toContainText('A store’s short name has lowercase letters and digits only');
  await expect(refused.getByRole('link', { name: 'Green Valley Dispensary' })).toBeVisible();
  // Not the default store in its place: none of its screens opened behind the page.
  await aMinuteLater(page);
  expect(demo).toEqual([]);
});

test('a store this login may not open: said so, with its own store offered instead, and nothing asked again', async ({
  page,
  service,
  api,
}, testInfo) => {
  // A store of the demo organization with a manager of its own, who may open no other.
  const organization = await api.organizationId();
  const where = [
    '--timezone',
    'America/Denver',
    '--street',
    '1 Elm St',
    '--city',
    'Denver',
    '--state',
    'CO',
    '--zip',
    '80204',
  ];
  cli(
    service.dataDir,
    'dispensaries',
    'add',
    'elsewhere',
    '--org',
    organization,
    '--name',
    'Elsewhere Cannabis',
    ...where,
  );
  await api.call(
    'POST',
    '/v2.0/dispensary/elsewhere/setup/staff',
    JSON.stringify({ username: 'elsa', displayName: 'Elsa Manager', role: 'manager', password: 'elsa-manager-1' }),
    { authorization: `Bearer ${await api.token('admin')}`, 'content-type': 'application/json' },
  );
  const asked = storeRequests(page, 'demo');
  await openAt(page, service.url, 'demo', 'elsa', 'elsa-manager-1');

  const refused = page.getByTestId('store-refused');
  await expect(
    refused.getByRole('heading', { name: 'You cannot open the store “demo” with this login' }),
  ).toBeVisible();
  await expect(refused).toContainText(
    'Sign out and sign in as someone who works there, or open one of the stores you can:',
  );
  await expect(refused.getByRole('listitem')).toHaveText(['Elsewhere Cannabis (elsewhere)']);
  await expect(page.locator('body')).not.toContainText(/FORBIDDEN|403|not permitted/);
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'store-not-this-logins-1024x768');
  await aMinuteLater(page);
  expect(asked.map((request) => new URL(request.url()).pathname)).toEqual(['/v2.0/dispensary/demo']);
});
