import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { queryRows } from '../../support/sql.js';
import { createTicket, orderStatus, pay, session, type TestTicket } from '../payments/support/payment-fixtures.js';
import { addEndpoint, webhookHarness } from './webhook-support.js';

// Canceling an ACH-authorized order announces its void and its cancel, not a reopened order: the
// order never awaits payment again (issue 34, item 14).
const web = webhookHarness();
const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };

/** Pays `amount` cents of `ticket` by ACH through its paylink: the authorization is approved. */
async function achAuthorized(ticket: TestTicket, amount = ticket.total): Promise<void> {
  const admin = web.service.tokens.admin;
  const opened = await session(web.service, admin, {
    channel: 'ecommerce',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
  });
  const started = await pay(web.service, admin, opened.sessionId, { paymentMethod: 'ACH' });
  const token = started.json<{ pending: { paylinkUrl: string } }>().pending.paylinkUrl.split('#')[1]!;
  const authorized = await web.service.request({
    method: 'POST',
    url: `/v2.0/paylinks/${token}/authorize`,
    payload: BANK,
  });
  expect(authorized.json<PaymentRecord>(), authorized.body).toMatchObject({ status: 'approved' });
}

const cancel = (orderId: string) =>
  web.service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`,
    headers: web.service.headers,
  });

/** The webhook events of `ticket`, in their sequence. */
async function eventsOf(ticket: TestTicket): Promise<string[]> {
  await web.dispatcher.runDue();
  return web.receiver
    .events()
    .filter((event) => {
      const data = event.data as { orderId?: string; ticketAlphaNumId?: string };
      return data.orderId === ticket.orderId || data.ticketAlphaNumId === ticket.orderNumber;
    })
    .sort((a, b) => a.sequence - b.sequence)
    .map((event) => event.type);
}

/** The statuses `ticket`'s order went through, as its history records them. */
async function historyOf(ticket: TestTicket): Promise<string[]> {
  const steps = await queryRows<{ to: string }>(
    web.service.app,
    sql`SELECT to_status AS "to" FROM order_status_history WHERE order_id = ${ticket.orderId} ORDER BY id`,
  );
  return steps.map((step) => step.to);
}

describe('canceling an ACH-authorized order', () => {
  it('announces payment.voided and order.canceled, and the order goes from AUTHORIZED to CANCELED', async () => {
    await addEndpoint(web.service, web.url);
    const ticket = await createTicket(web.service, 1, 5);
    await achAuthorized(ticket);
    expect(await orderStatus(web.service, ticket.orderId)).toBe('AUTHORIZED');

    const canceled = await cancel(ticket.orderId);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await eventsOf(ticket)).toEqual([
      'order.created',
      'payment.approved',
      'order.authorized',
      'payment.voided',
      'order.canceled',
    ]);
    expect(await historyOf(ticket)).toEqual(['AWAITING_PROCESSING', 'AUTHORIZED', 'CANCELED']);
  });

  it('refused after the void (cash still held), leaves the order awaiting payment, as a void does', async () => {
    await addEndpoint(web.service, web.url);
    const ticket = await createTicket(web.service, 2, 6);
    const cashier = web.service.tokens.cashier;
    const register = await session(web.service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 500,
    });
    const cash = await pay(web.service, cashier, register.sessionId, { paymentMethod: 'Cash', tenderedAmount: 500 });
    expect(cash.statusCode, cash.body).toBe(201);
    await achAuthorized(ticket, ticket.total - 500);
    expect(await orderStatus(web.service, ticket.orderId)).toBe('AUTHORIZED');

    const refused = await cancel(ticket.orderId);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toBe(
      `Order ${ticket.orderNumber} has $5.00 paid: void or refund its payments before canceling the order.`,
    );
    expect(await orderStatus(web.service, ticket.orderId)).toBe('AWAITING_PROCESSING');
    expect((await eventsOf(ticket)).slice(-2)).toEqual(['payment.voided', 'order.reopened']);
  });
});
