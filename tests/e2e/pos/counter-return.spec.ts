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
  const dialog = await pos.openReturn(orderNumber);
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

test('a return of a four-line card sale at 1024×768: every line whole, a refused quantity gives way to "All", and Today’s orders rows line up', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'return-2');
  await pos.login(); // the drawer closed: a card sale
  // An order given up at payment: in Today's orders with neither Reprint nor Return items.
  await pos.tapProducts(1);
  await pos.settled();
  const canceled = await pos.payHere();
  await page.getByRole('button', { name: 'Cancel order, back to cart' }).click();
  await pos.expectRecentOrder(canceled, 'Canceled');
  await pos.clearSale();
  await pos.tapProducts(4);
  await pos.settled();
  const orderNumber = await pos.payHere();
  await pos.widget.method('Credit card').click();
  await pos.expectSold(orderNumber);
  await pos.newSale();

  // Today's orders: Reprint and Return items side by side at 1280 px, and each row's cells as tall as the row
  // (a cell laid out as a flexbox is no table cell: its row's line steps).
  await page
    .getByRole('navigation', { name: 'Register views' })
    .getByRole('button', { name: /^Today's orders/ })
    .click();
  const row = pos.recentOrder(orderNumber);
  const [reprint, giveBack] = [
    row.getByRole('button', { name: /^Reprint/ }),
    row.getByRole('button', { name: /^Return items/ }),
  ];
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(size);
    const at = `${size.width}x${size.height}`;
    // Side by side where the columns leave them room (at 1024 px an order's "refunded" badge may not).
    if (size.width === 1280) {
      const [left, right] = [(await reprint.boundingBox())!, (await giveBack.boundingBox())!];
      expect(right.y, `Reprint beside Return items at ${at}`).toBeCloseTo(left.y, 0);
    }
    const steps = await page.locator('.recent tbody tr').evaluateAll((rows) =>
      rows.flatMap((tr) => {
        const height = tr.getBoundingClientRect().height;
        return [...tr.querySelectorAll('td')]
          .filter((td) => Math.abs(td.getBoundingClientRect().height - height) > 0.5)
          .map(
            (td) =>
              `${tr.getAttribute('data-order')}: a cell ${td.getBoundingClientRect().height} px in a row ${height} px`,
          );
      }),
    );
    expect(steps, `rows line up at ${at}`).toEqual([]);
    await keepScreenshot(page, testInfo, `todays-orders-${at}`, { fullPage: false });
  }

  // The dialog at 1024×768: the four lines whole (nothing to scroll in their box), the manager's PIN and Refund in view.
  await giveBack.click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${orderNumber}` });
  const lines = dialog.locator('tr[data-refund-line]');
  await expect(lines).toHaveCount(4);
  const box = dialog.locator('.refund-items-scroll');
  const { scroll, client } = await box.evaluate((element) => ({
    scroll: element.scrollHeight,
    client: element.clientHeight,
  }));
  expect(scroll, 'the four lines whole in their box').toBeLessThanOrEqual(client + 1);
  for (const index of [0, 1, 2, 3]) await expect(lines.nth(index)).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByLabel("Manager's PIN")).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toBeInViewport({ ratio: 1 });

  // A quantity typed wrong is refused in words; "All" puts a quantity in, and the refusal goes with it.
  const last = lines.nth(3);
  const quantity = last.getByRole('textbox');
  await quantity.fill('abc');
  await quantity.press('Tab');
  await expect(last.getByRole('alert')).toHaveText('Quantity must be a number, such as 2. It stays 0.');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await keepScreenshot(page, testInfo, 'return-four-refused-1024x768', { fullPage: false });
  await last.getByRole('button', { name: /^All 1 of / }).click();
  await expect(quantity).toHaveValue('1');
  await expect(dialog.getByTestId('refund-items-summary')).toContainText(/^1 item · \$\d+\.\d\d back/);
  await expect(last.getByRole('alert')).toHaveCount(0);
  await expect(quantity).not.toHaveAttribute('aria-invalid');
  await keepScreenshot(page, testInfo, 'return-four-1024x768', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, testInfo, 'return-four-1280x800', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a return of a sale paid in cash and by debit card gives its whole worth back: the card its part, the rest in cash from the drawer', async ({
  page,
  service,
  api,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'return-3');
  await pos.login('cashier', 'cashier-demo-1', { drawer: 'step' });
  await pos.drawer.openWithAmount('200.00');

  // $10.00 in cash, the rest by debit card.
  await pos.addBySearch('PRE-001', 'Blue Dream Pre-Roll');
  const total = cents(await pos.settled());
  const orderNumber = await pos.payHere();
  await pos.widget.method('Cash').click();
  await pos.widget.frame.getByLabel('Cash received ($)').fill('10');
  await pos.widget.button('Take cash').click();
  await pos.widget.button(`Take $10.00 of ${money(total)}`).click();
  await pos.widget.method('Debit card').click();
  await pos.expectSold(orderNumber);
  await pos.newSale();

  const dialog = await pos.openReturn(orderNumber);
  await dialog.getByRole('button', { name: /^All 1 of Blue Dream Pre-Roll/ }).click();
  const card = total - 1000;
  // The payment with the most left gives all it has, the other the rest: said before anything is sent.
  const [debit, cash] = [`${money(card)} to the Debit card payment`, '$10.00 in cash'];
  const [first, parts] =
    card >= 1000
      ? [`Debit card payment has ${money(card)}`, `${debit} and ${cash}`]
      : ['Cash payment has $10.00', `${cash} and ${debit}`];
  await expect(dialog.getByTestId('refund-items-split')).toHaveText(
    `These items are worth ${money(total)}; the ${first} left, so it comes back as ${parts}.`,
  );
  await dialog.getByRole('button', { name: 'Damaged' }).click();
  await dialog.getByRole('button', { name: 'Morgan Manager' }).click();
  await dialog.getByLabel("Manager's PIN").fill('2580');
  const refund = dialog.getByRole('button', {
    name: `Refund ${money(total)}: ${parts}`,
  });
  await expect(refund).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await keepScreenshot(page, testInfo, 'return-split-1280x800', { fullPage: false });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(refund).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, testInfo, 'return-split-1024x768', { fullPage: false });
  await refund.click();

  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('return-done')).toContainText(`${money(card)} refunded to the card ending`);
  await expect(page.getByTestId('return-done')).toContainText(
    '$10.00 refunded in cash: hand it to the customer from the drawer.',
  );
  await keepScreenshot(page, testInfo, 'return-split-done-1024x768', { fullPage: false });

  // Each payment gave back its own part, through the API.
  const listed = await fetch(`${service.url}/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${orderNumber}`, {
    headers: { authorization: `Bearer ${await api.token('manager')}` },
  });
  const { payments } = (await listed.json()) as {
    payments: { method: string; status: string; refundedAmount: number }[];
  };
  expect(
    payments
      .map(({ method, status, refundedAmount }) => ({ method, status, refundedAmount }))
      .sort((a, b) => a.method.localeCompare(b.method)),
  ).toEqual([
    { method: 'Cash', status: 'refunded', refundedAmount: 1000 },
    { method: 'Debit', status: 'refunded', refundedAmount: card },
  ]);
  // Nothing is left to return; the drawer expects the float, the $10.00 taken, less the $10.00 handed back.
  await expect(pos.recentOrder(orderNumber).getByRole('button', { name: 'Return items' })).toBeHidden();
  await pos.drawer.show();
  await expect(page.getByTestId('drawer-expected')).toHaveText(money(20_000));
});
