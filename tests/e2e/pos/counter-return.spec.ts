import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { keepScreenshot } from '../support/screenshots.js';

// A return at the counter (README "Returns at the counter"): the cashier gives back one of two
// items of a cash sale from Today's orders, a manager approves with their PIN, the cash comes out
// of the register's drawer.
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test('a cashier returns one of two items of a cash sale with a manager’s PIN; the drawer expects less cash', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'return-1');
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
  await pos.drawer.openWithAmount('200.00');

  // Two items sold for cash.
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  await pos.addBySearch('PRE-002', 'Northern Lights Pre-Roll');
  const total = await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.payCashInWidget(total);
  await pos.expectSold(orderNumber);
  await pos.newSale();

  // Today's orders: the sale handed over offers its return.
  const views = page.getByRole('navigation', { name: 'Register views' });
  await views.getByRole('button', { name: /^Today's orders/ }).click();
  await pos.recentOrder(orderNumber).getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${orderNumber}` });
  const line = dialog.locator('tr[data-refund-line="Northern Lights Pre-Roll"]');
  await expect(line).toBeVisible();
  await expect(dialog.getByLabel('Put back in stock')).not.toBeChecked();
  await expect(dialog.getByTestId('refund-items-summary')).toContainText('Nothing chosen yet');

  // Nothing chosen, no reason: refused in words before anything is sent.
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog.getByTestId('return-refusal')).toHaveText('Choose what comes back: at least one item.');

  await line.getByRole('button', { name: /^All 1 of Northern Lights Pre-Roll/ }).click();
  const summary = (await dialog.getByTestId('refund-items-summary').textContent())!;
  expect(summary).toMatch(/^1 item · \$\d+\.\d\d back/);
  const back = cents(/\$(\d+\.\d\d) back/.exec(summary)![1]!);
  await dialog.getByRole('button', { name: 'Wrong item' }).click();
  await dialog.getByRole('button', { name: 'Morgan Manager' }).click();

  // A wrong PIN is refused beside it; the manager's own goes through.
  await dialog.getByLabel("Manager's PIN").fill('9999');
  await dialog.getByRole('button', { name: `Refund ${money(back)} in cash` }).click();
  await expect(dialog.getByRole('alert')).toHaveText("That is not Morgan Manager's PIN.");
  await dialog.getByLabel("Manager's PIN").fill('2580');
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'return-dialog-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(page, testInfo, 'return-dialog-1024x768', { fullPage: false });
  await dialog.getByRole('button', { name: `Refund ${money(back)} in cash` }).click();

  // The cashier is told what to hand over; the list says what was refunded.
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('return-done')).toContainText(
    `${money(back)} refunded in cash: hand it to the customer from the drawer.`,
  );
  await expect(pos.recentOrder(orderNumber).getByTestId('today-refunded')).toHaveText(`${money(back)} refunded`);
  await keepScreenshot(page, testInfo, 'return-done-1024x768', { fullPage: false });

  // The drawer expects the float and the sale, less the cash handed back.
  await pos.drawer.show();
  await expect(page.getByTestId('drawer-expected')).toHaveText(money(20_000 + cents(total) - back));
});
