// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http';
import type { Bridge } from '../../../../renderer/sdk/widget/bridge';
import { createController } from '../../../../renderer/sdk/widget/payment-controller';
import { statusText } from '../../../../renderer/sdk/widget/status-text';
import type { WidgetApi } from '../../../../renderer/sdk/widget/widget-api';
import { createState, currentScreen, type WidgetState } from '../../../../renderer/sdk/widget/widget-state';
import type { FromWidget } from '../../../../renderer/sdk/protocol';
import type { PaymentRecord, PaymentSession, PendingPayment } from '../../../../shared/contracts/payment';
import { testStream } from './test-stream';

// The session's live events are the test's to give (`live`), not a server's.
const { follow, live } = testStream();

/**
 * A cancel the service refuses is said in the widget beside the Cancel or the payment under way, and
 * the host still gets the PAYMENT_ERROR it always got; a decline is said under its heading without
 * the "Declined:" the heading says, while its envelope keeps the service's sentence.
 */
const SESSION_ID = '6f1c2a34-8f0e-4a57-9d1b-0c6b9a3e2f11';
const DEBIT = {
  paymentMethod: 'Debit',
  label: 'Debit card',
  entry: 'pinpad',
  processorId: null,
  processorName: 'sandbox',
  locationId: null,
  paymentDeviceConfigurationId: null,
  maxAmount: null,
  unavailableReason: null,
} as const;

function session(at: string, pending: PendingPayment | null, payments: PaymentRecord[] = []): PaymentSession {
  return {
    sessionId: SESSION_ID,
    status: 'open',
    channel: 'pos',
    entityId: 'org-1',
    entityName: 'Mesa',
    dispensaryShortName: 'demo',
    locationId: null,
    ticketAlphaNumId: 'UEMA2R',
    ticketId: null,
    order: null,
    originalAmount: 3051,
    tipAmount: 0,
    amountDue: 3051,
    amountPaid: 0,
    methods: [DEBIT],
    payments,
    pending,
    reused: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: at,
  };
}

const waiting = (stage: PendingPayment['stage']): PendingPayment => ({
  id: 'pay-1',
  paymentMethod: 'Debit',
  stage,
  amount: 3051,
  paylinkUrl: null,
  prompt: stage === 'processing' ? 'Confirming with the processor…' : 'Insert, tap or swipe the card',
  startedAt: '2030-01-01T10:00:01.000Z',
});

const declined = {
  id: 'pay-1',
  status: 'declined',
  method: 'Debit',
  processorName: 'sandbox',
  processorResponseCode: '51',
  processorResponseDetailMessage: 'Declined: insufficient funds',
  updatedAt: '2030-01-01T10:00:05.000Z',
} as PaymentRecord;

const atProcessor = new ApiError(
  409,
  'CONFLICT',
  'the payment is at the processor and can no longer be canceled; void it once it is approved',
);

let state: WidgetState;
let sent: FromWidget[];
let cancelAnswer: () => Promise<unknown>;
let payAnswer: () => Promise<unknown>;
/** The POST paths the widget sent, in order. */
let posted: string[];

function widget() {
  const api: WidgetApi = {
    get: () => Promise.reject(new Error('no GET expected')),
    post: <T>(path: string) => {
      posted.push(path);
      if (path.endsWith('/payments')) return payAnswer() as Promise<T>;
      if (path === '/v2.0/payments/sessions')
        return Promise.resolve({ session: session('2030-01-01T10:00:02.000Z', waiting('awaiting_device')) } as T);
      if (path.endsWith('/cancel')) return cancelAnswer() as Promise<T>;
      return Promise.reject(new Error(`no POST ${path} expected`));
    },
    token: () => 'token',
    setToken: () => undefined,
    renewToken: () => Promise.resolve(),
  };
  const bridge: Bridge = {
    instance: '_servicepay',
    hostOrigin: 'https://shop.example',
    send: (m) => sent.push(m),
    onMessage: () => undefined,
  };
  return createController(state, api, bridge, follow);
}

const envelopes = () => sent.flatMap((message) => (message.type === 'response' ? [message.envelope] : []));

beforeEach(() => {
  state = createState();
  Object.assign(state, {
    ready: true,
    entityId: 'org-1',
    options: {
      channel: 'pos',
      debug: false,
      disablePaymentMethods: [],
      paylinkDeliveryMethod: 'redirect',
      positionFixed: false,
      colors: {},
    },
  });
  sent = [];
  posted = [];
});

