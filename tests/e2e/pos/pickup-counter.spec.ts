import type { Page } from '@playwright/test';
import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, payByCard, payInCash, placeOnline } from '../support/online-orders-api.js';
import { expectNoWindowScroll, expectTouchTargets } from '../support/register-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';
import type { ServiceApi } from '../support/service-api.js';

// A service of this file's own: its orders are the only ones in the queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'pickup-counter' } } });

/** Two demo pre-rolls (counted, each from a labelled package). */
async function twoProducts(api: ServiceApi): Promise<[string, string]> {
  const products = (await api.products('PREROLL', 50)).filter((product) => !product.deli);
  return [products[0]!.productId, products[1]!.productId];
}

const checkoutOf = (page: Page) => page.locator('section.checkout');

test('a packed online order is found by its number, paid in cash at the counter and handed over', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-1', true);
  const [first, second] = await twoProducts(api);
  const ada = await addCustomer(api, 'Ada', 'Lovelace');
  const order = await placeOnline(
    api,
    [
      { productId: first, quantity: 2 },
      { productId: second, quantity: 1 },
    ],
    ada,
  );
  await expect(queue.cardIn('New', order.orderNumber)).toBeVisible();
  await queue.button(order.orderNumber, 'Start picking').click();
  await expect(queue.cardIn('Picking', order.orderNumber)).toBeVisible();
  await queue.pickAndPack(order);
  await expect(queue.button(order.orderNumber, 'Hand over')).toBeVisible();

  await keepScreenshot(page, testInfo, 'hand-over-tab');
  // Typed as the customer reads it out: any case.
  await queue.find(order.orderNumber.toLowerCase());
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  await expect(checkout.getByTestId('hand-over-customer')).toHaveText('Ada L.');
  await expect(checkout.getByTestId('hand-over-payment')).toHaveText('Not paid');
  await expect(checkout.getByTestId('hand-over-total')).toHaveText(`$${order.total}`);
  await expect(
    checkout.getByRole('list', { name: `Items of order ${order.orderNumber}` }).getByRole('listitem'),
  ).toHaveCount(2);
  expect(await axeViolations(page, '.checkout')).toEqual([]);
  await keepScreenshot(page, testInfo, 'hand-over-1366');
  await expectTouchTargets(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  await expectNoWindowScroll(page, { width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'hand-over-1024');
  await page.setViewportSize({ width: 1366, height: 768 });

  await checkout.getByRole('button', { name: 'Take payment here' }).click();
  const change = await pos.payCashInWidget(`$${order.total}`);
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('result-order-number')).toHaveText(order.orderNumber);
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  await expect(page.getByTestId('change-due')).toHaveText(change);
  await keepScreenshot(page, testInfo, 'hand-over-done');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });

  await queue.open();
  await expect(queue.card(order.orderNumber)).toHaveCount(0);
});

test('an order paid by card online is handed over without a payment step', async ({ page, service, api }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-2', false);
  const [first] = await twoProducts(api);
  const grace = await addCustomer(api, 'Grace', 'Hopper');
  const order = await placeOnline(api, [{ productId: first, quantity: 1 }], grace);
  expect(await payByCard(api, order.orderNumber, order.total)).toBe('approved');
  const card = queue.card(order.orderNumber);
  await expect(card.getByTestId('payment')).toHaveText('Paid');

  // Found by the customer's name; not packed yet, it is picked and packed as it is handed over.
  await queue.find('grace');
  const checkout = checkoutOf(page);
  await expect(checkout.getByRole('heading', { name: `Online order ${order.orderNumber}` })).toBeVisible();
  await expect(checkout.getByTestId('hand-over-payment')).toHaveText('Paid');
  await expect(checkout.getByRole('button', { name: 'Take payment here' })).toHaveCount(0);
  await checkout.getByRole('button', { name: 'Hand over' }).click();
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await queue.open();
  await expect(queue.card(order.orderNumber)).toHaveCount(0);
});

