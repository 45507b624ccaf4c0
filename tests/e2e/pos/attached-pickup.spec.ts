import { freePort, startService, type ServiceProcess } from '../../support/service-process.js';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { attachRegister, dataFolders, startStoreServer } from '../support/attached-store.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { placeOnline } from '../support/online-orders-api.js';
import { ServiceApi } from '../support/service-api.js';

// The pickup queue at a register attached to a store server of its own (started here, so the test
// can pull its plug): the server's online orders are listed, picked by scan, packed and handed over
// for cash at the register (the server lends the order to it); with the server gone, the list is
// said not to be current and nothing moves from here.
const folders = dataFolders();
const folder = folders.make;
test.afterAll(() => folders.removeAll());

test("an attached register picks, packs and hands over the server's online orders, and says when its list is not current", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const serverDir = folder('server');
  const port = await freePort();
  let server: ServiceProcess = await startStoreServer(serverDir, port);
  const registerDir = folder('register');
  attachRegister(registerDir, server.url);
  const register = await startService(['--data', registerDir, '--log-level', 'warn']);
  try {
    const pos = new PosPage(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await pos.open(register.url);
    await pos.login();
    await expect(page.getByTestId('live-state')).toHaveText('Live');
    const queue = new OnlineOrdersPage(page);
    await queue.open();

    // Placed online at the store server: it shows at the register as the server's stream tells it.
    const shop = new ServiceApi(server.url);
    const [product] = (await shop.products('PREROLL', 20)).filter((item) => !item.deli);
    const order = await placeOnline(shop, [{ productId: product!.productId, quantity: 2 }]);
    await expect(queue.cardIn('New', order.orderNumber)).toBeVisible();
    await queue.button(order.orderNumber, 'Start picking').click();
    await queue.pickAndPack(order);
    await expect(page.getByTestId('queue-done')).toContainText(`Order ${order.orderNumber} packed`);
    const ready = queue.cardIn('Ready for pickup', order.orderNumber);
    await expect(ready.getByTestId('picker')).toHaveText('Picked by Casey Cashier');
    expect(await shop.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'PACKED_READY' });

    // Handed over here: the server lends the order to this register, which takes the cash into its
    // own drawer; the payment and the hand-over reach the server once.
    await pos.openDrawer();
    await queue.open();
    await queue.button(order.orderNumber, 'Hand over').click();
    const checkout = page.locator('section.checkout');
    await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
    await checkout.getByRole('button', { name: 'Take payment here' }).click();
    await pos.payCashInWidget(`$${order.total}`);
    await expect(
      checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` }),
    ).toBeVisible();
    await expect
      .poll(async () => (await shop.ticketByNumber(order.orderNumber)).status, { timeout: 10_000 })
      .toBe('COMPLETED');
    expect(await shop.ticketByNumber(order.orderNumber)).toMatchObject({ paymentStatus: 'PAID' });
    await pos.newSale();
    await queue.open();
    await expect(queue.card(order.orderNumber)).toHaveCount(0);

    // Items brought back are given back at the server's back office (it refuses lines here): the
    // register's Today's orders offers no return, and says where.
    await page.getByRole('button', { name: /^Today's orders/ }).click();
    await expect(page.locator(`tr[data-order="${order.orderNumber}"]`)).toBeVisible();
    await expect(page.getByTestId('returns-elsewhere')).toContainText("given back at the store server's back office");
    await expect(page.getByRole('button', { name: /^Return items of order/ })).toHaveCount(0);
    await queue.open();

    // The plug is pulled: the last list, said not to be current; nothing moves from here.
    const another = await placeOnline(shop, [{ productId: product!.productId, quantity: 1 }]);
    await expect(queue.cardIn('New', another.orderNumber)).toBeVisible();
    await server.stop();
    const stale = page.getByTestId('queue-stale');
    await expect(stale).toContainText(/^Not current: the online orders as of /, { timeout: 10_000 });
    await expect(queue.button(another.orderNumber, 'Start picking')).toBeDisabled();
    await expect(queue.button(another.orderNumber, 'Cancel order')).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await pos.screenshot(testInfo, 'attached-queue-not-current');

    // Back: current again.
    server = await startStoreServer(serverDir, port);
    await expect(stale).toHaveCount(0, { timeout: 10_000 });
    await expect(queue.button(another.orderNumber, 'Start picking')).toBeEnabled();
  } finally {
    await register.stop();
    await server.stop();
  }
});
