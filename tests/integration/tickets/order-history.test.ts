import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loadDemoData } from '../../../electron/server/demo/load-demo.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { PaymentRecord, PaymentSession } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { queryRow } from '../../support/sql.js';
import { products } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, login, testApp } from '../support/demo-service.js';

// The back office's read of an order's life (GET …/ticket/:id/history): each status it reached,
// each payment taken and refunded, when and by whom by display name (never a login id), and its
// customer's name. The clock moves a second per reading, so every step has its own time.
let app: Awaited<ReturnType<typeof testApp>>;
let clock = Date.parse('2026-06-15T19:00:00Z');
const as: Record<'cashier' | 'manager' | 'display', Record<string, string>> = { cashier: {}, manager: {}, display: {} };
let productId = '';
const BASE = '/v2.0/dispensary/demo/ecommerce';

const call = (who: keyof typeof as, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: as[who], ...(payload && { payload }) });
const displayName = async (username: string) =>
  (await queryRow<{ name: string }>(app, sql`SELECT display_name AS name FROM users WHERE username = ${username}`))!
    .name;

beforeAll(async () => {
  app = await testApp({ now: () => new Date((clock += 1000)) });
  await loadDemoData(app.ctx.db, new Date(clock));
  for (const who of ['cashier', 'manager', 'display'] as const)
    as[who] = { ...DEMO_CLIENT, authorization: `Bearer ${await login(app, who, `${who}-demo-1`)}` };
  [productId] = (await products(app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  ) as [string];
}, 60_000);
afterAll(() => app.close());

async function customer(): Promise<Customer> {
  const answer = await call('cashier', 'POST', '/v2.0/dispensary/demo/customers', {
    firstName: 'Maria',
    lastName: 'Lopez',
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber: 'D7654321',
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

async function order(customerId?: string): Promise<Ticket> {
  const answer = await call('cashier', 'POST', `${BASE}/ticket`, {
    type: 'PICKUP',
    items: [{ productId, quantity: 1 }],
    ...(customerId && { customerId }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Ticket>();
}

async function move(who: keyof typeof as, orderId: string, status: string): Promise<void> {
  const answer = await call(who, 'POST', `${BASE}/ticket/${orderId}/status`, { status });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function payCash(ticket: Ticket): Promise<PaymentRecord> {
  const total = cents(ticket.total);
  const opened = await call('cashier', 'POST', '/v2.0/payments/sessions', {
    entityId: DEMO.organizationId,
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { sessionId } = opened.json<{ session: PaymentSession }>().session;
  const paid = await app.inject({
    method: 'POST',
    url: `/v2.0/payments/sessions/${sessionId}/payments`,
    headers: { ...as.cashier, 'idempotency-key': `pay-${ticket.orderId}` },
    payload: { paymentMethod: 'Cash', tenderedAmount: total + 1000 },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: PaymentRecord }>().payment;
}

const history = async (orderId: string, who: keyof typeof as = 'manager') => {
  const answer = await call(who, 'GET', `${BASE}/ticket/${orderId}/history`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrderHistory>();
};

describe("an order's history", () => {
  it('says each status, payment and refund with its time and who by display name, and the customer', async () => {
    const [cashier, manager] = [await displayName('cashier'), await displayName('manager')];
    const made = await order((await customer()).id);
    await move('manager', made.orderId, 'IN_PROCESS');
    await move('manager', made.orderId, 'PACKED_READY');
    const payment = await payCash(made);
    await move('cashier', made.orderId, 'COMPLETED');
    const refunded = await app.inject({
      method: 'POST',
      url: `/v2.0/payments/${payment.id}/refund`,
      headers: { ...as.manager, 'idempotency-key': `refund-${payment.id}` },
      payload: { amount: 100, reason: 'Lid cracked' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    const read = await history(made.orderId);
    expect(read).toMatchObject({ orderId: made.orderId, source: 'online', customerName: 'Maria Lopez' });
    const steps = read.steps.map(({ kind, from, to, method, amount, reason, by }) => ({
      kind,
      from,
      to,
      method,
      amount,
      reason,
      by,
    }));
    const none = { from: null, to: null, method: null, amount: null, reason: '' };
    expect(steps).toEqual([
      { ...none, kind: 'status', to: 'AWAITING_PROCESSING', by: cashier },
      { ...none, kind: 'status', from: 'AWAITING_PROCESSING', to: 'IN_PROCESS', by: manager },
      { ...none, kind: 'status', from: 'IN_PROCESS', to: 'PACKED_READY', by: manager },
      { ...none, kind: 'payment', method: 'Cash', amount: cents(made.total), by: cashier },
      { ...none, kind: 'status', from: 'PACKED_READY', to: 'COMPLETED', by: cashier },
      { ...none, kind: 'refund', method: 'Cash', amount: 100, reason: 'Lid cracked', by: manager },
    ]);
    // Oldest first, each at its own time; no login id anywhere.
    const times = read.steps.map((step) => step.at);
    expect([...times].sort()).toEqual(times);
    expect(read.steps.every((step) => !['cashier', 'manager'].includes(step.by))).toBe(true);
  });

  it("says a cancel's reason with its step, as a refund's, and none for a cancel given none", async () => {
    const manager = await displayName('manager');
    const cancel = async (orderId: string, payload?: object) => {
      const answer = await call('manager', 'POST', `${BASE}/ticket/${orderId}/cancel`, payload);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const made = await order();
    await move('manager', made.orderId, 'IN_PROCESS');
    await cancel(made.orderId, { reason: 'Customer changed their mind' });
    const steps = (await history(made.orderId)).steps.map(({ kind, to, reason, by }) => ({ kind, to, reason, by }));
    expect(steps.slice(1)).toEqual([
      { kind: 'status', to: 'IN_PROCESS', reason: '', by: manager },
      { kind: 'status', to: 'CANCELED', reason: 'Customer changed their mind', by: manager },
    ]);

    const unexplained = await order();
    // A reason sent says something: empty or spaces only is refused in words (as the staff screens
    // refuse it), and the order stays; left out, the cancel goes on without one.
    for (const [reason, words] of [
      ['', 'reason must not be empty'],
      ['   ', 'reason must not be blank'],
    ]) {
      const blank = await call('manager', 'POST', `${BASE}/ticket/${unexplained.orderId}/cancel`, { reason });
      expect([blank.statusCode, blank.json().resultDetail]).toEqual([400, words]);
    }
    expect((await history(unexplained.orderId)).steps.at(-1)).toMatchObject({ to: 'AWAITING_PROCESSING' });
    await cancel(unexplained.orderId);
    expect((await history(unexplained.orderId)).steps.at(-1)).toMatchObject({ to: 'CANCELED', reason: '' });
  });

  it('names no customer for an order made for none', async () => {
    const made = await order();
    const read = await history(made.orderId);
    expect(read.customerName).toBeNull();
    expect(read.steps).toHaveLength(1);
  });

  it("is refused for another store's or an unknown order, and to a pole display (it names staff and customers)", async () => {
    const unknown = await call('manager', 'GET', `${BASE}/ticket/00000000-0000-4000-8000-000000000000/history`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().resultDetail).toContain('no order');
    const made = await order();
    const display = await call('display', 'GET', `${BASE}/ticket/${made.orderId}/history`);
    expect(display.statusCode).toBe(403);
  });
});
