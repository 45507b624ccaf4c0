import { afterAll, beforeAll, expect } from 'vitest';
import type { PaymentRecord } from '../../../../shared/contracts/payment.js';
import {
  createTicket,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from '../../payments/support/payment-fixtures.js';
import { login } from '../../support/demo-service.js';

/** A clock the service reads through its config, moved by the test. */
export interface TestClock {
  now: Date;
}

/** The demo store's zone (Sacramento), and the first of three store days around each of its clock changes. */
export const STORE_ZONE = 'America/Los_Angeles';
export const DST_WINDOWS = ['2026-10-31', '2027-03-13', '2027-11-06'];

/** A test file's payment service on a clock the tests move: started before its tests, closed after. */
export interface ClockedService {
  clock: TestClock;
  /** Set once the file's `beforeAll` has run. */
  service: PaymentHarness;
}

export function serviceOnClock(start: string): ClockedService {
  const on = { clock: { now: new Date(start) } } as ClockedService;
  beforeAll(async () => {
    on.service = await paymentService({ now: () => on.clock.now });
  });
  afterAll(() => on.service?.close());
  return on;
}

const HOUR_MS = 3_600_000;
const signedInAt = new WeakMap<PaymentHarness, number>();

/**
 * Moves the clock to `at` and signs the demo users in again (a login lasts 8 hours): the ticket
 * API's headers and the manager's and cashier's tokens (when the last sign-in has run out).
 */
export async function moveClock(service: PaymentHarness, clock: TestClock, at: string): Promise<void> {
  clock.now = new Date(at);
  // Signing in hashes a password: only when the last sign-in is not valid at the new time.
  const last = signedInAt.get(service);
  if (last !== undefined && Math.abs(clock.now.getTime() - last) < 7 * HOUR_MS) return;
  signedInAt.set(service, clock.now.getTime());
  const cashier = await login(service.app, 'cashier', 'cashier-demo-1');
  service.headers.authorization = `Bearer ${cashier}`;
  service.tokens.cashier = cashier;
  service.tokens.manager = await login(service.app, 'manager', 'manager-demo-1');
}

/** Sells `quantity` of the `index`th product at `at`, paid by `method` in full; answers the payment. */
export async function sell(
  service: PaymentHarness,
  clock: TestClock,
  at: string,
  { quantity = 1, index = 0, method = 'Cash' }: { quantity?: number; index?: number; method?: string } = {},
): Promise<{ payment: PaymentRecord; orderId: string; total: number; tax: number }> {
  await moveClock(service, clock, at);
  const manager = service.tokens.manager;
  const ticket = await createTicket(service, quantity, index);
  const opened = await session(service, manager, {
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const extra = method === 'Cash' ? { tenderedAmount: ticket.total } : {};
  const answer = await pay(service, manager, opened.sessionId, { paymentMethod: method, ...extra });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  const id = answer.json().payment.id;
  const done = await waitForSession(service, manager, opened.sessionId, (s) =>
    s.payments.some((p) => p.id === id && p.status !== 'pending'),
  );
  const payment = done.payments.find((p) => p.id === id)!;
  return { payment, orderId: ticket.orderId, total: ticket.total, tax: ticket.tax };
}

/** Refunds `amount` cents of a payment (all that is left when omitted) at `at`. */
export async function refund(
  service: PaymentHarness,
  clock: TestClock,
  at: string,
  paymentId: string,
  amount?: number,
) {
  await moveClock(service, clock, at);
  const response = await service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { ...(amount === undefined ? {} : { amount }), reason: 'Customer returned it' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** GET as `token` (the manager by default), answering the parsed body and status. */
export async function get<T = Record<string, unknown>>(
  service: PaymentHarness,
  url: string,
  token = service.tokens.manager,
) {
  const response = await service.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json<T>() };
}