test('an order paid in cash at another register is handed over with no change due here', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-3', false);
  const [first] = await twoProducts(api);
  const order = await placeOnline(api, [{ productId: first, quantity: 1 }]);
  // $50.00 handed over at front-1, its change given there.
  expect(await payInCash(api, order.orderNumber, order.total, 5000)).toBe('approved');

  await queue.find(order.orderNumber);
  const checkout = checkoutOf(page);
  await expect(checkout.getByTestId('hand-over-payment')).toHaveText('Paid');
  await checkout.getByRole('button', { name: 'Hand over' }).click();
  await expect(checkout.getByRole('heading', { name: `Handed over: online order ${order.orderNumber}` })).toBeVisible();
  // What it paid of the order, said to be paid before; no change, and no drawer to open for it.
  await expect(page.getByTestId('paid-before')).toHaveText('paid before');
  // Said apart from the card before it ("••4242 paid before", not "••4242paid before").
  await expect(page.locator('.result-figures dt').filter({ has: page.getByTestId('paid-before') })).toContainText(
    /\S paid before$/,
  );
  await expect(page.locator('.result-figures')).toContainText(`$${order.total}`);
  await expect(page.getByTestId('change-due')).toHaveCount(0);
  await expect(page.getByTestId('print-problem')).toHaveCount(0);
  // The cart says the order is handed over, not that it is being handed over.
  await expect(page.getByTestId('cart-hand-over')).toHaveText(
    `Online order ${order.orderNumber} is handed over: New sale starts the next one.`,
  );
  await keepScreenshot(page, testInfo, 'handed-over-paid-before-1280x800');
});

