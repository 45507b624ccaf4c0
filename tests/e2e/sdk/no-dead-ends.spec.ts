import { PaymentWidget } from '../pages/payment-widget.js';
import { keepScreenshot } from '../support/screenshots.js';
import { amountWithCents } from '../support/sdk-api.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * What an integrator's try-out found: every end of a payment says what is true about the money and
 * offers a next step, and an init that fails is told to the page.
 */
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a cancel offers "Choose another way to pay", by keyboard, which starts the payment again', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await host.command('event', 'cancel');
  await expect(widget.heading).toHaveText('Payment canceled');
  const again = widget.button('Choose another way to pay');
  await again.focus();
  await expect(again).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(widget.heading).toHaveText('How would you like to pay?');
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
});

test('a payment that could not start for the connection offers "Try again", which starts it', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  let dropped = 0;
  await page.route(/\/v2\.0\/payments\/sessions$/, (route) =>
    route.request().method() === 'POST' && dropped++ === 0 ? route.abort('internetdisconnected') : route.fallback(),
  );
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('The payment could not start');
  await expect(widget.main).toContainText('Check the connection');
  await widget.button('Try again').click();
  await expect(widget.heading).toHaveText('How would you like to pay?');
});

test('an init that fails tells the waiting payment in words; the next payment event tries again', async ({
  host,
  widget,
  sdk,
  page,
}) => {
  const login = await sdk.login('manager');
  // The first configuration request is dropped once the page's payment event waits for the widget.
  let queued!: () => void;
  const paymentQueued = new Promise<void>((resolve) => (queued = resolve));
  let dropped = 0;
  await page.route(/\/v2\.0\/payments\/config\?/, async (route) => {
    if (dropped++ > 0) return route.fallback();
    await paymentQueued;
    await route.abort('internetdisconnected');
  });
  await host.open(
    { tokens: [login.token], entityId: login.entityId, init: { channel: 'ecommerce' } },
    '/checkout',
    'domcontentloaded',
  );
  await host.pay({ originalAmount: 1000 });
  queued();
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_ERROR']);
  expect((await host.responses())[0]).toMatchObject({
    userMessage:
      'The payment form could not load. The payment service cannot be reached. Check the connection, then try again.',
    data: {},
  });
  expect(await host.readyCount()).toBe(0);
  await expect(widget.container).toHaveCount(0);
  await host.pay({ originalAmount: 1000 });
  await expect.poll(() => host.readyCount()).toBe(1);
  await expect(widget.heading).toHaveText('How would you like to pay?');
});

test('less than the order sent: the approval says what is still due on the order', async ({ host, widget, sdk }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: 100, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  const due = dollars(ticket.total - 100);
  await expect(widget.main).toContainText(`Paid $1.00 — ${due} is still due on this order.`);
  await expect(widget.status).toContainText(`${due} is still due on this order.`);
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('AWAITING_PROCESSING');
});

test('the last part of a split tender says what the order’s payments paid in all (a 375 px register)', async ({
  host,
  widget,
  sdk,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('How would you like to pay?');
  // Every method's label starts where the others' do, a hint or not ("Cashless ATM" wraps no more).
  const starts = await widget.frame
    .locator('.method .label')
    .evaluateAll((labels) => labels.map((label) => Math.round(label.getBoundingClientRect().left)));
  expect(new Set(starts).size).toBe(1);
  await keepScreenshot(page, testInfo, 'pos-methods-375');
  await widget.method('Cash').click();
  await widget.frame.getByLabel('Cash received ($)').fill('5.00');
  await widget.button('Take cash').click();
  // Less than due is a part payment: the widget asks once, on the button that takes it.
  const take = widget.button(`Take $5.00 of ${dollars(ticket.total)}`);
  await expect(take).toBeFocused();
  expect(await widget.cutOff()).toEqual([]);
  await keepScreenshot(page, testInfo, 'cash-short-asked-375');
  await take.click();
  await expect(widget.heading).toHaveText('How would you like to pay?');
  await expect(widget.main).toContainText(`$5.00 paid. ${dollars(ticket.total - 500)} left to pay.`);
  await widget.method('Debit card').click();
  await expect(widget.heading).toHaveText('Payment approved');
  const facts = widget.frame.locator('.facts');
  await expect(facts.getByText('Paid', { exact: true }).locator('+ dd')).toHaveText(dollars(ticket.total - 500));
  await expect(facts.getByText('Paid in all', { exact: true }).locator('+ dd')).toHaveText(dollars(ticket.total));
  await expect(widget.main).not.toContainText('still due');
  await keepScreenshot(page, testInfo, 'split-tender-375');
});

test('more than the order owes: what it owes, never "paid already" when nothing is', async ({ host, widget, sdk }) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: ticket.total + 1, ticketAlphaNumId: ticket.orderNumber });
  await expect(widget.heading).toHaveText('The payment could not start');
  const words = `This order has ${dollars(ticket.total)} left to pay, not ${dollars(ticket.total + 1)}.`;
  await expect(widget.main).toContainText(words);
  await expect(widget.main).not.toContainText('paid already');
  await expect
    .poll(async () => (await host.responses())[0])
    .toMatchObject({ eventType: 'PAYMENT_ERROR', details: { balanceDue: ticket.total } });
});

