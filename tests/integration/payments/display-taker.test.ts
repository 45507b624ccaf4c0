import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayState } from '../../../shared/contracts/display.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { PaymentRecord, PaymentSession, PayResponse } from '../../../shared/contracts/payment.js';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { DEMO_APPLICATION, DEMO_CLIENT, cents } from '../support/demo-service.js';
import { products } from '../support/catalog-fixtures.js';
import { pay, paymentService, session, waitForSession, type PaymentHarness } from './support/payment-fixtures.js';

// README "Pole display": what the customer pays on a register's display is taken for the cashier whose
// POS sent the order there, not for the display's own login: the payment, the order's history and
// its receipt name that cashier at once, an online order's before anyone hands it over.
let service: PaymentHarness;
let productIds: string[];
const TERMINAL = 'front-6';

interface Login {
  token: string;
  id: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs `username` in at register `front-6`, as the POS and its display do. */
async function loginHere(username: string, password: string): Promise<Login> {
  const answer = await service.app.inject({
    method: 'POST',
    url: '/auth-v2/login',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain', 'x-terminal-id': TERMINAL },
    payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { token, user } = answer.json<{ token: string; user: { id: string } }>();
  return { token, id: user.id };
}

let cashier: Login;
let display: Login;

beforeAll(async () => {
  service = await paymentService();
  cashier = await loginHere('cashier', 'cashier-demo-1');
  display = await loginHere('display', 'display-demo-1');
  productIds = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000')).map(
    (product) => product.id,
  );
}, 60_000);
afterAll(() => service?.close());

/** An order of one unit of the `index`th product: placed online (the manager, at no register) or rung up here. */
async function order(index: number, where: 'online' | 'here'): Promise<Ticket> {
  const token = where === 'online' ? service.tokens.manager : cashier.token;
  const made = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: { ...DEMO_CLIENT, ...bearer(token) },
    payload: { type: 'PICKUP', items: [{ productId: productIds[index], quantity: 1 }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const ticket = made.json<Ticket>();
  expect(ticket.source).toBe(where === 'online' ? 'online' : 'register');
  return ticket;
}

/** The register's POS (the cashier) sets what its display shows. */
async function showOnDisplay(state: DisplayState): Promise<void> {
  const answer = await service.request({
    method: 'PUT',
    url: `/v2.0/dispensary/demo/display/${TERMINAL}`,
    headers: bearer(cashier.token),
    payload: state,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The POS sends the order's payment to the display, as checkout-payment.ts does. */
function paymentState(sale: Ticket): DisplayState {
  const total = cents(sale.total);
  const totals = { subtotal: total, discount: 0, tax: 0, rewardDollars: 0, total };
  const payment = { orderId: sale.orderId, orderNumber: sale.orderNumber, amount: total, taxes: 0, discount: 0 };
  return { phase: 'payment', lines: [], totals, payment: { ...payment, rewardDollars: 0 } };
}

/** The customer pays the whole order by debit card on the display (its PIN pad); answers the approved payment. */
async function paidOnDisplay(sale: Ticket): Promise<PaymentRecord> {
  const opened = await session(service, display.token, {
    channel: 'ffd',
    ticketAlphaNumId: sale.orderNumber,
    originalAmount: cents(sale.total),
  });
  const started = await pay(service, display.token, opened.sessionId, { paymentMethod: 'Debit' });
  expect(started.statusCode, started.body).toBe(202);
  const paymentId = started.json<PayResponse>().payment!.id;
  const done = (current: PaymentSession) => current.payments.some((p) => p.id === paymentId && p.status !== 'pending');
  const ended = await waitForSession(service, display.token, opened.sessionId, done);
  const payment = ended.payments.find((p) => p.id === paymentId)!;
  expect(payment.status).toBe('approved');
  return payment;
}

async function cashierLines(orderId: string): Promise<string[]> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/orders/${orderId}/receipt`,
    headers: bearer(service.tokens.manager),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { lines } = answer.json<ReceiptResponse>().receipt;
  return lines.flatMap((line) => (line.kind === 'center' && line.text.startsWith('Cashier:') ? [line.text] : []));
}

/** Who the order's history says did each step ("payment Casey Cashier", "status Casey Cashier"). */
async function historyBy(orderId: string): Promise<string[]> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/history`,
    headers: { ...DEMO_CLIENT, ...bearer(service.tokens.manager) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrderHistory>().steps.map((step) => `${step.kind} ${step.by}`);
}

describe('a payment the customer makes on the pole display', () => {
  it('of an online order the cashier sent there: the cashier’s, named on the payment, history and receipt before it is handed over', async () => {
    const online = await order(0, 'online');
    await showOnDisplay(paymentState(online));
    const payment = await paidOnDisplay(online);
    expect(payment.associateId).toBe(cashier.id);
    expect(await historyBy(online.orderId)).toContain('payment Casey Cashier');
    expect(await cashierLines(online.orderId)).toEqual(['Cashier: Casey Cashier']);
  });

  it('of a sale rung up here: the cashier’s too, who the history says sold it, never the display', async () => {
    const sale = await order(1, 'here');
    await showOnDisplay(paymentState(sale));
    const payment = await paidOnDisplay(sale);
    expect(payment.associateId).toBe(cashier.id);
    const steps = await historyBy(sale.orderId);
    expect(steps.filter((step) => step.startsWith('payment'))).toEqual(['payment Casey Cashier']);
    expect(steps.some((step) => step.endsWith('Pole display'))).toBe(false);
    expect(await cashierLines(sale.orderId)).toEqual(['Cashier: Casey Cashier']);
  });

  it('of an order the display no longer shows (the POS moved on): the display’s own, as nobody sent it there', async () => {
    const online = await order(2, 'online');
    await showOnDisplay(paymentState(online));
    await showOnDisplay({ phase: 'idle' });
    const payment = await paidOnDisplay(online);
    expect(payment.associateId).toBe(display.id);
    expect(await cashierLines(online.orderId)).toEqual([]);
  });
});
