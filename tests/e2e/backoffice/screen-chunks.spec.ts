import type { Page } from '@playwright/test';
import { BackOfficePage } from '../pages/backoffice-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

/**
 * Each back-office tab's screen but the first is a chunk of its own (components/lazy-screen.ts),
 * fetched as its tab is first opened: signing in loads only the virtual terminal. These journeys
 * only open screens, so they share the default service.
 */
const SCREEN_CHUNK =
  /\/assets\/(OrdersView|CustomersView|ProductsTab|DealsView|SalesView|ReportsView|DrawersView|AuditView|StateReportingView|SetupView)-[\w-]+\.js$/;

/** The tab screens' chunks the page fetches from now on, by name. */
function screenChunks(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const chunk = SCREEN_CHUNK.exec(new URL(request.url()).pathname);
    if (chunk) fetched.push(chunk[1]!);
  });
  return fetched;
}

/** The back office at 1280×800, the demo manager signed in. */
async function signIn(page: Page, serviceUrl: string): Promise<BackOfficePage> {
  const office = new BackOfficePage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await office.open(serviceUrl);
  await office.login();
  return office;
}

test('sign-in shows the virtual terminal at once; a tab says it is opening while its screen loads, which happens once', async ({
  page,
  service,
}, testInfo) => {
  const fetched = screenChunks(page);
  const office = await signIn(page, service.url);
  await expect(page.getByRole('heading', { level: 2, name: 'Virtual terminal' })).toBeVisible();
  await expect(page.getByText(/^Opening the .* screen…$/)).toHaveCount(0);
  expect(fetched).toEqual([]);

  // The Orders screen's code is held until the test lets it go, as a slow network would hold it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/OrdersView-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Orders' }).click();
  const opening = page.getByRole('status').filter({ hasText: 'Opening the Orders screen…' });
  await expect(opening).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-screen-opening');
  release();
  await expect(page.getByRole('heading', { level: 2, name: 'Orders' })).toBeVisible();
  await expect(opening).toHaveCount(0);
  await office.screenshot(testInfo, 'backoffice-orders-loaded');

  // Opened again, the screen is there at once: its code is not fetched a second time.
  await office.show('Virtual terminal');
  await office.show('Orders');
  await office.show('Audit trail');
  expect(fetched).toEqual(['OrdersView', 'AuditView']);
});

test('a screen whose code cannot be had (the service was updated) says so and offers Reload, which opens it still signed in', async ({
  page,
  service,
}, testInfo) => {
  const office = await signIn(page, service.url);
  // An update renames the built files: the one this window's page names is gone (404).
  await page.route('**/assets/ReportsView-*.js', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  const reportsTab = page.getByRole('navigation', { name: 'Back office' }).getByRole('button', { name: 'Reports' });
  await reportsTab.click();
  const failed = page.getByRole('alert').filter({ hasText: 'The Reports screen could not be opened.' });
  await expect(failed).toContainText('Reload the page to open it; you stay signed in.');
  expect(await axeViolations(page)).toEqual([]);
  await office.screenshot(testInfo, 'backoffice-screen-not-opened');

  await page.unroute('**/assets/ReportsView-*.js');
  await failed.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Virtual terminal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await reportsTab.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reports' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
