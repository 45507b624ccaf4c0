import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
import { stock } from '../support/catalog-fixtures.js';
import {
  createTicket,
  orderStatus,
  pay,
  paymentService,
  presentCard,
  session,
  waitForSession,
  type PaymentHarness,
  type PaymentSession,
  type PayResponse,
} from './support/payment-fixtures.js';

const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };
let service: PaymentHarness;
beforeAll(async () => {
  // The PIN pad waits ten minutes: a payment waits there until the test presents its card.
  service = await paymentService({ pinpadDelayMs: 600_000 });
});
afterAll(() => service.close());

const cancel = (orderId: string) =>
  service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`,
    headers: service.headers,
  });

const productOf = async (orderId: string) =>
  (await queryRow<{ id: string }>(
    service.app,
    sql`SELECT product_id AS id FROM order_items WHERE order_id = ${orderId}`,
  ))!.id;

describe('canceling an order that holds money', () => {
  it('refuses while an approved partial payment stands, keeping the order and its stock', async () => {
    const ticket = await createTicket(service, 2, 0);
    const opened = await session(service, service.tokens.cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const cash = await pay(service, service.tokens.cashier, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: 500,
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const reserved = (await stock(service.app, await productOf(ticket.orderId))).reservedMilli;

    const refused = await cancel(ticket.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      resultReason: 'CONFLICT',
      resultDetail: `Order ${ticket.orderNumber} has $5.00 paid: void or refund its payments before canceling the order.`,
    });
    expect(await orderStatus(service, ticket.orderId)).toBe('AWAITING_PROCESSING');
    expect((await stock(service.app, await productOf(ticket.orderId))).reservedMilli).toBe(reserved);

    // Once the money went back, the order may be canceled.
    const paymentId = cash.json<{ payment: { id: string } }>().payment.id;
    const voided = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${paymentId}/void`,
      headers: { authorization: `Bearer ${service.tokens.manager}` },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await cancel(ticket.orderId)).statusCode).toBe(200);
    expect(await orderStatus(service, ticket.orderId)).toBe('CANCELED');
  });

  it('refuses while a payment waits at the PIN pad', async () => {
    const ticket = await createTicket(service, 3, 0);
    const opened = await session(service, service.tokens.cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const waiting = await pay(service, service.tokens.cashier, opened.sessionId, { paymentMethod: 'Credit' });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const refused = await cancel(ticket.orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resultDetail).toBe(
      `Order ${ticket.orderNumber} has a payment in progress: wait for it to finish, or cancel that payment, before canceling the order.`,
    );
    await presentCard(service, waiting.json<PayResponse>().payment!.id, service.tokens.cashier);
    await waitForSession(service, service.tokens.cashier, opened.sessionId, (s: PaymentSession) => s.pending === null);
  });

  it('voids the ACH authorization of an AUTHORIZED order and then cancels it', async () => {
    const ticket = await createTicket(service, 4, 0);
    const opened = await session(service, service.tokens.admin, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const answer = await pay(service, service.tokens.admin, opened.sessionId, { paymentMethod: 'ACH' });
    const token = answer.json<{ pending: { paylinkUrl: string } }>().pending.paylinkUrl.split('#')[1]!;
    const authorized = await service.request({
      method: 'POST',
      url: `/v2.0/paylinks/${token}/authorize`,
      payload: BANK,
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    expect(await orderStatus(service, ticket.orderId)).toBe('AUTHORIZED');

    const canceled = await cancel(ticket.orderId);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await orderStatus(service, ticket.orderId)).toBe('CANCELED');
    const payment = await queryRow(
      service.app,
      sql`SELECT status, response_detail AS detail FROM payments WHERE order_id = ${ticket.orderId} AND method = 'ACH'`,
    );
    expect(payment).toEqual({ status: 'voided', detail: 'Voided: the order was canceled' });
  });
});
