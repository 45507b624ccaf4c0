import { OnlineOrdersPage } from '../pages/online-orders-page.js';
import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { addCustomer, moveOrder, payByCard, placeOnline } from '../support/online-orders-api.js';
import { expectNoWindowScroll, expectTouchTargets, REGISTER_SIZES } from '../support/register-sizes.js';
import { keepScreenshot } from '../support/screenshots.js';
import type { ServiceApi } from '../support/service-api.js';

// A service of this file's own (the option differs from every other file's): the first journey
// starts from an empty queue.
test.use({ serviceOptions: { args: [], env: { SERVICEPAY_E2E_FILE: 'online-orders' } } });

/** Two demo pre-rolls (counted, each from a labelled package), for orders of a few items. */
async function twoProducts(
  api: ServiceApi,
): Promise<[{ productId: string; name: string }, { productId: string; name: string }]> {
  const products = (await api.products('PREROLL', 50)).filter((product) => !product.deli);
  return [products[0]!, products[1]!];
}

test('an online order shows in the tab as it is placed, is picked and packed; another is canceled with a reason', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'online-1');
  await expect(page.getByText('No online orders waiting.')).toBeVisible();
  await expect(queue.count).toHaveText('0');

  const [first, second] = await twoProducts(api);
  const ada = await addCustomer(api, 'Ada', 'Lovelace');
  const order = await placeOnline(
    api,
    [
      { productId: first.productId, quantity: 2 },
      { productId: second.productId, quantity: 1 },
    ],
    ada,
  );
  // It shows as the live channel tells the register (how fast: `npm run bench:pickup`).
  const card = queue.cardIn('New', order.orderNumber);
  await expect(card).toBeVisible();
  await expect(queue.count).toHaveText('1');
  await expect(card.getByRole('heading', { name: order.orderNumber })).toBeVisible();
  await expect(card).toContainText('Ada L.');
  await expect(card).toContainText(`$${order.total}`);
  await expect(card).toContainText(/Promised (Tomorrow, )?\d{1,2}:\d{2}\s[AP]M/);
  await expect(card).toContainText(/Placed \d{1,2}:\d{2}\s[AP]M/);
  await expect(card.getByTestId('payment')).toHaveText('Not paid');
  await expect(card).toContainText('3 items');
  const lines = card.getByRole('list', { name: `Items of order ${order.orderNumber}` }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(`2\u00a0×${first.name}`);
  // The package to take it from, by its label.
  await expect(lines.first().getByTitle(/^Package /)).toHaveText(/^\S{8,}$/);
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'online-orders-new');

  // Starting it opens its pick list: each package is scanned as it goes in the bag.
  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  await expect(list).toBeVisible();
  const picking = queue.cardIn('Picking', order.orderNumber);
  await expect(picking.getByTestId('picker')).toHaveText('Picking: Casey Cashier');
  await expect(queue.button(order.orderNumber, 'Start picking')).toHaveCount(0);
  const packed = list.getByRole('button', { name: `Packed: order ${order.orderNumber}` });
  await expect(packed).toBeDisabled();
  const [firstLine, secondLine] = order.items;
  // Scans that confirm nothing, each saying why.
  await queue.scan(order.orderNumber, 'NOPE-0000');
  await expect(list.getByTestId('pick-note')).toHaveText(
    'Nothing in this store has the label NOPE-0000: check the label and scan it again.',
  );
  // The refused code stays in the field beside why, selected: the scanner's next keys replace it.
  const labelField = list.getByLabel('Package label');
  await expect(labelField).toHaveValue('NOPE-0000');
  await expect(labelField).toHaveAttribute('aria-invalid', 'true');
  await expect(labelField).toHaveAccessibleDescription(
    'Nothing in this store has the label NOPE-0000: check the label and scan it again.',
  );
  await expect(labelField).toBeFocused();
  await keepScreenshot(page, testInfo, 'online-orders-pick-refused');
  await page.keyboard.type('NOPE-1111');
  await page.keyboard.press('Enter');
  await expect(list.getByTestId('pick-note')).toHaveText(
    'Nothing in this store has the label NOPE-1111: check the label and scan it again.',
  );
  await expect(labelField).toHaveValue('NOPE-1111');
  const stranger = (await api.products('PREROLL', 50)).find(
    (product) => ![first.productId, second.productId].includes(product.productId) && product.packageLabel,
  );
  if (stranger) {
    await queue.scan(order.orderNumber, stranger.packageLabel);
    await expect(list.getByTestId('pick-note')).toHaveText(
      `${stranger.packageLabel} is ${stranger.name}, which order ${order.orderNumber} does not have.`,
    );
  }
  await queue.scan(order.orderNumber, firstLine!.packageLabel.toLowerCase());
  await expect(list.getByTestId('pick-note')).toHaveText(`${firstLine!.name}: 1 of 2 scanned.`);
  // A scan taken empties the field for the next one.
  await expect(labelField).toHaveValue('');
  await expect(labelField).not.toHaveAttribute('aria-invalid');
  await expect(list.getByTestId('pick-progress')).toHaveText('0 of 2 lines');
  await queue.scan(order.orderNumber, firstLine!.packageLabel);
  await queue.scan(order.orderNumber, firstLine!.packageLabel);
  await expect(list.getByTestId('pick-note')).toHaveText(`${firstLine!.name} is already scanned in full (2\u00a0×).`);
  await queue.scan(order.orderNumber, secondLine!.packageLabel);
  await expect(list.getByTestId('pick-progress')).toHaveText('2 of 2 lines');
  expect(await axeViolations(page, 'dialog.pick-dialog')).toEqual([]);
  await keepScreenshot(page, testInfo, 'online-orders-pick-list');
  await list.getByLabel('Bags').fill('2');
  await packed.click();
  await expect(list).toBeHidden();
  const ready = queue.cardIn('Ready for pickup', order.orderNumber);
  await expect(ready.getByTestId('picker')).toHaveText('Picked by Casey Cashier');
  await expect(ready.getByRole('button', { name: /^(Start picking|Pick and pack)/ })).toHaveCount(0);
  await expect(queue.count).toHaveText('1');
  await expect(page.getByTestId('queue-done')).toContainText(`Order ${order.orderNumber} packed`);

  // A second order, canceled: the confirm asks why and will not go on without it.
  const other = await placeOnline(api, [{ productId: first.productId, quantity: 1 }]);
  await expect(queue.cardIn('New', other.orderNumber)).toBeVisible();
  await expect(queue.count).toHaveText('2');
  await expect(queue.card(other.orderNumber)).toContainText('No name');
  await queue.button(other.orderNumber, 'Cancel order').click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${other.orderNumber}?` });
  // The field is empty: its example reads as one (slanted, "Such as: …"), not as a reason typed.
  const reason = dialog.getByLabel('Why is it canceled?');
  await expect(reason).toHaveValue('');
  await expect(reason).toHaveAttribute('placeholder', 'Such as: the customer changed their mind');
  expect(await reason.evaluate((field) => getComputedStyle(field, '::placeholder').fontStyle)).toBe('italic');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'online-orders-cancel-reason-1280', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why first: the audit trail keeps the reason with your name.');
  await keepScreenshot(page, testInfo, 'online-orders-cancel-no-reason-1280', { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 768 });
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(queue.card(other.orderNumber)).toBeVisible();
  await queue.cancel(other.orderNumber, 'Customer called to cancel');
  await expect(queue.card(other.orderNumber)).toHaveCount(0);
  await expect(page.getByTestId('queue-done')).toHaveText(
    `Order ${other.orderNumber} canceled; its items go back on the shelf.`,
  );
  await expect(queue.count).toHaveText('1');
  expect((await api.ticketByNumber(other.orderNumber)).status).toBe('CANCELED');
});

test('a move refused because the order moved meanwhile says why in words; a paid order offers no cancel', async ({
  page,
  service,
  api,
}, testInfo) => {
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'online-2');
  const [product] = await twoProducts(api);
  const order = await placeOnline(api, [{ productId: product.productId, quantity: 1 }]);
  await expect(queue.cardIn('New', order.orderNumber)).toBeVisible();

  // Another register starts it; this register's read of the queue is held, so its card still offers the start.
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  let asked: () => void = () => {};
  const readAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/ecommerce/pickup-queue', async (route) => {
    if (!holding) return route.continue();
    held.push(() => route.continue());
    asked();
  });
  await moveOrder(api, order.orderId, 'IN_PROCESS');
  await readAsked; // the live channel told the register, which asked for the queue again
  await queue.button(order.orderNumber, 'Start picking').click();
  const note = queue.card(order.orderNumber).getByTestId('card-note');
  await expect(note).toContainText(`Order ${order.orderNumber} is already being picked by Morgan Manager.`);
  holding = false;
  for (const release of held.splice(0)) await release();
  const moved = queue.cardIn('Picking', order.orderNumber);
  await expect(moved.getByTestId('picker')).toHaveText('Picking: Morgan Manager');
  await expect(moved.getByTestId('card-note')).toBeVisible();
  await keepScreenshot(page, testInfo, 'online-orders-refused');
  await moved.getByRole('button', { name: 'Dismiss' }).click();
  await expect(moved.getByTestId('card-note')).toHaveCount(0);

  // Paid: no cancel is offered, and the card says why.
  const paid = await placeOnline(api, [{ productId: product.productId, quantity: 1 }]);
  await expect(queue.cardIn('New', paid.orderNumber)).toBeVisible();
  expect(await payByCard(api, paid.orderNumber, paid.total)).toBe('approved');
  await expect(queue.card(paid.orderNumber).getByTestId('payment')).toHaveText('Paid');
  await expect(queue.button(paid.orderNumber, 'Cancel order')).toHaveCount(0);
  await expect(queue.card(paid.orderNumber)).toContainText('Paid, so it cannot be canceled here');
});

test('a weighed line is scanned, then weighed: a weight off what was ordered says by how much and is weighed again', async ({
  page,
  service,
  api,
}) => {
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'online-3');
  const flower = (await api.products('FLOWER', 50)).find((product) => product.deli && product.quantityAvailable >= 3.5);
  expect(flower, 'the demo sells a weighed flower').toBeTruthy();
  const order = await placeOnline(api, [{ productId: flower!.productId, quantity: 3.5 }]);
  const [line] = order.items;
  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  await queue.scan(order.orderNumber, line!.packageLabel);
  const scale = page.getByRole('dialog', { name: `Weigh ${line!.name}` });
  await scale.getByLabel(/^Weight \(g\)/).fill('3.3');
  await scale.getByRole('button', { name: 'Weighed' }).click();
  await expect(list.getByTestId('pick-note')).toHaveText(
    '3.3 g is 0.2 g short of the 3.5 g ordered: add to it and weigh again.',
  );
  await expect(list.getByTestId('pick-progress')).toHaveText('0 of 1 line');
  // Weighed over: charged for what is on the scale instead, priced again.
  await queue.scan(order.orderNumber, line!.packageLabel);
  await scale.getByLabel(/^Weight \(g\)/).fill('3.62');
  await scale.getByRole('button', { name: 'Weighed' }).click();
  await expect(list.getByTestId('pick-note')).toContainText('3.62 g is 0.12 g over the 3.5 g ordered');
  await list.getByRole('button', { name: 'Charge for 3.62 g instead' }).click();
  await expect(list.getByTestId('pick-note')).toContainText(`${line!.name} is now 3.62\u00a0g.`);
  const charged = await api.ticketByNumber(order.orderNumber);
  expect(charged.items[0]!.quantity).toBe(3.62);
  expect(Number(charged.total)).toBeGreaterThan(Number(order.total));
  await expect(list.getByTestId('pick-note')).toContainText(`The order's total is now $${charged.total}`);
  await expect(list.getByTestId(`line-state-${line!.lineIndex}`)).toHaveText('Done');
  await list.getByRole('button', { name: `Packed: order ${order.orderNumber}` }).click();
  await expect(queue.cardIn('Ready for pickup', order.orderNumber)).toBeVisible();
});