describe('a refused cancel', () => {
  it('is said beside the PIN pad’s Cancel, stays while the payment is under way, and the host’s event is as before', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3051, ticketAlphaNumId: 'UEMA2R' });
    expect(currentScreen(state).name).toBe('pinpad');
    // The PIN pad read the card as the cashier pressed Cancel: the service says it is too late.
    cancelAnswer = () => Promise.reject(atProcessor);
    await controller.cancel();
    expect(state.cancelRefusal).toBe(
      'The payment is at the processor and can no longer be canceled; void it once it is approved.',
    );
    expect(envelopes()).toEqual([
      {
        eventType: 'PAYMENT_ERROR',
        userMessage: 'The payment is at the processor and can no longer be canceled; void it once it is approved.',
        processorName: '',
        paymentMethod: '',
        data: {},
      },
    ]);
    live(session('2030-01-01T10:00:03.000Z', waiting('processing')));
    expect(currentScreen(state).name).toBe('confirming');
    expect(state.cancelRefusal).not.toBeNull();
    // The payment ends: its outcome is the news now.
    live(session('2030-01-01T10:00:05.000Z', null, [declined]), declined);
    expect(state.cancelRefusal).toBeNull();
  });

  it('says what was refused where the reason alone does not (a completed session, the connection)', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3051, ticketAlphaNumId: 'UEMA2R' });
    cancelAnswer = () =>
      Promise.reject(
        new ApiError(409, 'CONFLICT', 'this payment session is completed; void or refund its payments instead'),
      );
    await controller.cancel();
    expect(state.cancelRefusal).toBe(
      'The payment was not canceled. This payment went through already: it can only be refunded now.',
    );
    expect(envelopes().at(-1)).toMatchObject({
      userMessage: 'This payment went through already: it can only be refunded now.',
    });
    cancelAnswer = () => Promise.reject(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    await controller.cancel();
    expect(state.cancelRefusal).toBe(
      'The payment was not canceled. The payment service cannot be reached. Check the connection, then try again.',
    );
  });

  it('is forgotten when the widget starts over', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3051, ticketAlphaNumId: 'UEMA2R' });
    cancelAnswer = () => Promise.reject(atProcessor);
    await controller.cancel();
    controller.backToChoice();
    expect(state.cancelRefusal).toBeNull();
  });
});

describe('a cancel while the payment is being asked for', () => {
  it('is sent once the payment’s request is answered, and its refusal is said: never dropped', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3051, ticketAlphaNumId: 'UEMA2R' });
    let answerPayment: (value: unknown) => void = () => undefined;
    payAnswer = () => new Promise((resolve) => (answerPayment = resolve));
    const paying = controller.pay({ ...DEBIT, disabledMessage: null });
    cancelAnswer = () => Promise.reject(atProcessor);
    // The host's cancel (twice: a double click) while the payment's request is on its way: nothing
    // is sent yet, and nothing is lost.
    await controller.cancel();
    await controller.cancel();
    expect(posted.filter((path) => path.endsWith('/cancel'))).toEqual([]);
    answerPayment({ session: session('2030-01-01T10:00:03.000Z', waiting('processing')), payment: null });
    await paying;
    expect(posted.filter((path) => path.endsWith('/cancel'))).toHaveLength(1);
    expect(state.cancelRefusal).toBe(
      'The payment is at the processor and can no longer be canceled; void it once it is approved.',
    );
    expect(envelopes().at(-1)).toMatchObject({ eventType: 'PAYMENT_ERROR' });
  });
});

describe('a decline under its heading', () => {
  it('says why without "Declined:", the status region says both, and the envelope keeps the service’s sentence', async () => {
    const controller = widget();
    await controller.startPayment({ originalAmount: 3051, ticketAlphaNumId: 'UEMA2R' });
    live(session('2030-01-01T10:00:05.000Z', null, [declined]), declined);
    const screen = currentScreen(state);
    expect(screen).toMatchObject({
      name: 'result',
      outcome: { title: 'Payment declined', message: 'Insufficient funds.' },
    });
    expect(statusText(screen, state)).toBe('Payment declined. Insufficient funds.');
    expect(envelopes()).toEqual([
      {
        eventType: 'PAYMENT_ERROR',
        userMessage: 'Declined: insufficient funds',
        processorName: 'sandbox',
        paymentMethod: 'Debit',
        data: {},
      },
    ]);
  });
});
