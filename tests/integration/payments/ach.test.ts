import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow, execute } from '../../support/sql.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import {
  createTicket,
  orderStatus,
  pay,
  paymentService,
  rows,
  session,
  waitForSession,
  type PaymentHarness,
  type TestTicket,
} from './support/payment-fixtures.js';

const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };
let service: PaymentHarness;
let admin: string;
beforeAll(async () => {
  service = await paymentService();
  admin = service.tokens.admin;
});
afterAll(() => service.close());

const paylink = (token: string, action = '', payload?: object) =>
  service.request({
    method: action ? 'POST' : 'GET',
    url: `/v2.0/paylinks/${token}${action}`,
    ...(payload ? { payload } : {}),
  });

/** Opens an ACH paylink for a whole ticket; answers the session id and the paylink token. */
async function achFor(ticket: TestTicket, channel: 'ecommerce' | 'virtual_terminal' = 'ecommerce') {
  const opened = await session(service, admin, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const answer = await pay(service, admin, opened.sessionId, { paymentMethod: 'ACH' });
  expect(answer.statusCode, answer.body).toBe(202);
  const body = answer.json<{ payment: PaymentRecord; pending: { stage: string; paylinkUrl: string } }>();
  expect(body.pending.stage).toBe('awaiting_customer');
  return { sessionId: opened.sessionId, token: body.pending.paylinkUrl.split('#')[1]!, payment: body.payment };
}

const advance = (orderId: string, status: string) =>
  service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`,
    headers: service.headers,
    payload: { status },
  });

describe('ACH paylinks', () => {
  it('authorizes (order AUTHORIZED), and completing the order captures the authorization', async () => {
    const ticket = await createTicket(service, 1, 0);
    const { sessionId, token } = await achFor(ticket);
    const info = await paylink(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      status: 'open',
      amount: ticket.total,
      currency: 'USD',
      // The shopper authorizes the store they pick the order up at, not the organization owning it.
      merchantName: 'Green Valley Dispensary',
      orderNumber: ticket.orderNumber,
    });
    const authorized = await paylink(token, '/authorize', BANK);
    expect(authorized.json()).toMatchObject({ status: 'approved', message: 'Approved' });
    expect(await orderStatus(service, ticket.orderId)).toBe('AUTHORIZED');
    const done = await getPayment(sessionId);
    expect(done).toMatchObject({
      status: 'approved',
      captured: false,
      lastActionTaken: 'authorize',
      cardBrand: 'Bank account',
      cardLast4: '6789',
    });

    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED'])
      expect((await advance(ticket.orderId, status)).statusCode).toBe(200);
    expect(await getPayment(sessionId)).toMatchObject({
      status: 'approved',
      captured: true,
      lastActionTaken: 'capture',
    });
    const ledger = await queryRow(
      service.app,
      sql`SELECT captured FROM processor_sandbox_ledger WHERE reference = ${done.id}`,
    );
    expect(ledger).toEqual({ captured: 1 });
  });

  it('refuses to complete an order whose capture fails (409), leaving it as it was', async () => {
    const ticket = await createTicket(service, 1, 1);
    const { sessionId, token } = await achFor(ticket);
    await paylink(token, '/authorize', BANK);
    const payment = await getPayment(sessionId);
    for (const status of ['IN_PROCESS', 'PACKED_READY']) await advance(ticket.orderId, status);
    // The processor dropped the authorization (it expired on its side): the capture is declined.
    await execute(
      service.app,
      sql`UPDATE processor_sandbox_ledger SET status = 'voided' WHERE reference = ${payment.id}`,
    );
    const completed = await advance(ticket.orderId, 'COMPLETED');
    expect(completed.statusCode).toBe(409);
    expect(completed.json().resultDetail).toBe(
      `order ${ticket.orderNumber} was not completed: capturing its ACH authorization failed (The authorization is voided)`,
    );
    expect(await orderStatus(service, ticket.orderId)).toBe('PACKED_READY');
    expect(await getPayment(sessionId)).toMatchObject({ captured: false });
  });

  it('refuses ACH over $999.00 and writes nothing; $999.00 exactly is fine', async () => {
    const big = await session(service, admin, {
      channel: 'ecommerce',
      originalAmount: 99_901,
      referenceNumber: 'BIG-1',
    });
    const ach = big.methods.find((m) => m.paymentMethod === 'ACH')!;
    expect(ach).toMatchObject({
      maxAmount: 99_900,
      unavailableReason: 'Bank transfer (ACH) takes at most $999.00 per payment',
    });
    const before = await rows(service, 'payments');
    const refused = await pay(service, admin, big.sessionId, { paymentMethod: 'ACH' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().resultDetail).toBe(
      'amount is too large: Bank transfer (ACH) takes at most $999.00 per payment',
    );
    expect(await rows(service, 'payments')).toBe(before);
    const limit = await session(service, admin, {
      channel: 'ecommerce',
      originalAmount: 99_900,
      referenceNumber: 'BIG-2',
    });
    expect((await pay(service, admin, limit.sessionId, { paymentMethod: 'ACH' })).statusCode).toBe(202);
  });

  it('sends an invoice from the virtual terminal', async () => {
    const ticket = await createTicket(service, 1, 2);
    const { payment } = await achFor(ticket, 'virtual_terminal');
    expect(payment.invoiceId).toMatch(/^INV-[A-Z2-9]{8}$/);
  });

  it('lets the customer cancel; a used or unknown link is refused; bad bank details are 400', async () => {
    const ticket = await createTicket(service, 1, 3);
    const { sessionId, token } = await achFor(ticket);
    const badRouting = await paylink(token, '/authorize', { ...BANK, routingNumber: '021000022' });
    expect(badRouting.statusCode).toBe(400);
    expect(badRouting.json().resultDetail).toBe(
      'routingNumber is not a valid ABA routing number (its checksum is wrong)',
    );
    expect((await paylink(token)).json().status).toBe('open');

    const canceled = await paylink(token, '/cancel');
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      message: 'Canceled by the customer on the payment page',
    });
    const after = await waitForSession(service, admin, sessionId, (s) => s.pending === null);
    expect(after.status).toBe('open');
    expect(after.payments[0]).toMatchObject({ status: 'canceled', processorResponseMessage: 'canceled' });
    expect((await paylink(token, '/authorize', BANK)).statusCode).toBe(409);
    expect((await paylink(`spl_${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await paylink('not-a-token')).statusCode).toBe(400);
  });

  it('needs the invoice:create permission (a cashier may not send ACH)', async () => {
    const ticket = await createTicket(service, 1, 4);
    const opened = await session(service, service.tokens.cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const refused = await pay(service, service.tokens.cashier, opened.sessionId, { paymentMethod: 'ACH' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().resultDetail).toBe('the cashier role does not have the invoice:create permission');
  });
});

describe('paylink expiry', () => {
  it('expires after 24 hours', async () => {
    let now = Date.now();
    const timed = await paymentService({ now: () => new Date(now) });
    try {
      const opened = await session(timed, timed.tokens.admin, {
        channel: 'ecommerce',
        originalAmount: 2500,
        referenceNumber: 'EXP-1',
      });
      const answer = await pay(timed, timed.tokens.admin, opened.sessionId, { paymentMethod: 'ACH' });
      const token = answer.json().pending.paylinkUrl.split('#')[1];
      now += 24 * 60 * 60 * 1000 + 1;
      const info = await timed.request({ method: 'GET', url: `/v2.0/paylinks/${token}` });
      expect(info.json()).toMatchObject({ status: 'expired', message: 'Canceled: the paylink expired' });
    } finally {
      await timed.close();
    }
  });
});

async function getPayment(sessionId: string): Promise<PaymentRecord> {
  return (await waitForSession(service, admin, sessionId, () => true)).payments[0]!;
}