test('a line the shelf cannot fill is changed or taken off before payment; the order is priced again', async ({
  page,
  service,
  api,
}, testInfo) => {
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'online-4');
  const [first, second] = await twoProducts(api);
  const order = await placeOnline(api, [
    { productId: first.productId, quantity: 3 },
    { productId: second.productId, quantity: 1 },
  ]);
  const [firstLine, secondLine] = order.items;
  await queue.button(order.orderNumber, 'Start picking').click();
  const list = queue.pickList(order.orderNumber);
  await expect(list).toBeVisible();

  // Only two on the shelf: the line goes down to 2.
  await list.getByRole('button', { name: `Change ${firstLine!.name}` }).click();
  const change = page.getByRole('dialog', { name: `Change ${firstLine!.name}` });
  await expect(change).toContainText('Ordered: 3\u00a0×.');
  await change.getByRole('button', { name: 'Change the quantity' }).click();
  const keypad = page.getByRole('dialog', { name: `${firstLine!.name}: new quantity` });
  await keypad.getByLabel('Quantity', { exact: true }).fill('2');
  await keypad.getByRole('button', { name: 'Change' }).click();
  // The service has answered the change once the list says so: only then is the ticket read.
  await expect(list.getByTestId('pick-note')).toContainText(`${firstLine!.name} is now 2\u00a0×.`);
  const lowered = await api.ticketByNumber(order.orderNumber);
  expect(lowered.items.map((item) => item.quantity)).toEqual([2, 1]);
  expect(Number(lowered.total)).toBeLessThan(Number(order.total));
  await expect(list.getByTestId('pick-note')).toHaveText(
    `${firstLine!.name} is now 2\u00a0×. The order's total is now $${lowered.total}; the online shop is told.`,
  );
  await expect(queue.card(order.orderNumber)).toContainText(`$${lowered.total}`);
  await keepScreenshot(page, testInfo, 'online-orders-line-changed');

  // None left of the other: taken off; the last line cannot be, and says why.
  await list.getByRole('button', { name: `Change ${secondLine!.name}` }).click();
  await page
    .getByRole('dialog', { name: `Change ${secondLine!.name}` })
    .getByRole('button', { name: 'Take it off the order' })
    .click();
  await expect(list.getByTestId('pick-note')).toContainText(`${secondLine!.name} is off the order.`);
  const left = await api.ticketByNumber(order.orderNumber);
  expect(left.items.map((item) => item.name)).toEqual([firstLine!.name]);
  await list.getByRole('button', { name: `Change ${firstLine!.name}` }).click();
  const last = page.getByRole('dialog', { name: `Change ${firstLine!.name}` });
  await expect(last.getByRole('button', { name: 'Take it off the order' })).toBeDisabled();
  await expect(last).toContainText('It is the order’s only line: cancel the order instead.');
  expect(await axeViolations(page, 'dialog.line-change')).toEqual([]);
  await last.getByRole('button', { name: 'Keep it' }).click();

  // Picked as it now is, and packed.
  await queue.pickAndPack({ orderNumber: order.orderNumber, items: left.items });
  await expect(queue.cardIn('Ready for pickup', order.orderNumber)).toContainText(`$${left.total}`);
});