test('an item with no package label is picked by its barcode or a tap, and a weighed line reads by its weight', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-4', true);
  const jar = (await api.products('ACCESSORY', 50)).find((product) => !product.packageLabel && product.barcodes);
  expect(jar, 'the demo sells an accessory with no package label').toBeTruthy();
  const flower = (await api.products('FLOWER', 50)).find((product) => product.deli && product.quantityAvailable >= 4);
  expect(flower, 'the demo sells a weighed flower').toBeTruthy();
  const order = await placeOnline(api, [
    { productId: jar!.productId, quantity: 2 },
    { productId: flower!.productId, quantity: 3.537 },
  ]);
  const [jarLine, flowerLine] = order.items;

  // On the card, the weight stands apart from the name it weighs.
  const card = queue.cardIn('New', order.orderNumber);
  const weighed = card.getByRole('listitem').filter({ hasText: flowerLine!.name });
  await expect(weighed.locator('.qty')).toHaveText('3.537\u00a0g');
  // Nothing of "3.537 g" spills out of its column over the name.
  const quantityText = await weighed.locator('.qty').evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getBoundingClientRect().right;
  });
  const nameBox = (await weighed.locator('.name').boundingBox())!;
  expect(quantityText).toBeLessThan(nameBox.x);
  await keepScreenshot(page, testInfo, 'pickup-card-weighed');

  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  const jarRow = list.getByRole('listitem').filter({ hasText: jarLine!.name });
  await expect(jarRow.locator('.detail')).toHaveText(/no package label: scan its barcode$/);
  // Keeping the quantity as it is changes nothing, and says so.
  await list.getByRole('button', { name: `Change ${jarLine!.name}` }).click();
  await page
    .getByRole('dialog', { name: `Change ${jarLine!.name}` })
    .getByRole('button', { name: 'Change the quantity' })
    .click();
  await page
    .getByRole('dialog', { name: `${jarLine!.name}: new quantity` })
    .getByRole('button', { name: 'Change' })
    .click();
  await expect(list.getByTestId('pick-note')).toHaveText('The quantity is already 2.');
  // One jar by its barcode, the other by a tap.
  await queue.scan(order.orderNumber, jar!.barcodes.split(',')[0]!);
  await expect(list.getByTestId('pick-note')).toHaveText(`${jarLine!.name}: 1 of 2 in the bag.`);
  await list.getByRole('button', { name: `One ${jarLine!.name} in the bag` }).click();
  await expect(list.getByTestId(`line-state-${jarLine!.lineIndex}`)).toHaveText('Done');
  // The card counts the jars' line picked, though one of them went in the bag by a tap, not a scan.
  await expect(queue.card(order.orderNumber).getByTestId('picked')).toHaveText('1 of 2 lines picked');
  await queue.scan(order.orderNumber, flowerLine!.packageLabel);
  const scale = page.getByRole('dialog', { name: `Weigh ${flowerLine!.name}` });
  await scale.getByLabel(/^Weight \(g\)/).fill('3.537');
  await scale.getByRole('button', { name: 'Weighed' }).click();
  await expect(list.getByTestId('pick-progress')).toHaveText('2 of 2 lines');
  await keepScreenshot(page, testInfo, 'pick-list-no-label', { fullPage: false });
  await list.getByRole('button', { name: `Packed: order ${order.orderNumber}` }).click();
  await expect(queue.cardIn('Ready for pickup', order.orderNumber)).toBeVisible();
  await keepScreenshot(page, testInfo, 'pickup-card-ready-unpaid', { fullPage: false });
  // Its three moves each whole on the card: none cut short by the others.
  for (const name of ['Hand over', 'Open the bag again', 'Cancel order'] as const) {
    const button = queue.button(order.orderNumber, name);
    expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }

  // Packed but not paid, its bag opens again (the customer wants one less): its lines change in the pick list.
  await queue.button(order.orderNumber, 'Open the bag again').click();
  const reopened = queue.pickList(order.orderNumber);
  await expect(reopened.getByRole('button', { name: `Change ${jarLine!.name}` })).toBeVisible();
  // Opened, it is packed again as it was first: every line back in the bag.
  for (let jars = 0; jars < 2; jars += 1) {
    await reopened.getByRole('button', { name: `One ${jarLine!.name} in the bag` }).click();
  }
  await queue.scan(order.orderNumber, flowerLine!.packageLabel);
  await scale.getByLabel(/^Weight \(g\)/).fill('3.537');
  await scale.getByRole('button', { name: 'Weighed' }).click();
  await expect(reopened.getByTestId('pick-progress')).toHaveText('2 of 2 lines');
  await reopened.getByRole('button', { name: `Packed: order ${order.orderNumber}` }).click();
  await expect(queue.cardIn('Ready for pickup', order.orderNumber)).toBeVisible();

  // At the counter the weighed line reads by its weight, not "1 ×".
  await queue.button(order.orderNumber, 'Hand over').click();
  const items = checkoutOf(page).getByRole('list', { name: `Items of order ${order.orderNumber}` });
  await expect(items.getByRole('listitem').filter({ hasText: flowerLine!.name }).locator('.qty')).toHaveText(
    '3.537\u00a0g',
  );
  await expect(items.getByRole('listitem').filter({ hasText: jarLine!.name }).locator('.qty')).toHaveText('2\u00a0×');
  await keepScreenshot(page, testInfo, 'hand-over-weighed');
});

