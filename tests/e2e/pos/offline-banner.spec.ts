import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { PosPage } from '../pages/pos-page.js';
import { attachRegister, dataFolders, startStoreServer } from '../support/attached-store.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// A register attached to a store server of its own (started here, so the test can pull its plug):
// the register's POS says within 2 seconds that the server does not answer, sells for cash all the
// same, says the sale waits to be sent, and the banner goes once the server is back and has it.
const folders = dataFolders();
const folder = folders.make;
test.afterAll(() => folders.removeAll());

/** The orders of that number in the server's database (read beside the running server). */
async function ordersNumbered(dataDir: string, orderNumber: string) {
  const db = await openDataLayer({ dataDir, poolSize: 1, listen: false });
  try {
    return await db.all(db.builder.selectFrom('orders').select('status').where('order_number', '=', orderNumber));
  } finally {
    await db.close();
  }
}

test('an attached register shows it is offline within 2 s, sells for cash, and clears when the server is back', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const serverDir = folder('server');
  const port = await freePort();
  let server: ServiceProcess = await startStoreServer(serverDir, port);
  const registerDir = folder('register');
  // The manager's password on stdin; the register gets its own credentials and the store's replica.
  attachRegister(registerDir, server.url);
  const register = await startService(['--data', registerDir, '--log-level', 'warn']);
  try {
    const pos = new PosPage(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await pos.open(register.url);
    await pos.login();
    const banner = page.getByTestId('offline-banner');
    const live = page.getByTestId('live-state');
    await expect(banner).toHaveCount(0);
    await expect(live).toHaveText('Live');

    // The plug is pulled: the banner within 2 seconds.
    await server.stop();
    await expect(banner).toBeVisible({ timeout: 2_000 });
    await expect(banner).toContainText(/Offline since \d{1,2}:\d{2}\s[AP]M \w+: the store server does not answer\./);
    await expect(banner).toContainText('Sales go on at this register');
    // The top bar says so too, not "Live".
    await expect(live).toHaveText('Offline');
    expect(await axeViolations(page)).toEqual([]);
    await pos.screenshot(testInfo, 'offline-banner');

    // A cash sale completes offline.
    await pos.openDrawer();
    await pos.addBySearch('dogwalkers', 'Mini Dogwalkers 5-Pack');
    const total = await pos.settled();
    const orderNumber = await pos.payHere();
    await pos.payCashInWidget(total);
    await pos.expectSold(orderNumber);
    await expect(banner).toBeVisible();
    // The sale waits at the register to be sent to the server.
    await expect(banner).toContainText('1 sale waits to be sent to the store server.');
    await pos.screenshot(testInfo, 'offline-cash-sale');

    // The server is back on its address: the sale is sent, once, and the banner goes.
    server = await startStoreServer(serverDir, port);
    await expect(banner).toHaveCount(0, { timeout: 5_000 });
    await expect(live).toHaveText('Live');
    await expect
      .poll(() => ordersNumbered(serverDir, orderNumber), { timeout: 5_000 })
      .toEqual([{ status: 'COMPLETED' }]);
    await expect(page.getByTestId('sending-banner')).toHaveCount(0);
  } finally {
    await register.stop();
    await server.stop();
  }
});
