import { PaymentWidget } from '../pages/payment-widget.js';
import { amountWithCents } from '../support/sdk-api.js';
import { expect, test } from '../support/sdk-fixtures.js';

/**
 * Every sandbox outcome of docs/payments.md through the widget, keyed cards in the ecommerce channel
 * (a payment without an order takes any amount) and the PIN pad at the POS for an order made
 * through the ticket API.
 */
test.describe('keyed card outcomes (ecommerce)', () => {
  const cases = [
    { cents: 1000, heading: 'Payment approved', eventType: 'PAYMENT_APPROVED', message: 'Payment approved' },
    { cents: 1051, heading: 'Payment declined', eventType: 'PAYMENT_ERROR', message: 'Declined: insufficient funds' },
    { cents: 1005, heading: 'Payment declined', eventType: 'PAYMENT_ERROR', message: 'Declined: do not honor' },
    { cents: 1055, heading: 'Payment declined', eventType: 'PAYMENT_ERROR', message: 'Declined: incorrect PIN' },
    {
      cents: 1096,
      heading: 'Payment not processed',
      eventType: 'PAYMENT_ERROR',
      message: 'Processor error: the processor could not handle the request',
    },
  ];
  for (const { cents, heading, eventType, message } of cases) {
    test(`${cents} cents: ${message}`, async ({ host, widget, sdk }) => {
      await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
      await host.pay({ originalAmount: cents });
      await widget.method('Credit card').click();
      await widget.fillCard(PaymentWidget.CARD);
      await widget.button(/^Pay \$/).click();
      await expect(widget.heading).toHaveText(heading);
      await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', eventType]);
      const envelope = (await host.responses())[1]!;
      expect(envelope).toMatchObject({
        eventType,
        userMessage: message,
        processorName: 'sandbox',
        paymentMethod: 'Credit',
      });
      if (eventType === 'PAYMENT_ERROR') {
        expect(envelope.data).toEqual({});
        // A decline leaves the session open: the customer may try another card or method.
        await expect(widget.button('Try again')).toBeVisible();
        await widget.button('Choose another way to pay').click();
        await expect(widget.heading).toHaveText('How would you like to pay?');
      } else {
        expect(envelope.data).toMatchObject({
          status: 'approved',
          processorResponseMessage: 'approved',
          originalAmount: cents,
          cardLast4: '4242',
        });
      }
    });
  }

  test('a processor timeout shows "confirming" until the status lookup approves it', async ({ host, widget, sdk }) => {
    await host.ready(await sdk.login('manager'), { channel: 'ecommerce' });
    await host.pay({ originalAmount: 2091 });
    await widget.method('Credit card').click();
    await widget.fillCard(PaymentWidget.CARD);
    await widget.noteHeadings();
    await widget.button(/^Pay \$/).click();
    await expect(widget.heading).toHaveText('Payment approved');
    // Noted as the page changed, not polled: a busy machine's test still sees the brief screen (the
    // list only grows, so waiting for it to be whole is not waiting for a brief state).
    await expect
      .poll(() => widget.headingsSeen())
      .toEqual(['Pay by card', 'Confirming the payment…', 'Payment approved']);
    await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_APPROVED']);
  });
});

test('virtual terminal: a keyed card pays an order of the ticket API, which reads back PAID', async ({
  host,
  widget,
  sdk,
}) => {
  const ticket = await sdk.ticket();
  await host.ready(await sdk.login('manager'), { channel: 'virtual_terminal' });
  await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber, tip: 200 });
  await expect(widget.main).toContainText(`$${((ticket.total + 200) / 100).toFixed(2)}`);
  await widget.method('Credit card').click();
  await widget.fillCard(PaymentWidget.CARD);
  await widget.button(/^Pay \$/).click();
  await expect(widget.heading).toHaveText('Payment approved');
  // The page hears of the approval by a message from the widget's frame, after the frame shows it.
  await expect
    .poll(async () => (await host.responses()).at(-1))
    .toMatchObject({ eventType: 'PAYMENT_APPROVED', data: { tipAmount: 200 } });
  expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
});

