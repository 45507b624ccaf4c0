import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';
import { cli } from '../../support/service-process.js';

// A service of this file's own: the journey moves the store to another time zone.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'store-zone' } } });

test('the register follows the store moved to another time zone by its manager or the command, without being reopened', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'zone-1');
  await expect(page.getByText(/Times in P[SD]T\./)).toBeVisible();

  // The manager moves the store (in the back office, another window): the register is told live.
  const moved = await api.changeStore('demo', { timezone: 'America/New_York' });
  expect(moved.timezone).toBe('America/New_York');
  await expect(page.getByText(/Times in E[SD]T\./)).toBeVisible();
  await keepScreenshot(page, testInfo, 'register-store-moved-east');

  // The command line on the register's own SQLite file, while the register runs: told the same way.
  cli(service.dataDir, 'dispensaries', 'set', 'demo', '--timezone', 'America/Chicago');
  await expect(page.getByText(/Times in C[SD]T\./)).toBeVisible();
});
