// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../renderer/common/http';
import type { Bridge } from '../../../../renderer/sdk/widget/bridge';
import { createController } from '../../../../renderer/sdk/widget/payment-controller';
import type { WidgetApi } from '../../../../renderer/sdk/widget/widget-api';
import { createState, currentScreen, type WidgetState } from '../../../../renderer/sdk/widget/widget-state';
import type { FromWidget } from '../../../../renderer/sdk/protocol';
import type { PaymentRecord, PaymentSession, PendingPayment } from '../../../../shared/contracts/payment';
import { testStream } from './test-stream';

/**
 * A payment's end reaches the host once, whichever way the widget learns it — its own request's
 * answer, a live event, the first frame of a stream that reconnected, or the session read after its
 * request failed — and a failure the session explains (the payment went through, another tab's is
 * under way) is no PAYMENT_ERROR. The session's stream is the test's to play (`live`); each
 * `followLive` call is a (re)connection.
 */
const { stream, follow, live } = testStream();

const SESSION_ID = '6f1c2a34-8f0e-4a57-9d1b-0c6b9a3e2f11';
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
const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '10001' };

type Status = PaymentSession['status'];
function session(at: string, status: Status, payments: PaymentRecord[] = [], pending: PendingPayment | null = null) {
  const paid = payments.filter((p) => p.status === 'approved').reduce((sum, p) => sum + p.originalAmount, 0);
  return {
    sessionId: SESSION_ID,
    status,
    channel: 'ecommerce',
    entityId: 'org-1',
    entityName: 'Mesa',
    dispensaryShortName: 'demo',
    locationId: null,
    ticketAlphaNumId: 'UEMA2R',
    ticketId: 'order-1',
    order: {
      orderId: 'order-1',
      orderNumber: 'UEMA2R',
      status: 'AWAITING_PROCESSING',
      total: 1110,
      paid,
      balanceDue: 1110 - paid,
    },
    originalAmount: 1110,
    tipAmount: 0,
    amountDue: 1110 - paid,
    amountPaid: paid,
    methods: [CREDIT],
    payments,
    pending,
    reused: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: at,
  } as PaymentSession;
}
/** The order paid by another session (another login's widget): this one, open, has nothing. */
const paidByAnother = (at: string): PaymentSession => {
  const view = session(at, 'open');
  return { ...view, order: { ...view.order!, status: 'PAID', paid: 1110, balanceDue: 0 } };
};

const record = (status: PaymentRecord['status'], at: string, detail = ''): PaymentRecord =>
  ({
    id: 'pay-1',
    status,
    method: 'Credit',
    processorName: 'sandbox',
    originalAmount: 1110,
    tipAmount: 0,
    changeDue: 0,
    cashbackAmount: 0,
    captured: true,
    processorResponseCode: status === 'approved' ? '00' : '',
    processorResponseMessage: status,
    processorResponseDetailMessage: detail,
    updatedAt: at,
  }) as PaymentRecord;
const approved = record('approved', '2030-01-01T10:00:05.000Z', 'Approved');
const processing: PendingPayment = {
  id: 'pay-1',
  paymentMethod: 'Credit',
  stage: 'processing',
  amount: 1110,
  paylinkUrl: null,
  prompt: 'Confirming with the processor…',
  startedAt: '2030-01-01T10:00:01.000Z',
};

const noAnswer = new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running.');
let state: WidgetState;
let sent: FromWidget[];
let opened: PaymentSession;
let payAnswer: () => Promise<unknown>;
let getAnswer: () => Promise<unknown>;
let gets: number;

