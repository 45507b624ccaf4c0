import { keepScreenshot } from '../support/screenshots.js';
import { PaymentWidget } from '../pages/payment-widget.js';
import { amountWithCents } from '../support/sdk-api.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * A cancel the service refuses is said in the widget, where the person looks, and still reaches the
 * host as the PAYMENT_ERROR it always was. This file's status lookup waits ten minutes, so a `.91`
 * payment (the processor's answer lost) stays at the processor, where it can no longer be canceled,
 * for the whole test. Its PIN pad waits ten minutes too: a test presents the card when it means to.
 */
test.use({ serviceOptions: { args: ['--pinpad-delay-ms', '600000', '--reconcile-delay-ms', '600000'], env: {} } });

const AT_PROCESSOR = 'The payment is at the processor and can no longer be canceled; void it once it is approved.';

test('Cancel pressed as the PIN pad read the card: the widget says why beside it, and while it confirms', async ({
  host,
  widget,
  sdk,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const ticket = await sdk.ticket(2);
  // The session's events are held back, so the widget still shows the PIN pad after the card was
  // read: the instant a cashier presses Cancel just as the customer taps.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v2.0/payments/sessions/*/events', async (route) => {
    await held;
    await route.continue();
  });
  await host.ready(await sdk.login('cashier'), { channel: 'pos' });
  await host.pay({ originalAmount: amountWithCents(ticket.total, 91), ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Debit card').click();
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  await sdk.presentCard(ticket.orderNumber);
  // The card is read (its last four are recorded) and the payment went to the processor.
  await expect.poll(async () => (await sdk.payments(ticket.orderNumber))[0]?.cardLast4).toBeTruthy();
  await widget.button('Cancel payment').click();
  const refusal = widget.main.getByRole('alert');
  await expect(refusal).toHaveText(AT_PROCESSOR);
  await expect(widget.button('Cancel payment')).toBeEnabled();
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_ERROR']);
  expect((await host.responses())[1]).toEqual({
    eventType: 'PAYMENT_ERROR',
    userMessage: AT_PROCESSOR,
    processorName: '',
    paymentMethod: '',
    data: {},
  });
  await keepScreenshot(page, testInfo, 'cancel-refused-pinpad');
  release();
  await expect(widget.heading).toHaveText('Confirming the payment…');
  await expect(refusal).toHaveText(AT_PROCESSOR);
  expect((await sdk.payments(ticket.orderNumber)).map((payment) => payment.status)).toEqual(['pending']);
});

test('virtual terminal: the host’s cancel while the payment is confirmed is refused, and the widget says why', async ({
  host,
  widget,
  sdk,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const ticket = await sdk.ticket(2);
  await host.ready(await sdk.login('manager'), { channel: 'virtual_terminal' });
  await host.pay({ originalAmount: amountWithCents(ticket.total, 91), ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  // The cashier's cancel comes once the processor's answer was lost and the payment waits for its
  // lookup (one sent while the pay request is unanswered waits for its answer: unit cancel-refusal).
  const answered = page.waitForResponse((response) => response.url().endsWith('/payments'));
  await widget.button(/^Pay \$/).click();
  expect((await answered).status()).toBe(202);
  await expect(widget.heading).toHaveText('Confirming the payment…');
  await host.command('event', 'cancel');
  await expect(widget.main.getByRole('alert')).toHaveText(AT_PROCESSOR);
  await expect(widget.heading).toHaveText('Confirming the payment…');
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_ERROR']);
  expect((await host.responses())[1]).toMatchObject({ userMessage: AT_PROCESSOR, data: {} });
  await keepScreenshot(page, testInfo, 'cancel-refused-confirming');
});

test('pole display: the host’s cancel after the approval says nothing was canceled, in large type', async ({
  host,
  widget,
  sdk,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('display'), { theme: { positionFixed: true } });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
  await widget.method('Credit card').click();
  await expect(widget.heading).toHaveText('Insert, tap or swipe the card');
  await sdk.presentCard(ticket.orderNumber);
  await expect(widget.heading).toHaveText('Payment approved');
  await host.command('event', 'cancel');
  // To the customer, what happened only: voiding or refunding is the staff's to do, not hers.
  const said = 'The payment was not canceled.';
  const refusal = widget.main.getByRole('alert');
  await expect(refusal).toHaveText(said);
  const size = await refusal.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(size).toBeGreaterThanOrEqual(20);
  await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED', 'PAYMENT_ERROR']);
  // The host's event: the reason alone, in words anyone paying understands, no data.
  expect((await host.responses())[2]).toEqual({
    eventType: 'PAYMENT_ERROR',
    userMessage: 'This payment went through already: it can only be refunded now.',
    processorName: '',
    paymentMethod: '',
    data: {},
  });
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
  await keepScreenshot(page, testInfo, 'cancel-refused-pole-display', { fullPage: false });
});
