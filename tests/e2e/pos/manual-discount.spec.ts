import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { readReceipt } from '../support/print-frame.js';

// A store of its own: its policy asks for a manager's PIN for every manual discount, and no other
// file must find it so. (Needs the service's manual discounts, README "Manual discounts".)
test.use({ serviceOptions: { args: [], env: {}, own: 'manual-discount-pos' } });

test("a manual discount at the POS: 10 % off a line with a reason, the manager's PIN the store asks for, paid, and kept on the cart, the display, the receipt and the ticket", async ({
  page,
  service,
  api,
}, testInfo) => {
  // Every manual discount a cashier gives needs a manager's PIN (the demo manager's is 2580).
  await api.setup('PUT', '/store', { manualDiscountPinAbove: 0 });

  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos, display } = await register(page, service.url);
  await display.page.setViewportSize({ width: 1920, height: 1080 });
  await pos.openDrawer();
  await pos.addBySearch('FLW-001', 'Blue Dream');
  const before = await pos.settled();

  // 10 % on the keypad, and no reason yet: refused beside the reason, the number kept.
  const dialog = await pos.openDiscount('Blue Dream');
  await expect(dialog.getByText('The line comes to $35.00 after deals.')).toBeVisible();
  await pos.keyDiscount(dialog, '10');
  await dialog.getByRole('button', { name: 'Give discount' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why: the sale keeps the reason with your name.');
  await expect(dialog.getByRole('textbox', { name: 'Percent off' })).toHaveValue('10');

  // A quick reason; the store asks for a manager's PIN, so the dialog asks for it before giving it.
  await dialog.getByRole('button', { name: 'Damaged package' }).click();
  await dialog.getByRole('button', { name: 'Give discount' }).click();
  await expect(dialog.getByText("This store asks for a manager's PIN to give this much off by hand.")).toBeVisible();
  await expect(pos.lineDeals('Blue Dream')).toHaveCount(0);
  expect(await axeViolations(page, 'dialog')).toEqual([]);
  await pos.screenshot(testInfo, 'pos-manual-discount-dialog-1280x800');
  await dialog.getByRole('button', { name: 'Morgan Manager' }).click();
  // A wrong PIN is refused in the dialog, beside the PIN: nothing is given, the cart and display as before.
  await dialog.getByLabel("Manager's PIN").fill('1111');
  await dialog.getByRole('button', { name: 'Approve and give' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/not Morgan Manager.s PIN/i);
  await expect(pos.lineDeals('Blue Dream')).toHaveCount(0);
  expect(await pos.settled()).toBe(before);
  await expect(display.savings('Blue Dream')).toHaveCount(0);
  await pos.screenshot(testInfo, 'pos-manual-discount-wrong-pin-1280x800');
  await dialog.getByLabel("Manager's PIN").fill('2580');
  await dialog.getByRole('button', { name: 'Approve and give' }).click();
  await expect(dialog).toHaveCount(0);

  // The cart, the totals and the pole display count it; the line says why.
  await expect(pos.lineDeals('Blue Dream')).toContainText(['Manual discount −$3.50 · damaged package']);
  const total = await pos.settled();
  expect(total).not.toBe(before);
  await expect(display.savings('Blue Dream')).toHaveText(['Manual discount−$3.50']);
  await expect(display.saved).toHaveText('$3.50');
  await expect(display.total).toHaveText(total);
  expect(await axeViolations(page)).toEqual([]);
  await pos.screenshot(testInfo, 'pos-manual-discount-1280x800');
  await page.setViewportSize({ width: 1024, height: 768 });
  await pos.screenshot(testInfo, 'pos-manual-discount-1024x768');
  await page.setViewportSize({ width: 1280, height: 800 });

  // More off the whole sale than it comes to: said at once, before a manager is called over for a PIN.
  const whole = await pos.openDiscount();
  await whole.getByRole('button', { name: '$ off' }).click();
  await pos.keyDiscount(whole, '500');
  await whole.getByRole('button', { name: 'Damaged package' }).click();
  await whole.getByRole('button', { name: /Give discount|Approve and give/ }).click();
  await expect(whole.getByRole('alert')).toHaveText(/^A manual discount of \$500\.00 is more than the sale comes to/);
  await whole.getByRole('button', { name: 'Cancel' }).click();
  await expect(whole).toHaveCount(0);
  expect(await pos.settled()).toBe(total);

  // Paid in cash with the manager's approval the ticket carries.
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber);

  // The receipt lists the discount under its line.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const receipt = await readReceipt(page, testInfo, 'receipt-manual-discount');
  await expect(receipt.locator('tr', { hasText: 'Manual discount' })).toHaveText('Manual discount-$3.50');
  await expect(receipt.locator('body')).toContainText('You saved $3.50');

  // The ticket keeps it: as given, what it took off, its reason and who approved it.
  const ticket = (await api.ticketByNumber(orderNumber)) as unknown as {
    manualDiscounts: { percent: number | null; reason: string; discount: string; approvedBy: string | null }[];
    items: { name: string; discounts: { dealId: string; amount: string }[] }[];
  };
  expect(ticket.manualDiscounts).toEqual([
    expect.objectContaining({ percent: 10, reason: 'Damaged package', discount: '3.50', approvedBy: 'Morgan Manager' }),
  ]);
  expect(ticket.items[0]!.discounts).toEqual([expect.objectContaining({ dealId: 'manual', amount: '3.50' })]);

  // The next sale starts with no manual discount and no PIN.
  await pos.newSale();
  await pos.addBySearch('FLW-001', 'Blue Dream');
  await expect(pos.lineDeals('Blue Dream')).toHaveCount(0);
});

test("the PIN's fields come with the cart's quote: the sale's dialog, opened while the quote after an approved discount is on its way, asks for the PIN as it lands", async ({
  page,
  service,
  api,
}, testInfo) => {
  await api.setup('PUT', '/store', { manualDiscountPinAbove: 0 });
  await page.setViewportSize({ width: 1280, height: 800 });
  const { pos } = await register(page, service.url);
  await pos.openDrawer();
  await pos.addBySearch('FLW-001', 'Blue Dream');
  await pos.settled();
  const line = await pos.openDiscount('Blue Dream');
  await pos.keyDiscount(line, '10');
  await line.getByRole('button', { name: 'Damaged package' }).click();
  await line.getByRole('button', { name: 'Give discount' }).click();
  await line.getByRole('button', { name: 'Morgan Manager' }).click();
  await line.getByLabel("Manager's PIN").fill('2580');

  // The dialog's own quote passes; the cart's next one (with the discount given) waits until let go.
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  let quotes = 0;
  await page.route('**/ecommerce/ticket/quote', async (route) => {
    quotes += 1;
    if (quotes > 1) await held;
    await route.continue();
  });
  await line.getByRole('button', { name: 'Approve and give' }).click();
  await expect(line).toHaveCount(0);

  // The cart's quote is still the one before any discount by hand: no PIN asked yet.
  const whole = await pos.openDiscount();
  await expect(whole.getByRole('button', { name: 'Give discount' })).toBeVisible();
  await expect(whole.getByLabel("Manager's PIN")).toHaveCount(0);
  // The quote lands: the store asks for a manager's PIN for the sale's manual discounts, so the dialog does.
  letGo();
  await expect(whole.getByLabel("Manager's PIN")).toBeVisible();
  await expect(whole.getByRole('button', { name: 'Approve and give' })).toBeVisible();
  // What the sale comes to before tax, which the discount comes off (its total drops by its tax too).
  await expect(
    whole.getByText('The sale comes to $31.50 before tax ($38.82 with it); the discount comes off before tax.'),
  ).toBeVisible();
  await pos.screenshot(testInfo, 'pos-manual-discount-sale-1280x800');
  await page.unroute('**/ecommerce/ticket/quote');
  await whole.getByRole('button', { name: 'Cancel' }).click();
  await expect(pos.lineDeals('Blue Dream')).toContainText(['Manual discount −$3.50 · damaged package']);
});
