// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PaymentRecord, PaymentSession, PendingPayment } from '../../../../shared/contracts/payment';
import type { Bridge } from '../../../../renderer/sdk/widget/bridge';
import { orderSummary } from '../../../../renderer/sdk/widget/components/order-summary';
import { summaryFigures } from '../../../../renderer/sdk/widget/order-figures';
import { createController } from '../../../../renderer/sdk/widget/payment-controller';
import type { WidgetApi } from '../../../../renderer/sdk/widget/widget-api';
import { createState } from '../../../../renderer/sdk/widget/widget-state';
import { testStream } from './test-stream';

/**
 * The "Amount due" above every step is the order's balance now: when the store changes the order's
 * lines, the session's stream brings a view with the order's new balance (no payment changed, the
 * page sent no new payment event), and the heading follows it.
 */
// The session's stream is the test's (no server): its views reach the tracker as the stream's handler hands them.
const { follow } = testStream();

const AT = '2030-01-01T10:00:00.000Z';
function view(total: number, paid = 0): PaymentSession {
  return {
    sessionId: '6f1c2a34-8f0e-4a57-9d1b-0c6b9a3e2f11',
    status: 'open',
    channel: 'ecommerce',
    entityName: 'Mesa',
    ticketAlphaNumId: 'UEMA2R',
    order: {
      orderId: 'o-1',
      orderNumber: 'UEMA2R',
      status: 'AWAITING_PROCESSING',
      total,
      paid,
      balanceDue: total - paid,
    },
    // The session's amount is the page's payment event's: $23.10.
    originalAmount: 2310,
    tipAmount: 0,
    amountDue: 2310 - paid,
    amountPaid: paid,
    methods: [],
    payments: [],
    pending: null,
    reused: false,
    createdAt: AT,
    updatedAt: AT,
  } as unknown as PaymentSession;
}

async function widgetFollowing(opened: PaymentSession) {
  const state = createState();
  Object.assign(state, {
    ready: true,
    entityId: 'org-1',
    options: { channel: 'ecommerce', disablePaymentMethods: [] },
  });
  const api = {
    post: <T>() => Promise.resolve({ session: opened } as T),
    get: () => Promise.reject(new Error('no GET expected')),
    token: () => 'token',
  } as unknown as WidgetApi;
  const bridge = { send: () => undefined, onMessage: () => undefined } as unknown as Bridge;
  const controller = createController(state, api, bridge, follow);
  await controller.startPayment({ originalAmount: 2310, ticketAlphaNumId: 'UEMA2R' });
  const summary = orderSummary(state);
  const amount = () => summary.querySelector('.amount')!.textContent!.replace(/\s+/g, ' ').trim();
  /** A `session.updated` of the session's stream with no payment: what its handler gives the tracker. */
  const told = (next: PaymentSession) => controller.update(next);
  return { amount, told, state };
}
const updated = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the widget’s "Amount due"', () => {
  it('follows the order’s lines changed on the service, without a new payment event', async () => {
    const widget = await widgetFollowing(view(2310));
    expect(widget.amount()).toBe('Amount due: $23.10');
    // The store took a line off: $12.00 now. The stream tells it, with no payment.
    widget.told(view(1200));
    await updated();
    expect(widget.amount()).toBe('Amount due: $12.00');
    // And a line added back, more than the page's event: the event's amount is what the Pay button
    // takes, the order's balance beside it.
    widget.told(view(3000));
    await updated();
    expect(widget.amount()).toBe('Paying now: $23.10 of $30.00 due');
  });

  it('says a part payment as what is paid now of what is due, as the Pay button does', async () => {
    // The page sends $10.00 of a $26.10 order (originalAmount 1000).
    const part = { ...view(2610), originalAmount: 1000, amountDue: 1000 };
    const widget = await widgetFollowing(part);
    expect(widget.amount()).toBe('Paying now: $10.00 of $26.10 due');
    expect(summaryFigures(part)).toEqual({ now: 1000, due: 2610, paid: 0 });
  });

  it('is the order’s balance and paid (other sessions’ payments too); the session’s own without an order', () => {
    expect(summaryFigures(view(2310, 1110))).toEqual({ now: 1200, due: 1200, paid: 1110 });
    const elsewhere = { ...view(2310), order: { ...view(2310).order!, paid: 500, balanceDue: 1810 } };
    expect(summaryFigures(elsewhere)).toEqual({ now: 1810, due: 1810, paid: 500 });
    expect(summaryFigures({ ...view(2310), order: null, amountDue: 700, amountPaid: 1610 })).toEqual({
      now: 700,
      due: 700,
      paid: 1610,
    });
    // A payment in flight is no longer in the order's balance (the service's): it is counted back as due.
    const pending = { id: 'p-1', amount: 900 } as PendingPayment;
    const paying = { ...view(2310), order: { ...view(2310).order!, balanceDue: 1410 } };
    expect(summaryFigures({ ...paying, pending })).toEqual({ now: 900, due: 2310, paid: 0 });
    const record = { id: 'p-1', status: 'pending', originalAmount: 900, tipAmount: 0 } as PaymentRecord;
    expect(summaryFigures({ ...paying, pending, payments: [record] })).toEqual({ now: 900, due: 2310, paid: 0 });
  });

  it('counts the tip the session still takes (virtual terminal), and the tip it took as paid', () => {
    const tipped = { ...view(2310), tipAmount: 200, amountDue: 2510 };
    expect(summaryFigures(tipped)).toEqual({ now: 2510, due: 2510, paid: 0 });
    const part = { status: 'approved', originalAmount: 1000, tipAmount: 200 } as PaymentRecord;
    const after = { ...view(2310, 1000), tipAmount: 200, payments: [part] };
    expect(summaryFigures(after)).toEqual({ now: 1310, due: 1310, paid: 1200 });
    // A pending payment holds its tip: none is left to take, and none is paid yet.
    const held = { ...after, payments: [{ ...part, status: 'pending' } as PaymentRecord], pending: null };
    expect(summaryFigures({ ...held, order: { ...held.order!, paid: 0 } })).toEqual({ now: 1310, due: 1310, paid: 0 });
  });

  it('leaves "($10.00 paid)" to the notice of the part payment that paid it: said once', async () => {
    const widget = await widgetFollowing({ ...view(4014, 1000), amountDue: 3014 });
    expect(widget.amount()).toBe('Amount due: $30.14 ($10.00 paid)');
    Object.assign(widget.state, { notice: '$10.00 paid. $30.14 left to pay.', noticePaid: 1000 });
    await updated();
    expect(widget.amount()).toBe('Amount due: $30.14');
    // The order holds more than the payment the notice tells of (part paid elsewhere): the summary says it.
    widget.state.noticePaid = 400;
    await updated();
    expect(widget.amount()).toBe('Amount due: $30.14 ($10.00 paid)');
    // A method chosen: the notice goes, and the summary says what is paid again.
    Object.assign(widget.state, { notice: null, noticePaid: null });
    await updated();
    expect(widget.amount()).toBe('Amount due: $30.14 ($10.00 paid)');
  });
});
