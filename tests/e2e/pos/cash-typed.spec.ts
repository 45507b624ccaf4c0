import { PosPage } from '../pages/pos-page.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

test('Cash opens on the amount received: the cashier types it straight away, by mouse or by keyboard, and a screen reader hears the form and its field', async ({
  page,
  service,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const pos = new PosPage(page);
  await pos.open(service.url, 'cash-typed-1');
  await pos.login();
  await pos.openDrawer();
  await pos.tapProducts(2);
  const total = cents(await pos.settled());
  await pos.payHere();
  const received = pos.widget.frame.getByLabel('Cash received ($)');

  // A tap on Cash, then the digits: they land in the field, no click on it first.
  await pos.widget.method('Cash').click();
  await expect(received).toBeFocused();
  await page.keyboard.type('200');
  await expect(received).toHaveValue('200');
  await expect(pos.widget.main).toContainText(`Change due: ${money(20000 - total)}`);
  await pos.screenshot(testInfo, 'cash-typed-at-once');
  // Named by its heading, the form is what a screen reader announces on the way into the field.
  await expect(pos.widget.frame.getByRole('form', { name: 'Cash' })).toContainText('Cash received ($)');
  await expect(pos.widget.status).toHaveText(`Enter the cash received for ${money(total)}.`);
  expect(await axeViolations(page)).toEqual([]);

  // By keyboard alone: back to the choice (its heading has the focus), Cash again, then the amount.
  await pos.widget.button('Choose another way to pay').click();
  await expect(pos.widget.heading).toHaveText('How would you like to pay?');
  await expect(pos.widget.heading).toBeFocused();
  await pos.widget.method('Cash').focus();
  await page.keyboard.press('Enter');
  await expect(received).toBeFocused();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(pos.widget.button(`Take ${money(500)} of ${money(total)}`)).toBeFocused();
});
