import type { Page, Request, TestInfo } from '@playwright/test';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { aMinuteLater, storeRequests } from '../support/store-requests.js';
import { keepScreenshot } from '../support/screenshots.js';
import { cli } from '../../support/service-process.js';

/**
 * The POS and the pole display opened at a store that is not there (README "Setting up a store"): the cashier
 * reads one page in words, the customer a calm "not set up" screen with the reason in small type
 * for staff; neither shows the service's own sentences or a time, and neither asks again.
 */

// A service of its own: the store and the cashier the last journey adds are no other file's.
test.use({ serviceOptions: { args: [], env: {}, own: 'unknown-store-pos' } });

const POS_SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];
const DISPLAY_SIZES = [
  { width: 1920, height: 1080 },
  { width: 800, height: 480 },
];

/** Signs in at `/<face>/?dispensary=<asked>&terminal=front-1`, the page's clock the test's. */
async function openAt(page: Page, url: string, asked: string, login: [string, string], button: string): Promise<void> {
  await page.clock.install();
  await page.goto(`${url}?dispensary=${encodeURIComponent(asked)}&terminal=front-1`);
  await page.getByLabel('Username').fill(login[0]);
  await page.getByLabel('Password').fill(login[1]);
  await page.getByRole('button', { name: button }).click();
}

const CASHIER: [string, string] = ['cashier', 'cashier-demo-1'];
const openPos = (page: Page, serviceUrl: string, asked: string, login = CASHIER) =>
  openAt(page, `${serviceUrl}/pos/`, asked, login, 'Sign in');
const openDisplay = (page: Page, serviceUrl: string, asked: string) =>
  openAt(page, `${serviceUrl}/display/`, asked, ['display', 'display-demo-1'], 'Start the display');

/** At each size: no accessibility violation, and a screenshot kept as `<name>-<width>x<height>`. */
async function seenAt(page: Page, testInfo: TestInfo, sizes: typeof POS_SIZES, name: string): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `${name}-${size.width}x${size.height}`);
  }
}

const paths = (requests: Request[]) => requests.map((request) => new URL(request.url()).pathname);

test('the register at a store that is not there: said once in words, no sale screen, nothing asked again', async ({
  page,
  service,
}, testInfo) => {
  const asked = storeRequests(page, 'nope');
  await openPos(page, service.url, 'nope');

  const refused = page.getByTestId('store-refused');
  await expect(refused.getByRole('heading', { name: 'There is no store “nope” here' })).toBeVisible();
  // A cashier may not list the stores: the page says where the short name is, and who knows it.
  await expect(refused).toContainText(
    'Check the address: the store’s short name comes after “?dispensary=” in it. Your manager can tell you the short name of each store.',
  );
  await expect(page.locator('body')).not.toContainText(/NOT_FOUND|404|no dispensary|Reconnecting/);
  await expect(page.getByRole('heading', { name: 'Cart' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/\d:\d\d|UTC/);

  await aMinuteLater(page);
  expect(paths(asked)).toEqual(['/v2.0/dispensary/nope']);
  await seenAt(page, testInfo, POS_SIZES, 'pos-unknown-store');
  // Signing out leaves for the login, as anywhere else.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
});

test('a manager at the register is offered the stores to open, and the one chosen opens its sale screen', async ({
  page,
  service,
}, testInfo) => {
  await openPos(page, service.url, 'nope', ['manager', 'manager-demo-1']);
  const refused = page.getByTestId('store-refused');
  await expect(refused).toContainText('Check the address, or open one of the stores you can:');
  const stores = refused.getByRole('list', { name: 'Stores you can open' });
  await seenAt(page, testInfo, [{ width: 1024, height: 768 }], 'pos-unknown-store-manager');
  await stores.getByRole('link', { name: 'Green Valley Dispensary' }).click();
  await expect(page).toHaveURL(/[?&]dispensary=demo\b/);
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
});

test('an address whose store cannot be a short name opens no store at the register or the display', async ({
  page,
  service,
}) => {
  const demo = storeRequests(page, 'demo');
  await openPos(page, service.url, 'Green Valley');
  const refused = page.getByTestId('store-refused');
  await expect(refused.getByRole('heading', { name: 'There is no store “Green Valley” here' })).toBeVisible();
  await expect(refused).toContainText('A store’s short name has lowercase letters and digits only');
  await aMinuteLater(page);
  expect(demo).toEqual([]);

  await openDisplay(page, service.url, 'Green Valley');
  await expect(page.getByRole('heading', { name: 'This display is not set up yet' })).toBeVisible();
  await aMinuteLater(page);
  expect(demo).toEqual([]);
});

test('the pole display at a store that is not there: calm for the customer, the reason for staff, nothing asked again', async ({
  page,
  service,
}, testInfo) => {
  const asked = storeRequests(page, 'nope');
  await openDisplay(page, service.url, 'nope');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This display is not set up yet');
  await expect(page.getByTestId('staff-note')).toContainText(
    'For staff (register front-1): There is no store “nope” here. Check the address',
  );
  await expect(page).toHaveTitle('Not set up: There is no store “nope” here · ServicePay customer display');
  // No welcome that waits for a cashier, no service sentence, no code.
  await expect(page.locator('body')).not.toContainText(/Welcome|NOT_FOUND|404|no dispensary/);

  await aMinuteLater(page);
  expect(paths(asked)).toEqual(['/v2.0/dispensary/nope']);
  await seenAt(page, testInfo, DISPLAY_SIZES, 'display-unknown-store');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Start the display' })).toBeVisible();
});

test('a store this cashier does not work at: said so at the register, and nothing asked again', async ({
  page,
  service,
  api,
}) => {
  const organization = await api.organizationId();
  const where = ['--timezone', 'America/Denver', '--street', '1 Elm St', '--city', 'Denver', '--state', 'CO'];
  cli(
    service.dataDir,
    'dispensaries',
    'add',
    'elsewhere',
    '--org',
    organization,
    '--name',
    'Elsewhere',
    ...where,
    '--zip',
    '80204',
  );
  await api.call(
    'POST',
    '/v2.0/dispensary/elsewhere/setup/staff',
    JSON.stringify({ username: 'elle', displayName: 'Elle Cashier', role: 'cashier', password: 'elle-cashier-1' }),
    { authorization: `Bearer ${await api.token('admin')}`, 'content-type': 'application/json' },
  );
  const asked = storeRequests(page, 'demo');
  await openPos(page, service.url, 'demo', ['elle', 'elle-cashier-1']);

  const refused = page.getByTestId('store-refused');
  await expect(
    refused.getByRole('heading', { name: 'You cannot open the store “demo” with this login' }),
  ).toBeVisible();
  await expect(refused).toContainText('Sign out and sign in as someone who works there, or check the address.');
  await expect(page.locator('body')).not.toContainText(/FORBIDDEN|403|not permitted/);
  await aMinuteLater(page);
  expect(paths(asked)).toEqual(['/v2.0/dispensary/demo']);
});
