import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay, AuditEvent } from '../../../shared/contracts/audit.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { buildApp } from '../../../electron/server/app.js';
import { DEMO_APPLICATION, DEMO_CLIENT } from '../support/demo-service.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { createTicket, pay, products, session, type PaymentHarness } from './support/audit-fixtures.js';
import { SERVICEPAY_BIN } from '../../support/service-process.js';

let database: TestDatabase;
let service: PaymentHarness;
beforeAll(async () => {
  database = await freshDatabase();
  const app = await buildApp({ ...database.config, demo: true, logLevel: 'silent', pinpadDelayMs: 60 });
  const signIn = async (username: string, password: string, terminal: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth-v2/login',
      headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain', 'x-terminal-id': terminal },
      payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: string }>().token;
  };
  const cashier = await signIn('cashier', 'cashier-demo-1', 'front-1');
  // The cashier's register takes cash: its drawer is open for the whole file.
  const drawer = await app.inject({
    method: 'POST',
    url: '/v2.0/dispensary/demo/drawers/front-1/open',
    headers: { authorization: `Bearer ${cashier}` },
    payload: { amount: 10000 },
  });
  expect(drawer.statusCode, drawer.body).toBe(201);
  const tokens = {
    cashier,
    display: cashier,
    manager: await signIn('manager', 'manager-demo-1', 'bo-office01'),
    admin: await signIn('admin', 'admin-demo-1', 'bo-office01'),
  };
  service = {
    app,
    token: cashier,
    tokens,
    headers: { ...DEMO_CLIENT, authorization: `Bearer ${cashier}` },
    request: (options) => app.inject(options),
    close: () => app.close(),
  };
});
afterAll(async () => {
  await service.close();
  await database.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function trail(token = service.tokens.manager, date?: string): Promise<AuditDay> {
  const query = `dispensaryShortName=demo${date ? `&date=${date}` : ''}`;
  const response = await service.request({ method: 'GET', url: `/v2.0/audit?${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditDay>();
}

/** The newest event of the trail (today's, in the store's time). */
async function last(): Promise<AuditEvent> {
  return (await trail()).events.at(-1)!;
}

/** A ticket paid in cash at the POS by the cashier: its number and the payment. */
async function paidInCash(index: number): Promise<{ orderNumber: string; orderId: string; payment: PaymentRecord }> {
  const ticket = await createTicket(service, 1, index);
  const opened = await session(service, service.tokens.cashier, {
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const paid = await pay(service, service.tokens.cashier, opened.sessionId, {
    paymentMethod: 'Cash',
    tenderedAmount: ticket.total,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { ...ticket, payment: paid.json<{ payment: PaymentRecord }>().payment };
}

describe('the audit trail', () => {
  it('records a void with who, the register, the order, the amount and why', async () => {
    const { orderNumber, payment } = await paidInCash(0);
    const voided = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${payment.id}/void`,
      headers: bearer(service.tokens.manager),
      payload: { reason: 'Customer changed their mind' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await last()).toMatchObject({
      action: 'payment_voided',
      actor: { kind: 'staff', name: 'manager', role: 'manager', displayName: expect.any(String) },
      terminalId: 'bo-office01',
      orderNumber,
      paymentId: payment.id,
      amount: payment.originalAmount,
      reason: 'Customer changed their mind',
    });
    // A refused void (already voided) records nothing.
    const before = (await trail()).events.length;
    const again = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${payment.id}/void`,
      headers: bearer(service.tokens.manager),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect((await trail()).events).toHaveLength(before);
  });

  it('records a refund of part of a payment, and a cancel with its reason', async () => {
    const { payment, orderNumber } = await paidInCash(1);
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${payment.id}/refund`,
      headers: bearer(service.tokens.manager),
      payload: { amount: 100, reason: 'Damaged pre-roll returned' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await last()).toMatchObject({
      action: 'payment_refunded',
      amount: 100,
      orderNumber,
      reason: 'Damaged pre-roll returned',
    });
    const ticket = await createTicket(service, 1, 2);
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'Customer left before paying' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await last()).toMatchObject({
      action: 'order_canceled',
      actor: { name: 'cashier', role: 'cashier' },
      terminalId: 'front-1',
      orderNumber: ticket.orderNumber,
      amount: ticket.total,
      reason: 'Customer left before paying',
    });
  });

  it('records reward dollars typed at the register (the one way a person lowers what an order costs)', async () => {
    const [product] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
    const response = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: service.headers,
      payload: {
        type: 'PICKUP',
        items: [{ productId: product!.id, quantity: 1 }],
        rewardDollars: 5,
        // The store runs no loyalty programme: they are money off by hand, which its policy has a manager approve.
        approval: { username: 'manager', pin: '2580' },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await last()).toMatchObject({
      action: 'reward_dollars',
      amount: 500,
      orderNumber: response.json().orderNumber,
      reason: expect.stringMatching(/^Typed at the register \(the store runs no loyalty programme\) · approved by /),
    });
  });

  it('records refused sign-ins at the register the login screen names, and unknown usernames without the text', async () => {
    const login = (username: string, password: string) =>
      service.request({
        method: 'POST',
        url: '/auth-v2/login',
        headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain', 'x-terminal-id': 'front-2' },
        payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
      });
    expect((await login('cashier', 'guess-1')).statusCode).toBe(401);
    expect(await last()).toMatchObject({
      action: 'sign_in_failed',
      actor: { kind: 'staff', name: 'cashier' },
      terminalId: 'front-2',
      reason: 'Wrong password',
    });
    // A username nobody has belongs to no store: the CLI lists it, the store's trail does not.
    const before = (await trail()).events.length;
    expect((await login('hunter2', 'x')).statusCode).toBe(401);
    expect((await trail()).events).toHaveLength(before);
  });

  it('records refused unlocks and a manager unlocking a register', async () => {
    const unlock = (body: object) =>
      service.request({
        method: 'POST',
        url: '/auth-v2/unlock',
        headers: bearer(service.tokens.cashier),
        payload: body,
      });
    expect((await unlock({ password: 'wrong' })).statusCode).toBe(403);
    expect(await last()).toMatchObject({
      action: 'unlock_failed',
      actor: { name: 'cashier' },
      terminalId: 'front-1',
      reason: 'Wrong password',
    });
    expect((await unlock({ username: 'display', password: 'display-demo-1' })).statusCode).toBe(403);
    expect((await last()).reason).toBe('display is not a manager (Pole display)');
    expect((await unlock({ username: 'manager', password: 'nope' })).statusCode).toBe(403);
    expect(await last()).toMatchObject({
      actor: { name: 'manager' },
      reason: "Wrong manager password at cashier's register",
    });
    expect((await unlock({ username: 'manager', password: 'manager-demo-1' })).statusCode).toBe(200);
    expect(await last()).toMatchObject({
      action: 'manager_unlock',
      actor: { name: 'manager', role: 'manager' },
      terminalId: 'front-1',
      reason: "Unlocked cashier's register",
    });
  });

  it('is for managers: a cashier is refused, and another day is empty', async () => {
    const refused = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: bearer(service.tokens.cashier),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().resultDetail).toMatch(/audit:read/);
    const day = await trail(service.tokens.manager, '2020-01-01');
    expect(day).toMatchObject({ date: '2020-01-01', timeZone: 'America/Los_Angeles', events: [] });
  });

  it('`servicepay audit list` prints the day in words and store time', { timeout: 30_000 }, () => {
    const run = (args: string[]) =>
      spawnSync(process.execPath, [SERVICEPAY_BIN, ...database.args, 'audit', 'list', ...args], {
        encoding: 'utf8',
      });
    const text = run(['--dispensary', 'demo']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Audit trail of Green Valley Dispensary, \d{4}-\d{2}-\d{2} \(America\/Los_Angeles\)/);
    expect(text.stdout).toMatch(
      /\d{1,2}:\d{2} (AM|PM) P[SD]T\s+Payment voided\s+.+\(Manager\)\s+Back office\s+\w{6}\s+\$[\d.,]+\s+Customer changed their mind/,
    );
    expect(text.stdout).toContain('Unknown username');
    expect(text.stdout).not.toContain('hunter2');
    const json = run(['--dispensary', 'demo', '--date', '2020-01-01', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ date: '2020-01-01', events: [] });
    const bad = run(['--dispensary', 'demo', '--date', '25/11/2026']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/date must be a real date \(YYYY-MM-DD\)/);
  });
});
