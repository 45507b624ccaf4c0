import { DrawerPage } from '../pages/drawer-page.js';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { expect, test } from '../support/fixtures.js';
import { placeOnline } from '../support/online-orders-api.js';
import { keepScreenshot } from '../support/screenshots.js';
import type { ServiceApi } from '../support/service-api.js';

// A service of this file's own: its orders take whole shelves, which no other file's journey expects.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'pickup-shortfall' } } });

/** Counted demo products in stock (each from a labelled package), fewest on the shelf first. */
async function counted(api: ServiceApi) {
  const products = (await api.products(undefined, 100)).filter((product) => !product.deli && product.packageLabel);
  return products.sort((a, b) => a.quantityAvailable - b.quantityAvailable);
}

test('an order filled in part says on its card and in its pick list what it is short of, and what was ordered', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [scarce, gone] = await counted(api);
  // One product's whole shelf goes to an order first: the next order finds none of it.
  await placeOnline(api, [{ productId: gone!.productId, quantity: gone!.quantityAvailable }]);
  const held = scarce!.quantityAvailable;
  const asked = held + 2;
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'short-1');
  const order = await placeOnline(api, [
    { productId: scarce!.productId, quantity: asked },
    { productId: gone!.productId, quantity: 1 },
  ]);
  const card = queue.cardIn('New', order.orderNumber);
  await expect(card).toBeVisible();
  const lines = card.getByRole('list', { name: `Items of order ${order.orderNumber}` }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`${held}\u00a0×of ${asked} ordered${scarce!.name}`);
  const shortWords = [
    `${scarce!.name}: ${held} of ${asked} — only ${held} were in stock`,
    `${gone!.name}: 0 of 1 — none were in stock`,
  ];
  await expect(card.getByTestId('card-short').getByRole('listitem')).toHaveText(shortWords);
  await keepScreenshot(page, testInfo, 'pickup-short-card-1280x800');

  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  await expect(list.getByTestId('pick-short')).toHaveText(`Short of what was ordered: ${shortWords.join('. ')}.`);
  await expect(list.getByRole('list', { name: `Pick list of order ${order.orderNumber}` })).toContainText(
    `of ${asked} ordered`,
  );
  await keepScreenshot(page, testInfo, 'pickup-short-pick-1280x800');
  await list.getByRole('button', { name: `Change ${scarce!.name}` }).click();
  const change = page.getByRole('dialog', { name: `Change ${scarce!.name}` });
  await expect(change).toContainText(`Ordered: ${asked}\u00a0×; the order holds ${held}\u00a0×.`);
  await change.getByRole('button', { name: 'Keep it' }).click();

  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'pickup-short-pick-1024x768');
  await list.getByRole('button', { name: 'Close' }).click();
  await expect(queue.cardIn('Picking', order.orderNumber).getByTestId('card-short')).toBeVisible();
  await keepScreenshot(page, testInfo, 'pickup-short-card-1024x768');
});

test('what was scanned of an order outlives a reload of the register, until the order is packed', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const products = await counted(api);
  const [first, second] = products.slice(-2);
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'short-2');
  const order = await placeOnline(api, [
    { productId: first!.productId, quantity: 1 },
    { productId: second!.productId, quantity: 1 },
  ]);
  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  const [firstLine, secondLine] = order.items;
  await queue.scan(order.orderNumber, firstLine!.packageLabel);
  await expect(list.getByTestId('pick-progress')).toHaveText('1 of 2 lines');

  // Reloaded, the register reads its drawer (closed); the cashier opens Online orders before that
  // answer comes, and the drawer's first step does not take the screen from them.
  let drawerRead: () => void = () => {};
  const drawerAsked = new Promise<void>((resolve) => (drawerRead = resolve));
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route('**/drawers/short-2', async (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
    drawerRead();
  });
  await page.reload();
  await drawerAsked;
  await queue.open();
  holding = false;
  for (const release of held.splice(0)) await release();
  expect(await new DrawerPage(page).state()).toBe('closed');
  await expect(page.getByRole('heading', { name: 'Online orders', level: 2 })).toBeVisible();
  const card = queue.cardIn('Picking', order.orderNumber);
  await expect(card.getByTestId('picked')).toHaveText('1 of 2 lines picked');
  await keepScreenshot(page, testInfo, 'pickup-kept-progress-1280x800');
  await queue.button(order.orderNumber, 'Pick and pack').click();
  await expect(list.getByTestId('pick-progress')).toHaveText('1 of 2 lines');
  await expect(list.getByTestId(`line-state-${firstLine!.lineIndex}`)).toHaveText('Done');
  await queue.scan(order.orderNumber, secondLine!.packageLabel);
  await list.getByRole('button', { name: `Packed: order ${order.orderNumber}` }).click();
  await expect(queue.cardIn('Ready for pickup', order.orderNumber)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('servicepay.pos.picking.short-2'))).toBeNull();
});
