import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  PaymentRecord,
  PaymentSession,
  PayResponse,
  SessionRequest,
} from '../../../../shared/contracts/payment.js';
import { DEMO } from '../../../../electron/server/demo/load-demo.js';
import type { ServiceConfig } from '../../../../electron/server/core/config.js';
import { count, products } from '../../support/catalog-fixtures.js';
import { cents, demoService, login, type DemoService } from '../../support/demo-service.js';

export { DEMO };

/** A demo service with a fast PIN pad and reconcile, and tokens of every demo role. */
export interface PaymentHarness extends DemoService {
  tokens: { cashier: string; display: string; manager: string; admin: string };
}

export async function paymentService(overrides: Partial<ServiceConfig> = {}): Promise<PaymentHarness> {
  const service = await demoService({ pinpadDelayMs: 60, reconcileDelayMs: 40, ...overrides });
  const tokens = {
    cashier: service.token,
    display: await login(service.app, 'display', 'display-demo-1'),
    manager: await login(service.app, 'manager', 'manager-demo-1'),
    admin: await login(service.app, 'admin', 'admin-demo-1'),
  };
  return { ...service, tokens };
}

/** A ticket of the demo dispensary: its id, number and total in cents. */
export interface TestTicket {
  orderId: string;
  orderNumber: string;
  total: number;
}

/** Creates a ticket through the ticket API (`quantity` of the `index`th in-stock product matching `condition`), and says its tax. */
export async function createTicket(
  service: DemoService,
  quantity = 1,
  index = 0,
  condition = '1 = 1',
): Promise<TestTicket & { tax: number }> {
  const matching = await products(
    service.app,
    `p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000 AND ${condition}`,
  );
  const product = matching[index]!;
  const response = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items: [{ productId: product.id, quantity }] },
  });
  expect(response.statusCode, response.body).toBe(201);
  const ticket = response.json<{ orderId: string; orderNumber: string; total: string; tax: string }>();
  return {
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    total: cents(ticket.total),
    tax: cents(ticket.tax),
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens a session; `body` is merged over an entity id and channel. */
export function openSession(
  service: DemoService,
  token: string,
  body: Partial<SessionRequest>,
): Promise<LightMyRequestResponse> {
  return service.request({
    method: 'POST',
    url: '/v2.0/payments/sessions',
    headers: bearer(token),
    payload: { entityId: DEMO.organizationId, channel: 'pos', ...body },
  });
}

/** Opens a session and expects it to open (or be reused). */
export async function session(
  service: DemoService,
  token: string,
  body: Partial<SessionRequest>,
): Promise<PaymentSession> {
  const response = await openSession(service, token, body);
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<{ session: PaymentSession }>().session;
}

/** Sends a pay request with a fresh (or the given) Idempotency-Key. */
export function pay(
  service: DemoService,
  token: string,
  sessionId: string,
  body: object,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return service.request({
    method: 'POST',
    url: `/v2.0/payments/sessions/${sessionId}/payments`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: body,
  });
}

export function getSession(service: DemoService, token: string, sessionId: string): Promise<PaymentSession> {
  return service
    .request({ method: 'GET', url: `/v2.0/payments/sessions/${sessionId}`, headers: bearer(token) })
    .then((response) => response.json<{ session: PaymentSession }>().session);
}

/** Polls the session until `done` holds (the PIN pad and reconcile answer later). */
export async function waitForSession(
  service: DemoService,
  token: string,
  sessionId: string,
  done: (session: PaymentSession) => boolean,
  timeoutMs = 5000,
): Promise<PaymentSession> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await getSession(service, token, sessionId);
    if (done(current)) return current;
    if (Date.now() > deadline) throw new Error(`session never got there: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The simulated PIN pad waiting for payment `paymentId` reads the card now (the sandbox's tap,
 * `POST /v2.0/payments/<id>/present-card`): with a PIN pad that waits long, a test decides when the
 * customer taps instead of racing the delay.
 */
export async function presentCard(service: DemoService, paymentId: string, token: string): Promise<void> {
  const answer = await presentCardAnswer(service, paymentId, token);
  expect(answer.statusCode, answer.body).toBe(202);
}

/** The answer to presenting a card for `paymentId` (409 with the reason where no PIN pad waits for it). */
export function presentCardAnswer(service: DemoService, paymentId: string, token: string) {
  return service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/present-card`,
    headers: bearer(token),
  });
}

/** The order's status as the ticket API reads it back. */
export async function orderStatus(service: DemoService, orderId: string): Promise<string> {
  const response = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}`,
    headers: service.headers,
  });
  return response.json<{ status: string }>().status;
}

/** Row count of a payments table, to show that refused requests wrote nothing. */
export function rows(
  service: DemoService,
  table: 'payments' | 'payment_sessions' | 'paylinks' | 'payment_idempotency_keys',
): Promise<number> {
  return count(service.app, table);
}

/** A keyed card that passes every check (Visa test number). */
export const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '95816' };

/** Cents the sandbox declines a card amount ending in (README "Sandbox test amounts"). */
export const DECLINING_CENTS: ReadonlySet<number> = new Set([5, 51, 55, 91, 96]);

/** A ticket (one unit of the `index`th product) whose total the sandbox approves by card. */
export async function cardApprovedTicket(service: DemoService, index: number): Promise<TestTicket> {
  let made = await createTicket(service, 1, index);
  for (let next = index + 10; DECLINING_CENTS.has(made.total % 100); next += 1)
    made = await createTicket(service, 1, next);
  return made;
}

/** Pays the whole ticket by a keyed card on the virtual terminal, as the manager; answers the payment. */
export async function payByCard(service: PaymentHarness, ticket: TestTicket): Promise<PaymentRecord> {
  const manager = service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'virtual_terminal',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: PaymentRecord }>().payment;
}

/** A cash sale through the payments API at the token's register, `over` cents handed over beyond the total: the payment as recorded. */
export async function cashSale(
  service: DemoService,
  token: string,
  index: number,
  over = 1000,
): Promise<PaymentRecord> {
  const ticket = await createTicket(service, 1, index);
  const opened = await session(service, token, { ticketAlphaNumId: ticket.orderNumber, originalAmount: ticket.total });
  const paid = await pay(service, token, opened.sessionId, {
    paymentMethod: 'Cash',
    amount: ticket.total,
    tenderedAmount: ticket.total + over,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: PaymentRecord }>().payment;
}

export type { PayResponse, PaymentSession };