test('the tab at every register size: no window scroll, touch targets, no axe finding', async ({
  page,
  service,
  api,
}, testInfo) => {
  const [product, other] = await twoProducts(api);
  const deli = (await api.products('FLOWER', 50)).find((item) => item.deli)!;
  const grace = await addCustomer(api, 'Grace', 'Hopper');
  const late = await placeOnline(api, [{ productId: deli.productId, quantity: 3.5 }], grace);
  await placeOnline(api, [
    { productId: product.productId, quantity: 1 },
    { productId: other.productId, quantity: 3 },
    { productId: deli.productId, quantity: 1.25 },
  ]);
  // How an overdue card looks: the service marks an order overdue once its promise passed, which a
  // journey cannot wait for; this read says so of one order (the rest is the service's answer).
  await page.route('**/ecommerce/pickup-queue', async (route) => {
    const response = await route.fetch();
    const queue = (await response.json()) as { orders: { orderNumber: string; overdue: boolean }[] };
    for (const order of queue.orders) if (order.orderNumber === late.orderNumber) order.overdue = true;
    await route.fulfill({ response, json: queue });
  });
  const queue = await OnlineOrdersPage.signIn(new PosPage(page), service.url, 'online-3');
  await expect(queue.card(late.orderNumber).getByTestId('overdue')).toHaveText('Overdue');
  for (const size of REGISTER_SIZES) {
    await page.setViewportSize(size);
    await expect(queue.heading).toBeVisible();
    await expectNoWindowScroll(page, size);
    await expectTouchTargets(page);
    expect(await axeViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, `online-orders-${size.width}x${size.height}`);
  }
});
