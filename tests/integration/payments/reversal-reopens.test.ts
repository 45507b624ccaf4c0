import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RefundsRepository } from '../../../electron/server/payments/store/refunds-repository.js';
import { sql } from 'kysely';
import { queryRows } from '../../support/sql.js';
import {
  createTicket,
  GOOD_CARD,
  orderStatus,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());
afterEach(() => vi.restoreAllMocks());

const manager = () => ({ authorization: `Bearer ${service.tokens.manager}` });

const DECLINING_CENTS = new Set([5, 51, 55, 91, 96]);

/** An order paid in full with a keyed card (virtual terminal): its id, number, total and payment. */
async function paidOrder(index: number) {
  let ticket = await createTicket(service, 1, index);
  // The sandbox decides by the cents: take the next product until the total is one it approves.
  for (let next = index + 10; DECLINING_CENTS.has(ticket.total % 100); next += 1) {
    ticket = await createTicket(service, 1, next);
  }
  const opened = await session(service, service.tokens.manager, {
    channel: 'virtual_terminal',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const paid = await pay(service, service.tokens.manager, opened.sessionId, {
    paymentMethod: 'Credit',
    card: GOOD_CARD,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  expect(await orderStatus(service, ticket.orderId)).toBe('PAID');
  return { ...ticket, paymentId: paid.json<{ payment: { id: string } }>().payment.id };
}

const cancel = (orderId: string) =>
  service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`,
    headers: service.headers,
  });

describe('money going back reopens an order it no longer covers', () => {
  it('a void puts a PAID order back to AWAITING_PROCESSING, so it can be canceled (the cancel message says so)', async () => {
    const order = await paidOrder(0);
    const refused = await cancel(order.orderId);
    expect(refused.statusCode).toBe(409);
    // The reason given is the money held, with what to do, not the status rule.
    expect(refused.json()).toMatchObject({
      resultReason: 'CONFLICT',
      resultDetail: expect.stringContaining('paid: void or refund its payments before canceling the order.'),
    });

    const voided = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${order.paymentId}/void`,
      headers: manager(),
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('AWAITING_PROCESSING');
    const history = await queryRows(
      service.app,
      sql`SELECT from_status AS "from", to_status AS "to" FROM order_status_history WHERE order_id = ${order.orderId} ORDER BY id`,
    );
    expect(history.slice(-2)).toEqual([
      { from: 'AWAITING_PROCESSING', to: 'PAID' },
      { from: 'PAID', to: 'AWAITING_PROCESSING' },
    ]);
    expect((await cancel(order.orderId)).statusCode).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('CANCELED');
  });

  it('a partial refund leaves the order PAID; refunding the rest reopens it', async () => {
    const order = await paidOrder(1);
    const refund = (amount?: number) =>
      service.request({
        method: 'POST',
        url: `/v2.0/payments/${order.paymentId}/refund`,
        headers: { ...manager(), 'content-type': 'application/json' },
        payload: JSON.stringify(amount === undefined ? {} : { amount }),
      });
    expect((await refund(100)).statusCode).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('PAID');
    expect((await refund()).statusCode).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('AWAITING_PROCESSING');
  });
});