test.describe('PIN pad at the POS, for an order of the ticket API', () => {
  test('Debit approved: the order is PAID', async ({ host, widget, sdk }) => {
    const ticket = await sdk.ticket();
    await host.ready(await sdk.login('cashier'), { channel: 'pos' });
    await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
    await widget.method('Debit card').click();
    // The PIN pad answers in 300 ms here: its waiting screen is checked where it waits for minutes
    // (pinpad-wait.spec.ts), not raced against a busy machine.
    await expect(widget.heading).toHaveText('Payment approved');
    expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
    await expect
      .poll(async () => (await host.responses()).at(-1))
      .toMatchObject({
        eventType: 'PAYMENT_APPROVED',
        paymentMethod: 'Debit',
        data: { ticketAlphaNumId: ticket.orderNumber },
      });
  });

  test('Debit with an incorrect PIN is declined, tried again on the PIN pad, then cash pays the order', async ({
    host,
    widget,
    sdk,
  }) => {
    const ticket = await sdk.ticket(2);
    const amount = amountWithCents(ticket.total, 55);
    await host.ready(await sdk.login('cashier'), { channel: 'pos' });
    await host.pay({ originalAmount: amount, ticketAlphaNumId: ticket.orderNumber });
    await widget.method('Debit card').click();
    await expect(widget.heading).toHaveText('Payment declined');
    await expect(widget.main.getByText('Incorrect PIN.', { exact: true })).toBeVisible();
    await expect(widget.main.getByText(/declined:/i)).toHaveCount(0);
    // The PIN pad's method has no form: "Try again" asks the PIN pad once more (a new attempt).
    await widget.button('Try again').click();
    await expect.poll(() => host.eventTypes()).toEqual(['PAYMENT_OPTION_SELECTED', 'PAYMENT_ERROR', 'PAYMENT_ERROR']);
    await expect(widget.heading).toHaveText('Payment declined');
    await widget.button('Choose another way to pay').click();
    await widget.method('Cash').click();
    await widget.frame.getByLabel('Cash received ($)').fill(((amount + 500) / 100).toFixed(2));
    await widget.button('Take cash').click();
    await expect(widget.heading).toHaveText('Payment approved');
    await expect(widget.main.getByText('$5.00')).toBeVisible();
    await expect
      .poll(() => host.eventTypes())
      .toEqual([
        'PAYMENT_OPTION_SELECTED',
        'PAYMENT_ERROR',
        'PAYMENT_ERROR',
        'PAYMENT_OPTION_SELECTED',
        'PAYMENT_APPROVED',
      ]);
    expect((await host.responses()).at(-1)).toMatchObject({
      userMessage: 'Payment approved: change due $5.00',
      data: { changeDue: 500 },
    });
  });

  test('an answer that arrives after the card was read never puts the PIN pad back on screen', async ({
    host,
    widget,
    sdk,
    page,
  }) => {
    const ticket = await sdk.ticket(2);
    await host.ready(await sdk.login('cashier'), { channel: 'pos' });
    // .91: the processor times out, so "Confirming the payment…" stays until the status lookup (1.5 s).
    await host.pay({ originalAmount: amountWithCents(ticket.total, 91), ticketAlphaNumId: ticket.orderNumber });
    // The answer to the request that starts the payment (the PIN pad waiting) is held back until the
    // session's events have told the widget the card was read: on a busy machine it can come that late.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v2.0/payments/sessions/*/payments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const answer = await route.fetch();
      await held;
      await route.fulfill({ response: answer });
    });
    await widget.noteHeadings();
    await widget.method('Debit card').click();
    // Seen as the page changed (the lookup may end it before a poll of the heading would see it).
    await expect.poll(() => widget.headingsSeen()).toContain('Confirming the payment…');
    const answered = page.waitForResponse((response) => response.url().endsWith('/payments'));
    release();
    await answered;
    await expect(widget.heading).toHaveText('Payment approved');
    // What the customer saw from the card's read on: no step back (the list only grows).
    const fromConfirming = () => {
      const seen = widget.headingsSeen();
      return seen.slice(seen.indexOf('Confirming the payment…'));
    };
    await expect.poll(fromConfirming).toEqual(['Confirming the payment…', 'Payment approved']);
  });

  test('cashless ATM ("Rounded Debit") rounds up to $10 and gives the rest as cash back', async ({
    host,
    widget,
    sdk,
  }) => {
    const ticket = await sdk.ticket();
    await host.ready(await sdk.login('cashier'), { channel: 'pos' });
    await host.pay({ originalAmount: ticket.total, ticketAlphaNumId: ticket.orderNumber });
    await widget.method(/Cashless ATM/).click();
    await expect(widget.heading).toHaveText('Payment approved');
    const cashback = Math.ceil(ticket.total / 1000) * 1000 - ticket.total;
    const told = async () =>
      (await host.responses()).map((response) =>
        response.eventType === 'PAYMENT_OPTION_SELECTED' ? response.data.option : response.eventType,
      );
    await expect.poll(told).toEqual(['Rounded Debit', 'PAYMENT_APPROVED']);
    const responses = await host.responses();
    expect(responses[1]).toMatchObject({
      paymentMethod: 'ATM',
      data: { cashbackAmount: cashback, originalAmount: ticket.total },
    });
    if (cashback > 0) await expect(widget.main.getByText('Cash back')).toBeVisible();
    expect(await sdk.ticketStatus(ticket.orderNumber)).toBe('PAID');
  });
});