// Last in this file: from here on the store enforces California's rules (read at sign-in).
test("where the state's rules want an ID, only the order's customer takes it", async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await api.call('PUT', '/v2.0/dispensary/demo/setup/store', JSON.stringify({ complianceProfile: 'us-ca' }), {
    authorization: `Bearer ${await api.token('manager')}`,
    'content-type': 'application/json',
  });
  const [first] = await twoProducts(api);
  const ada = await addCustomer(api, 'Ada', 'Byron');
  await addCustomer(api, 'Linus', 'Pauling');
  const order = await placeOnline(api, [{ productId: first, quantity: 1 }], ada);
  expect(await payByCard(api, order.orderNumber, order.total)).toBe('approved');
  const pos = new PosPage(page);
  const queue = await OnlineOrdersPage.signIn(pos, service.url, 'counter-3', false);
  await expect(queue.card(order.orderNumber)).toBeVisible();

  // The order number scanned from the customer's phone while the tab is open.
  await pos.scan(order.orderNumber);
  const checkout = checkoutOf(page);
  await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID check needed: the order is for Ada B.');
  await expect(checkout.getByRole('button', { name: 'Hand over' })).toHaveCount(0);
  const dialog = page.getByRole('dialog', { name: 'ID check' });
  const find = async (search: string, name: RegExp) => {
    await dialog.getByLabel('Name, phone or ID number').fill(search);
    await dialog.getByRole('button', { name }).click();
    await expect(dialog.getByTestId('id-verdict')).toHaveText(/ID checked: \d+ years old, may buy today\./);
  };

  // Someone else is found: the dialog says so, and offers them neither the order nor a sale.
  await checkout.getByRole('button', { name: 'Check ID' }).click();
  await find('Pauling', /^Linus Pauling/);
  await expect(dialog.getByTestId('not-the-customer')).toHaveText(
    `Linus Pauling is not the customer on order ${order.orderNumber} (Ada B.). Find the order's customer to hand it over.`,
  );
  await expect(dialog.getByRole('button', { name: /^(Hand over|Sell) to/ })).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `hand-over-id-not-the-customer-${size.width}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  await dialog.getByRole('button', { name: 'Find a customer' }).click();
  await find('Byron', /^Ada Byron/);
  await expect(dialog.getByTestId('not-the-customer')).toHaveCount(0);
  // "Medical patient?" says it opens (▸), and says it is open (▾) to a screen reader too.
  await page.setViewportSize({ width: 1280, height: 800 });
  const medical = dialog.getByRole('button', { name: 'Medical patient?', exact: true });
  await expect(medical).toHaveAttribute('aria-expanded', 'false');
  await keepScreenshot(page, testInfo, 'hand-over-id-medical-closed-1280', { fullPage: false });
  await medical.click();
  await expect(medical).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('button', { name: 'Save as a medical patient' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'hand-over-id-medical-open-1280', { fullPage: false });
  await medical.click();
  await expect(dialog.getByRole('button', { name: 'Save as a medical patient' })).toHaveCount(0);
  await page.setViewportSize({ width: 1024, height: 768 });
  await dialog.getByRole('button', { name: 'Hand over to Ada' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(checkout.getByTestId('hand-over-id')).toHaveText('ID checked: the customer on the order.');

  // Back to the list and opened again (the customer went to fetch their bag): the ID checked today
  // for this customer stands, and the line says who checked it and when, in the store's time.
  await checkout.getByRole('button', { name: 'Back to online orders' }).click();
  await expect(queue.heading).toBeVisible();
  await pos.scan(order.orderNumber);
  await expect(checkout.getByTestId('hand-over-id')).toHaveText(
    /^ID checked by Casey Cashier today at \d{1,2}:\d{2}\u00a0[AP]M\u00a0\S+: the customer on the order\.$/,
  );
  await expect(checkout.getByRole('button', { name: 'Check ID' })).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'hand-over-id-kept-1280', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await checkout.getByRole('button', { name: 'Hand over' }).click();
  await expect(page.getByTestId('result-status')).toHaveText('Picked up');
  expect(await api.ticketByNumber(order.orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });

  // Its number typed again: not "no open online order", but that it was picked up, and when (the store's
  // time: yesterday, to a run that crossed the store's midnight since).
  await queue.open();
  await queue.find(order.orderNumber);
  await expect(page.getByTestId('lookup-words')).toHaveText(
    new RegExp(
      `^Order ${order.orderNumber} was picked up (today|yesterday) at \\d{1,2}:\\d{2}\u00a0[AP]M\u00a0\\S+\\.$`,
    ),
  );
  await expect(page.getByText(/No open online order/)).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, testInfo, `hand-over-picked-up-${size.width}`, { fullPage: false });
  }
});
