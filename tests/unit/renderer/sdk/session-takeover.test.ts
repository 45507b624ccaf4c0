// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../../renderer/sdk/widget/bridge';
import type { WidgetApi } from '../../../../renderer/sdk/widget/widget-api';
import { createState, currentScreen, type WidgetState } from '../../../../renderer/sdk/widget/widget-state';
import type { FromWidget } from '../../../../renderer/sdk/protocol';
import type { PaymentResponse } from '../../../../renderer/sdk/types/servicepay';
import type { PaymentRecord, PaymentSession } from '../../../../shared/contracts/payment';
import { createController } from '../../../../renderer/sdk/widget/payment-controller';
import { testStream } from './test-stream';

/**
 * A session is canceled with nothing of its own under way only by a new session of its order (a
 * payment event with another amount, docs/payments.md "Reuse"). Sent by this page, that is silent;
 * sent by another window of the same sign-in, this widget says why and the host gets one
 * PAYMENT_CANCELED with the session's cancel record (the first frame of its stream followed anew).
 */
const { stream, follow, live } = testStream();

const FIRST = '6f1c2a34-8f0e-4a57-9d1b-0c6b9a3e2f11';
const SECOND = '7a2d3b45-9f1e-4b68-8e2c-1d7cab4f3a22';
const CREDIT = {
  paymentMethod: 'Credit',
  label: 'Credit card',
  entry: 'keyed',
  processorId: null,
  processorName: 'sandbox',
  locationId: null,
  paymentDeviceConfigurationId: null,
  maxAmount: null,
  unavailableReason: null,
  disabledMessage: null,
} as const;

const session = (sessionId: string, status: PaymentSession['status'], at: string, amount = 3000) =>
  ({
    sessionId,
    status,
    channel: 'ecommerce',
    entityName: 'Mesa',
    ticketAlphaNumId: '4GZH7D',
    order: {
      orderId: 'o-1',
      orderNumber: '4GZH7D',
      status: 'AWAITING_PROCESSING',
      total: 4310,
      paid: 0,
      balanceDue: 4310,
    },
    originalAmount: amount,
    tipAmount: 0,
    amountDue: amount,
    amountPaid: 0,
    methods: [CREDIT],
    payments: [],
    pending: null,
    reused: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: at,
  }) as unknown as PaymentSession;

/** The session's cancel record, as the service tells it (spec 2.8 `data`, status canceled). */
const cancelRecord = {
  id: FIRST,
  sessionId: FIRST,
  status: 'canceled',
  method: 'Credit',
  processorName: 'sandbox',
  originalAmount: 3000,
  tipAmount: 0,
  processorResponseMessage: 'canceled',
  processorResponseDetailMessage: 'Canceled',
  updatedAt: '2030-01-01T10:00:05.000Z',
} as unknown as PaymentRecord;

let state: WidgetState;
let sent: FromWidget[];
let answer: () => Promise<{ session: PaymentSession }>;

function widget() {
  const api = {
    get: () => Promise.reject(new Error('no GET expected')),
    post: <T>(path: string) => (path === '/v2.0/payments/sessions' ? answer() : Promise.resolve({})) as Promise<T>,
    token: () => 'token',
    setToken: () => undefined,
    renewToken: () => Promise.resolve(),
  } as WidgetApi;
  const bridge = { send: (m: FromWidget) => sent.push(m), onMessage: () => undefined } as unknown as Bridge;
  return createController(state, api, bridge, follow);
}

const results = () =>
  sent.flatMap((m) =>
    m.type === 'response' && m.envelope.eventType !== 'PAYMENT_OPTION_SELECTED' ? [m.envelope] : [],
  ) as Exclude<PaymentResponse, { eventType: 'PAYMENT_OPTION_SELECTED' }>[];

beforeEach(() => {
  state = createState();
  Object.assign(state, {
    ready: true,
    entityId: 'org-1',
    options: { channel: 'ecommerce', debug: false, disablePaymentMethods: [], colors: {} },
  });
  sent = [];
  stream.connections = 0;
  answer = () => Promise.resolve({ session: session(FIRST, 'open', '2030-01-01T10:00:00.000Z') });
});

describe('a payment taken over by another window of the same sign-in', () => {
  it('says why on the widget and delivers PAYMENT_CANCELED once, with the canceled record', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3000, ticketAlphaNumId: '4GZH7D' });
    controller.choose(CREDIT);
    // The other window sent 4310 for the order: this session is reset, with no payment of its own.
    live(session(FIRST, 'canceled', '2030-01-01T10:00:05.000Z'));
    expect(currentScreen(state)).toMatchObject({
      name: 'result',
      outcome: { kind: 'canceled', message: 'This payment was started again in another window.' },
    });
    // Followed anew: the first frame carries the session's cancel record.
    expect(stream.connections).toBe(2);
    live(session(FIRST, 'canceled', '2030-01-01T10:00:05.000Z'), cancelRecord);
    live(session(FIRST, 'canceled', '2030-01-01T10:00:05.000Z'), cancelRecord);
    expect(results()).toEqual([
      {
        eventType: 'PAYMENT_CANCELED',
        userMessage: 'Payment canceled: this payment was started again in another window.',
        processorName: 'sandbox',
        paymentMethod: 'Credit',
        data: cancelRecord,
      },
    ]);
    expect(currentScreen(state)).toMatchObject({
      outcome: { message: 'This payment was started again in another window.' },
    });
  });

  it('says why for a waiting payment the other window’s session canceled too', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3000, ticketAlphaNumId: '4GZH7D' });
    const reset = {
      ...cancelRecord,
      id: 'pay-1',
      method: 'Debit',
      processorResponseDetailMessage: 'Canceled: the ticket changed',
    } as PaymentRecord;
    live({ ...session(FIRST, 'canceled', '2030-01-01T10:00:05.000Z'), payments: [reset] }, reset);
    expect(results().map((r) => [r.eventType, 'userMessage' in r ? r.userMessage : ''])).toEqual([
      ['PAYMENT_CANCELED', 'Payment canceled: this payment was started again in another window.'],
    ]);
    expect(state.outcome?.message).toBe('This payment was started again in another window.');
  });
});

describe('this page resending its payment event with another amount', () => {
  it('resets its older session silently, whichever the widget learns first', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3000, ticketAlphaNumId: '4GZH7D' });
    let open: (value: { session: PaymentSession }) => void = () => undefined;
    answer = () => new Promise((resolve) => (open = resolve));
    const resend = controller.startPayment({ originalAmount: 4310, ticketAlphaNumId: '4GZH7D' });
    // The older session's reset reaches its stream before the resend's answer.
    live(session(FIRST, 'canceled', '2030-01-01T10:00:05.000Z'));
    expect(state.outcome).toBeNull();
    open({ session: session(SECOND, 'open', '2030-01-01T10:00:05.000Z', 4310) });
    await resend;
    expect(results()).toEqual([]);
    expect(currentScreen(state).name).toBe('choose');
    expect(state.session?.sessionId).toBe(SECOND);
  });
});