function widget() {
  const api: WidgetApi = {
    get: <T>() => {
      gets += 1;
      return getAnswer() as Promise<T>;
    },
    post: <T>(path: string) => {
      if (path === '/v2.0/payments/sessions') return Promise.resolve({ session: opened } as T);
      if (path.endsWith('/payments')) return payAnswer() as Promise<T>;
      return Promise.resolve({} as T);
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

const results = () =>
  sent.flatMap((m) =>
    m.type === 'response' && m.envelope.eventType !== 'PAYMENT_OPTION_SELECTED'
      ? [`${m.envelope.eventType}: ${'userMessage' in m.envelope ? m.envelope.userMessage : ''}`]
      : [],
  );

async function onTheCardForm() {
  const controller = widget();
  await controller.startPayment({ originalAmount: 1110, ticketAlphaNumId: 'UEMA2R' });
  controller.choose(CREDIT);
  return controller;
}

beforeEach(() => {
  state = createState();
  Object.assign(state, {
    ready: true,
    entityId: 'org-1',
    options: {
      channel: 'ecommerce',
      debug: false,
      disablePaymentMethods: [],
      paylinkDeliveryMethod: 'redirect',
      positionFixed: false,
      colors: {},
    },
  });
  sent = [];
  gets = 0;
  stream.connections = 0;
  opened = session('2030-01-01T10:00:00.000Z', 'open');
  getAnswer = () => Promise.reject(new Error('no GET expected'));
});

describe('an approval whose answer was lost', () => {
  it('stream down: the session read after the failure reports one PAYMENT_APPROVED, and no error (t9)', async () => {
    const controller = await onTheCardForm();
    payAnswer = () => Promise.reject(noAnswer);
    getAnswer = () => Promise.resolve({ session: session('2030-01-01T10:00:05.000Z', 'completed', [approved]) });
    await controller.pay(CREDIT, { card: CARD });
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
    expect(currentScreen(state)).toMatchObject({ name: 'result', outcome: { title: 'Payment approved' } });
    expect(state.formError).toBeNull();
    // The stream comes back: its first frame carries the approval, told already.
    live(session('2030-01-01T10:00:05.000Z', 'completed', [approved]), approved);
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
  });

  it('stream up: the live approval is the news, the lost answer no PAYMENT_ERROR (t6 lostAnswer)', async () => {
    const controller = await onTheCardForm();
    let fail: (error: unknown) => void = () => undefined;
    payAnswer = () => new Promise((_, reject) => (fail = reject));
    const paying = controller.pay(CREDIT, { card: CARD });
    live(session('2030-01-01T10:00:05.000Z', 'completed', [approved]), approved);
    fail(noAnswer);
    await paying;
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
    expect(gets).toBe(0);
  });

  it('offline: the form says so, and the stream’s first frame once back decides (t8)', async () => {
    const controller = await onTheCardForm();
    payAnswer = () => Promise.reject(noAnswer);
    getAnswer = () => Promise.reject(noAnswer);
    const paying = controller.pay(CREDIT, { card: CARD });
    await vi.waitFor(() => expect(stream.connections).toBe(2));
    expect(state.formError).toBe('The payment service cannot be reached. Check the connection, then try again.');
    expect(results()).toEqual([]);
    // Back online: the reconnected stream's first frame, with the payment that changed last.
    live(session('2030-01-01T10:00:05.000Z', 'completed', [approved]), approved);
    await paying;
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
    expect(state.formError).toBeNull();
  });

  it('offline and the request never arrived: the failure is reported once the session says nothing happened', async () => {
    const controller = await onTheCardForm();
    payAnswer = () => Promise.reject(noAnswer);
    getAnswer = () => Promise.reject(noAnswer);
    const paying = controller.pay(CREDIT, { card: CARD });
    await vi.waitFor(() => expect(stream.connections).toBe(2));
    live(session('2030-01-01T10:00:00.000Z', 'open'));
    await paying;
    expect(results()).toEqual([
      'PAYMENT_ERROR: The payment service cannot be reached. Check the connection, then try again.',
    ]);
    expect(currentScreen(state).name).toBe('card');
  });
});

describe('a stream that reconnects', () => {
  it('reports the approval the service reconciled while it was away, from a frame without its record (t28 a)', async () => {
    const controller = await onTheCardForm();
    payAnswer = () =>
      Promise.resolve({ session: session('2030-01-01T10:00:01.000Z', 'open', [], processing), payment: null });
    await controller.pay(CREDIT, { card: CARD });
    expect(currentScreen(state).name).toBe('confirming');
    live(session('2030-01-01T10:00:09.000Z', 'completed', [approved]));
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
    live(session('2030-01-01T10:00:09.000Z', 'completed', [approved]), approved);
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
  });

  it('reports a PIN pad payment the restart canceled, once, saying why (t28 b)', async () => {
    const controller = await onTheCardForm();
    const waitingPad = { ...processing, stage: 'awaiting_device' as const, prompt: 'Insert, tap or swipe the card' };
    payAnswer = () =>
      Promise.resolve({ session: session('2030-01-01T10:00:01.000Z', 'open', [], waitingPad), payment: null });
    await controller.pay(CREDIT);
    const canceled = record(
      'canceled',
      '2030-01-01T10:00:04.000Z',
      'Canceled: the PIN pad session ended when the service restarted',
    );
    live(session('2030-01-01T10:00:04.000Z', 'open', [canceled]), canceled);
    live(session('2030-01-01T10:00:04.000Z', 'open', [canceled]), canceled);
    expect(results()).toEqual(['PAYMENT_CANCELED: Payment canceled']);
    expect(currentScreen(state)).toMatchObject({
      name: 'result',
      outcome: { title: 'Payment canceled', message: 'The PIN pad session ended when the service restarted.' },
    });
  });

  it('a reload follows a session with its payments’ ends told already: it reports none of them again', async () => {
    const declined = { ...record('declined', '2030-01-01T10:00:02.000Z', 'Declined: insufficient funds'), id: 'pay-0' };
    opened = { ...session('2030-01-01T10:00:02.000Z', 'open', [declined]), reused: true };
    const controller = widget();
    await controller.startPayment({ originalAmount: 1110, ticketAlphaNumId: 'UEMA2R' });
    live(opened, declined);
    expect(results()).toEqual([]);
    expect(currentScreen(state).name).toBe('choose');
  });
});

describe('two tabs of one login paying at once (one session)', () => {
  it('the tab refused because the other’s payment is under way reports only that payment’s approval (t21)', async () => {
    const controller = await onTheCardForm();
    payAnswer = () =>
      Promise.reject(
        new ApiError(
          409,
          'CONFLICT',
          'a Credit payment is already in progress in this session; wait for it or cancel it',
        ),
      );
    getAnswer = () => Promise.resolve({ session: session('2030-01-01T10:00:01.000Z', 'open', [], processing) });
    await controller.pay(CREDIT, { card: CARD });
    expect(results()).toEqual([]);
    expect(currentScreen(state).name).toBe('confirming');
    live(session('2030-01-01T10:00:05.000Z', 'completed', [approved]), approved);
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
  });

  it('the tab refused because the session is completed reports the approval once, no error (t21)', async () => {
    const controller = await onTheCardForm();
    payAnswer = () => Promise.reject(new ApiError(409, 'CONFLICT', 'this payment session is completed'));
    getAnswer = () => Promise.resolve({ session: session('2030-01-01T10:00:05.000Z', 'completed', [approved]) });
    live(session('2030-01-01T10:00:05.000Z', 'completed', [approved]), approved);
    await controller.pay(CREDIT, { card: CARD });
    expect(results()).toEqual(['PAYMENT_APPROVED: Payment approved']);
  });

  it('a refused card field is still the form’s news, without reading the session', async () => {
    const controller = await onTheCardForm();
    payAnswer = () => Promise.reject(new ApiError(400, 'INVALID_INPUT', 'card.cvc must be 3 or 4 digits'));
    await controller.pay(CREDIT, { card: CARD });
    expect(gets).toBe(0);
    expect(results()).toEqual(['PAYMENT_ERROR: The security code must be 3 or 4 digits.']);
  });
});

describe('an order paid by another login’s widget (t5)', () => {
  it('takes the card form to the screen a reload shows, and the host gets that PAYMENT_ERROR once', async () => {
    await onTheCardForm();
    expect(currentScreen(state).name).toBe('card');
    live(paidByAnother('2030-01-01T10:00:06.000Z'));
    live(paidByAnother('2030-01-01T10:00:07.000Z'));
    expect(currentScreen(state)).toMatchObject({
      name: 'result',
      outcome: { kind: 'refused', title: 'This order is already paid', message: 'Order UEMA2R is already paid.' },
    });
    expect(results()).toEqual(['PAYMENT_ERROR: Order UEMA2R is already paid.']);
  });

  it('both Pay at once: the losing click gets its refusal alone, never "already paid" after it', async () => {
    const controller = await onTheCardForm();
    payAnswer = () =>
      Promise.reject(new ApiError(409, 'CONFLICT', 'order UEMA2R has payments in progress for its whole balance'));
    // Its own session has nothing under way: the other login's payment is in another session.
    getAnswer = () => Promise.resolve({ session: session('2030-01-01T10:00:01.000Z', 'open') });
    await controller.pay(CREDIT, { card: CARD });
    live(paidByAnother('2030-01-01T10:00:06.000Z'));
    expect(results()).toEqual(['PAYMENT_ERROR: Order UEMA2R is being paid already: wait for that payment to finish.']);
    // The screen still shows what a reload shows.
    expect(currentScreen(state)).toMatchObject({ name: 'result', outcome: { title: 'This order is already paid' } });
    // A new attempt's end is news again.
    controller.backToChoice();
    payAnswer = () => Promise.reject(new ApiError(409, 'CONFLICT', 'order UEMA2R is already paid'));
    getAnswer = () => Promise.resolve({ session: session('2030-01-01T10:00:07.000Z', 'open') });
    await controller.pay(CREDIT, { card: CARD });
    expect(results()).toHaveLength(2);
  });

  it('says nothing while the other payment is only under way', async () => {
    await onTheCardForm();
    const view = session('2030-01-01T10:00:06.000Z', 'open');
    live({ ...view, order: { ...view.order!, balanceDue: 0 } });
    expect(currentScreen(state).name).toBe('card');
    expect(results()).toEqual([]);
  });
});
