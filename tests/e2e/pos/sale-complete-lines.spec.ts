import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { springCode } from '../support/wednesday-deals.js';

// A store of its own: the sale takes stock the other journeys count on, and its code deal prices it.
test.use({ serviceOptions: { args: [], env: {}, own: 'sale-complete-lines' } });

/** The dialog's line for reward dollars typed where the store runs no loyalty programme (a manager approves them). */
const REWARD_BY_HAND = [/^Reward dollars: \$2\.00 off · the store runs no loyalty programme$/];

test('a paid sale’s lines show as sold, with nothing on them to change, until New sale', async ({
  page,
  service,
  api,
}, testInfo) => {
  await springCode(api);
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-31');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const names = await pos.cartLines.locator('.name').allTextContents();
  await pos.addPromoCode('spring10');
  await expect(pos.dealChip('SPRING10')).toContainText(/Spring code: \$\d+\.\d\d off/);
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.expectSold(orderNumber, await pos.payCashInWidget(total));

  // The cart shows the order as sold: its lines, its code, its total, and no button or field to change them.
  const cart = page.getByRole('region', { name: 'Cart' });
  const sold = cart.getByRole('list', { name: `Items of order ${orderNumber}` }).locator(':scope > li');
  await expect(sold).toHaveCount(2);
  for (const [at, name] of names.entries()) await expect(sold.nth(at)).toContainText(name.trim());
  await expect(pos.cartLines).toHaveCount(0);
  for (const name of [/^One (more|less) /, /^Remove /, /^Discount on /, /^Change .* on the keypad$/]) {
    await expect(cart.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(cart.getByRole('textbox', { name: /^Quantity of / })).toHaveCount(0);
  await expect(cart.getByRole('list', { name: 'Promo codes' }).getByRole('listitem')).toHaveText([
    /Promo code SPRING10 — \$\d+\.\d\d off \(Spring code\)$/,
  ]);
  await expect(cart.getByLabel('Promo code', { exact: true })).toHaveCount(0);
  await expect(cart.getByRole('button', { name: 'Add code' })).toHaveCount(0);
  await expect(pos.total).toHaveText(total);
  // A sale with no customer and no reward dollars says nothing of them: no field to fill, no button to press.
  await expect(cart.getByText('Customer and reward dollars')).toHaveCount(0);
  await expect(cart.getByRole('textbox', { name: 'Reward dollars' })).toHaveCount(0);
  await expect(cart.getByRole('button', { name: 'Find customer or check ID' })).toHaveCount(0);
  await expect(cart.getByRole('group', { name: /^Customer and reward dollars/ })).toHaveCount(0);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await pos.screenshot(testInfo, 'sale-complete-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(sold).toHaveCount(2);
  await pos.screenshot(testInfo, 'sale-complete-1024x768');

  // New sale: the cart is empty and takes the next sale's lines, which change as ever.
  await pos.newSale();
  await expect(cart.getByRole('list', { name: `Items of order ${orderNumber}` })).toHaveCount(0);
  await pos.tapProducts(1);
  await expect(pos.cartLines.first().getByRole('button', { name: /^Remove / })).toBeEnabled();
});

test('a paid sale’s customer and reward dollars read as words, where the open sale had their fields', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'counter-32');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(1);
  // The open sale: its customer and reward dollars are fields, behind one row that opens them.
  await page.getByText('Customer and reward dollars').click();
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Phone').fill('(916) 555-0134');
  await page.getByLabel('Email').fill('jordan.lee@example.com');
  await pos.typeRewardDollars('2.00');
  const total = await pos.settled();
  await page.getByRole('button', { name: 'Take payment here' }).click();
  const orderNumber = await pos.approveAsManager(REWARD_BY_HAND);
  await pos.expectSold(orderNumber, await pos.payCashInWidget(total));

  // Paid: what the sale had, to read, in the fields' place; nothing to open, type in or press.
  const cart = page.getByRole('region', { name: 'Cart' });
  const sold = cart.getByRole('group', { name: `Customer and reward dollars of order ${orderNumber}` });
  await expect(sold.locator('dt')).toHaveText(['Customer', 'Reward dollars']);
  await expect(sold.locator('dd')).toHaveText(['Jordan Lee · (916) 555-0134 · jordan.lee@example.com', '$2.00']);
  await expect(cart.getByText('Customer and reward dollars', { exact: true })).toHaveCount(0);
  for (const field of ['First name', 'Last name', 'Phone', 'Email', 'Reward dollars']) {
    await expect(cart.getByRole('textbox', { name: field })).toHaveCount(0);
  }
  await expect(cart.getByRole('button')).toHaveCount(0);
  await expect(pos.total).toHaveText(total);
  await expect(sold).toBeInViewport({ ratio: 1 });
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'sale-complete-customer-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(sold).toBeInViewport({ ratio: 1 });
  await expect(pos.total).toBeInViewport({ ratio: 1 });
  await pos.screenshot(testInfo, 'sale-complete-customer-1024x768');

  // The next sale is open: its fields are back, empty and editable.
  await pos.newSale();
  await expect(sold).toHaveCount(0);
  await pos.tapProducts(1);
  await page.getByText('Customer and reward dollars').click();
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.getByLabel('Reward dollars')).toBeEnabled();
});