test('a keyed card declined at .55 online: the shopper reads their bank declined it; the page gets the reason', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
  await host.pay({ originalAmount: amountWithCents(ticket.total, 55), ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment declined');
  await expect(widget.main).toContainText('Your bank declined this card. Try another card or another way to pay.');
  await expect(widget.main).not.toContainText('PIN');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_ERROR']);
  expect((await host.responses())[1]).toMatchObject({ userMessage: 'Declined: incorrect PIN', data: {} });
});

test.describe('the README’s theme example reads, on a phone and a wide screen', () => {
  for (const [width, height] of [
    [375, 667],
    [1280, 800],
  ] as const) {
    test(`${width}×${height}`, async ({ host, widget, sdk, page }, testInfo) => {
      await page.setViewportSize({ width, height });
      const ticket = await sdk.ticket();
      await host.ready(await sdk.login('manager'), {
        channel: 'ecommerce',
        theme: { colors: { background: '#0f1f18', accent: '#7fd6a4' } },
        disablePaymentMethods: [{ paymentMethod: 'ACH', action: 'message', message: 'Bank transfers are paused.' }],
      });
      await host.command('event', 'mount', { component: 'payment-options-banner' });
      await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
      await expect(widget.heading).toHaveText('How would you like to pay?');
      // The banner names what can be paid with: not the method kept only for its message.
      await expect(page.locator('.servicepay-payment-options-banner')).toHaveText('We accept Credit card.');
      // The widget takes the element's width up to 36 rem: its background stays with its content.
      const frame = (await page.locator('#widget-_servicepay iframe').boundingBox())!;
      expect(frame.width).toBeLessThanOrEqual(576);
      await keepScreenshot(page, testInfo, `theme-${width}`);
      await widget.method('Bank transfer (ACH)').click();
      await expect(widget.frame.getByRole('dialog')).toBeVisible();
      await keepScreenshot(page, testInfo, `theme-dialog-${width}`);
      const ratios = await widget.frame.locator('body').evaluate(contrastOfTexts);
      expect(ratios.filter(([, ratio]) => ratio < 4.5)).toEqual([]);
      expect(ratios.length).toBeGreaterThan(5);
    });
  }
});

/** Runs in the widget's frame: each visible text's WCAG contrast on the background it sits on. */
function contrastOfTexts(body: HTMLElement): [string, number][] {
  const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const c = [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const groundOf = (element: Element | null): number[] => {
    for (let at = element; at; at = at.parentElement) {
      const color = rgb(getComputedStyle(at).backgroundColor);
      if (color.length === 3 || (color[3] ?? 0) > 0.9) return color;
    }
    return rgb(getComputedStyle(body.ownerDocument.documentElement).backgroundColor);
  };
  return [...body.querySelectorAll('h2, p, dt, dd, button, span, label')]
    .filter((element) => element.checkVisibility() && element.textContent?.trim() && !element.closest('.sr-only'))
    .map((element) => {
      const [a, b] = [lum(rgb(getComputedStyle(element).color)), lum(groundOf(element))].sort((x, y) => y - x);
      return [element.textContent!.trim().slice(0, 30), (a! + 0.05) / (b! + 0.05)] as [string, number];
    });
}
