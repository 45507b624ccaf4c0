import { register } from '../pages/register.js';
import { axeViolations } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';

// The PIN pad waits a minute for the card: the test presents it (the sandbox's tap) once the display
// asks for it, so the wait is seen however busy the machine, and no test waits on the PIN pad's delay.
test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '60000'], env: {} } });

/** What a manager approves of a sale whose total reward dollars set (the store runs no loyalty programme). */
const REWARD_BY_HAND = [/^Reward dollars: \$0\.\d\d off · the store runs no loyalty programme$/];

const STORE = 'Green Valley Dispensary';

test('the display mirrors the cart, the customer pays by card on it, the order is sold and the display thanks, then idles', async ({
  page,
  service,
  api,
}, testInfo) => {
  const { pos, display } = await register(page, service.url);
  await display.expectIdle(STORE);
  expect(await axeViolations(display.page)).toEqual([]);
  await display.screenshot(testInfo, 'display-idle');

  await pos.addBySearch('blue dream pre', 'Blue Dream Pre-Roll');
  await expect(display.lines).toHaveCount(1);
  await expect(display.lines.first()).toContainText('Blue Dream Pre-Roll');
  await expect(display.total).toHaveText(await pos.settled());
  await page.getByRole('button', { name: 'One more Blue Dream Pre-Roll' }).click();
  await expect(display.lines.first()).toContainText('2 ×');
  await expect(display.total).toHaveText(await pos.settled());
  const total = await pos.totalEndingIn(10);
  await expect(display.total).toHaveText(total);

  // Reloading the display restores what it showed.
  await display.page.reload();
  await expect(display.total).toHaveText(total);
  expect(await axeViolations(display.page)).toEqual([]);
  await display.screenshot(testInfo, 'display-cart');
  // A 7-inch display (800 × 480): the product's name on one line beside the total, not a word a line.
  const size = display.page.viewportSize()!;
  await display.page.setViewportSize({ width: 800, height: 480 });
  expect(await display.nameLines(0)).toBe(1);
  await expect(display.total).toBeInViewport({ ratio: 1 });
  await display.screenshot(testInfo, 'display-cart-800x480');
  await display.page.setViewportSize(size);

  // The display greets the customer by first name only: others can read it.
  await page.getByLabel('First name').fill('Samantha');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('First name').press('Tab');
  await expect(display.page.getByRole('heading', { level: 1 })).toHaveText('Hi Samantha, your order');
  await expect(display.page.locator('body')).not.toContainText('Rivera');

  // The demo store runs no loyalty programme: a manager approves the reward dollars typed.
  await page.getByRole('button', { name: 'Customer pays on display' }).click();
  const orderNumber = await pos.approveAsManager(REWARD_BY_HAND);
  await expect(display.widget.heading).toHaveText('How would you like to pay?');
  await expect(page.getByText('Waiting for the customer to pay on the display')).toBeVisible();
  // The payment screen is as dark as the others: the widget takes the display's theme.
  const dark = 'rgb(15, 31, 24)';
  await expect(display.widget.container).toHaveCSS('background-color', dark);
  await expect(display.widget.frame.locator('html')).toHaveCSS('background-color', dark);
  // Every method is shown; none hides alone behind "Others".
  await expect(display.widget.method('Others')).toHaveCount(0);
  expect(await axeViolations(display.page)).toEqual([]);
  await display.screenshot(testInfo, 'display-payment');
  // On the 7-inch display, every way to pay is in view without scrolling.
  await display.page.setViewportSize({ width: 800, height: 480 });
  for (const name of ['Credit card', 'Debit card', 'Cash', /^Cashless ATM/])
    await expect(display.widget.method(name)).toBeInViewport({ ratio: 1 });
  await display.screenshot(testInfo, 'display-payment-800x480');
  await display.page.setViewportSize(size);
  await display.widget.noteHeadings();
  await display.widget.method('Debit card').click();
  await expect(display.widget.heading).toHaveText('Insert, tap or swipe the card');
  await api.presentCard(orderNumber);

  await pos.expectSold(orderNumber);
  await display.expectThanks(orderNumber);
  // Nothing came between the choice and the card's wait. What followed the card ("Confirming the
  // payment…" when the widget hears of the processor's call in time, "Payment approved" unless the
  // display had already moved on to its thanks) is not asserted: the thanks and the order say it.
  const outcome = (heading: string) => heading === 'Confirming the payment…' || heading === 'Payment approved';
  expect(display.widget.headingsSeen().filter((heading) => !outcome(heading))).toEqual([
    'How would you like to pay?',
    'Insert, tap or swipe the card',
  ]);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
  await display.screenshot(testInfo, 'display-thanks');
  await pos.screenshot(testInfo, 'pos-paid-on-display');

  await pos.newSale();
  await display.expectIdle(STORE);
});

test('a card declined on the display, then cash at the counter: the POS takes over and gives change', async ({
  page,
  service,
  api,
}) => {
  const { pos, display } = await register(page, service.url);
  await pos.openDrawer();
  await pos.addBySearch('snickerdoodle', 'Snickerdoodle Cookie');
  const total = await pos.totalEndingIn(51);
  await page.getByRole('button', { name: 'Customer pays on display' }).click();
  const orderNumber = await pos.approveAsManager(REWARD_BY_HAND);

  await display.widget.method('Credit card').click();
  await expect(display.widget.heading).toHaveText('Insert, tap or swipe the card');
  await api.presentCard(orderNumber);
  await expect(display.widget.heading).toHaveText('Payment declined');
  // One line says where the payment stands: the decline, not "waiting" beside it.
  await expect(pos.notice).toHaveText(
    'Declined: insufficient funds. The customer can try again or choose another way to pay.',
  );
  await expect(page.getByText('Waiting for the customer')).toHaveCount(0);
  expect((await api.ticketByNumber(orderNumber)).status).toBe('AWAITING_PROCESSING');

  await display.widget.button('Choose another way to pay').click();
  await display.widget.method('Cash').click();
  // The counter takes over; the display goes back to showing the order and its total.
  await expect(pos.notice).toHaveText('The customer will pay cash: take it here.');
  await expect(display.page.locator('.display')).toHaveAttribute('data-phase', 'cart');
  await expect(display.total).toHaveText(total);

  const cents = Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  const tendered = Math.ceil((cents + 1) / 2000) * 20;
  await pos.widget.frame.getByLabel('Cash received ($)').fill(tendered.toFixed(2));
  await pos.widget.button('Take cash').click();
  const change = `$${((tendered * 100 - cents) / 100).toFixed(2)}`;
  await pos.expectSold(orderNumber, change);
  await display.expectThanks(orderNumber, change);
  expect(await api.ticketByNumber(orderNumber)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
});