describe('a sale paid in two payments', () => {
  /** A keyed card payment of `amount` cents toward the order (virtual terminal): its id. */
  async function payPart(orderNumber: string, amount: number): Promise<string> {
    const opened = await session(service, service.tokens.manager, {
      channel: 'virtual_terminal',
      ticketAlphaNumId: orderNumber,
      originalAmount: amount,
    });
    const paid = await pay(service, service.tokens.manager, opened.sessionId, {
      paymentMethod: 'Credit',
      card: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json<{ payment: { id: string } }>().payment.id;
  }
  const voidOf = (paymentId: string) =>
    service.request({ method: 'POST', url: `/v2.0/payments/${paymentId}/void`, headers: manager() });

  it('voids the payment that paid it off before the one before it, never leaving the sale paid with less', async () => {
    let ticket = await createTicket(service, 1, 6);
    for (let next = 16; DECLINING_CENTS.has(ticket.total % 100); next += 1)
      ticket = await createTicket(service, 1, next);
    const first = await payPart(ticket.orderNumber, 1000);
    const rest = await payPart(ticket.orderNumber, ticket.total - 1000);
    expect(await orderStatus(service, ticket.orderId)).toBe('PAID');

    const refused = await voidOf(first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resultDetail).toBe(
      `The Credit card payment of $10.00 for order ${ticket.orderNumber} cannot be voided while the Credit card payment of ` +
        `$${((ticket.total - 1000) / 100).toFixed(2)} that paid the rest of the order stands: void that one first, or refund this one`,
    );
    expect(await orderStatus(service, ticket.orderId)).toBe('PAID');

    expect((await voidOf(rest)).statusCode).toBe(200);
    expect(await orderStatus(service, ticket.orderId)).toBe('AWAITING_PROCESSING');
    expect((await voidOf(first)).statusCode).toBe(200);
    const statuses = await queryRows(
      service.app,
      sql`SELECT status FROM payments WHERE order_id = ${ticket.orderId} ORDER BY created_at, id`,
    );
    expect(statuses).toEqual([{ status: 'voided' }, { status: 'voided' }]);
  });

  it('refused a void of the first once the one that paid it off is refunded, it advises only what can be done', async () => {
    let ticket = await createTicket(service, 1, 7);
    for (let next = 26; DECLINING_CENTS.has(ticket.total % 100); next += 1)
      ticket = await createTicket(service, 1, next);
    const first = await payPart(ticket.orderNumber, 1000);
    const rest = await payPart(ticket.orderNumber, ticket.total - 1000);
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${rest}/refund`,
      headers: manager(),
      payload: { reason: 'Customer returned it' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refused = await voidOf(first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resultDetail).toBe(
      `The Credit card payment of $10.00 for order ${ticket.orderNumber} cannot be voided: the Credit card payment of ` +
        `$${((ticket.total - 1000) / 100).toFixed(2)} that paid the rest of the order was refunded since; refund this one instead`,
    );
  });
});

describe('a payment of an online order picked up', () => {
  it('is refused a void in words (a return after pickup is a refund), the order and its money as they were', async () => {
    const order = await paidOrder(2);
    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await service.request({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/status`,
        headers: service.headers,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const voided = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${order.paymentId}/void`,
      headers: manager(),
      payload: { reason: 'Customer changed their mind' },
    });
    expect(voided.statusCode, voided.body).toBe(409);
    expect(voided.json()).toMatchObject({
      resultReason: 'CONFLICT',
      resultDetail: expect.stringMatching(
        /^The Credit card payment of \$[\d.,]+ for order [A-Z0-9]{6} cannot be voided: the order was picked up; refund it instead/,
      ),
    });
    expect(await orderStatus(service, order.orderId)).toBe('COMPLETED');
    const [payment] = await queryRows(
      service.app,
      sql<{ status: string }>`SELECT status FROM payments WHERE id = ${order.paymentId}`,
    );
    expect(payment!.status).toBe('approved');
    // A refund gives it back, the sale kept.
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${order.paymentId}/refund`,
      headers: manager(),
      payload: { reason: 'Returned' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('COMPLETED');
  });
});

describe('a refund retried with its Idempotency-Key', () => {
  const refund = (paymentId: string, body: object, key?: string) =>
    service.request({
      method: 'POST',
      url: `/v2.0/payments/${paymentId}/refund`,
      headers: { ...manager(), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  type Answer = { payment: { status: string }; refund: { id: string; amount: number } };

  it('answers the same refund and never refunds twice; another body with that key is refused in words', async () => {
    const order = await paidOrder(3);
    const body = { amount: 100, reason: 'returned one' };
    const first = await refund(order.paymentId, body, 'refund-once');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await refund(order.paymentId, body, 'refund-once');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Answer>().refund).toEqual(first.json<Answer>().refund);
    const rows = await queryRows<{ amount: number }>(
      service.app,
      sql`SELECT amount_cents AS amount FROM payment_refunds WHERE payment_id = ${order.paymentId}`,
    );
    expect(rows.map((row) => Number(row.amount))).toEqual([100]);

    const other = await refund(order.paymentId, { amount: 200, reason: 'returned one' }, 'refund-once');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      resultDetail: 'Idempotency-Key was already used with a different request; use a new key for a new refund',
    });
    // Without a key, or with another one, a refund is a new one.
    expect((await refund(order.paymentId, body, 'refund-twice')).statusCode).toBe(200);
    expect((await refund(order.paymentId, body)).statusCode).toBe(200);
    const [paid] = await queryRows<{ refunded: number }>(
      service.app,
      sql`SELECT refunded_cents AS refunded FROM payments WHERE id = ${order.paymentId}`,
    );
    expect(Number(paid!.refunded)).toBe(300);
  });

  it('a retry after a refund the processor made but the service could not record is not made twice', async () => {
    const order = await paidOrder(5);
    const body = { amount: 100, reason: 'returned one' };
    // The card's money goes back at the processor; the write that records it fails.
    vi.spyOn(RefundsRepository.prototype, 'insert').mockRejectedValueOnce(new Error('the disk is full'));
    const lost = await refund(order.paymentId, body, 'refund-lost');
    expect(lost.statusCode, lost.body).toBe(500);
    const retried = await refund(order.paymentId, body, 'refund-lost');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Answer>().refund.amount).toBe(100);
    // The processor gave $1.00 back once, and the service records it once.
    const [charge] = await queryRows<{ refunded: number }>(
      service.app,
      sql`SELECT l.refunded_cents AS refunded FROM processor_sandbox_ledger l
          JOIN payments p ON p.charge_id = l.transaction_id WHERE p.id = ${order.paymentId}`,
    );
    expect(Number(charge!.refunded)).toBe(100);
    const rows = await queryRows<{ amount: number }>(
      service.app,
      sql`SELECT amount_cents AS amount FROM payment_refunds WHERE payment_id = ${order.paymentId}`,
    );
    expect(rows.map((row) => Number(row.amount))).toEqual([100]);
  });

  it('a retry after the payment was refunded in full still answers its refund, not a refusal', async () => {
    const order = await paidOrder(4);
    const whole = await refund(order.paymentId, {}, 'refund-all');
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json<Answer>().payment.status).toBe('refunded');
    const again = await refund(order.paymentId, {}, 'refund-all');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Answer>().refund).toEqual(whole.json<Answer>().refund);
  });
});
