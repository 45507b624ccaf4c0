import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import {
  createTicket,
  GOOD_CARD,
  openSession,
  orderStatus,
  pay,
  paymentService,
  presentCard,
  rows,
  session,
  waitForSession,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let cashier: string;
beforeAll(async () => {
  // A PIN pad that waits ten minutes: a test presents the card when it wants it read.
  service = await paymentService({ pinpadDelayMs: 600_000 });
  cashier = service.tokens.cashier;
});
afterAll(() => service.close());

describe('cash', () => {
  it('takes cash with change due and marks the order PAID', async () => {
    const ticket = await createTicket(service, 1, 0);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const answer = await pay(service, cashier, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: ticket.total + 1000,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { payment, session: after } = answer.json<{
      payment: PaymentRecord;
      session: { status: string; amountDue: number };
    }>();
    expect(payment).toMatchObject({
      status: 'approved',
      method: 'Cash',
      providerTransType: 'cash',
      processorName: 'cash',
      processorId: null,
      chargeId: null,
      originalAmount: ticket.total,
      chargedAmount: ticket.total,
      tenderedAmount: ticket.total + 1000,
      changeDue: 1000,
      captured: true,
      processorResponseDetailMessage: 'Cash received; change due $10.00',
    });
    expect(after).toMatchObject({ status: 'completed', amountDue: 0 });
    expect(await orderStatus(service, ticket.orderId)).toBe('PAID');
  });

  it('takes a short cash tender as a partial payment, then a card for the rest (split tender)', async () => {
    const ticket = await createTicket(service, 1, 1);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const cash = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: 1000 });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().payment).toMatchObject({ status: 'approved', originalAmount: 1000, changeDue: 0 });
    expect(cash.json().session).toMatchObject({ status: 'open', amountDue: ticket.total - 1000, amountPaid: 1000 });
    expect(cash.json().session.order).toMatchObject({
      status: 'AWAITING_PROCESSING',
      paid: 1000,
      balanceDue: ticket.total - 1000,
    });
    expect(await orderStatus(service, ticket.orderId)).toBe('AWAITING_PROCESSING');

    const card = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit' });
    expect(card.statusCode).toBe(202);
    expect(card.json().pending).toMatchObject({
      stage: 'awaiting_device',
      prompt: 'Insert, tap or swipe the card',
      amount: ticket.total - 1000,
    });
    await presentCard(service, card.json().payment.id, cashier);
    const done = await waitForSession(service, cashier, opened.sessionId, (s) => s.status === 'completed');
    expect(done.payments.map((p) => [p.method, p.status, p.originalAmount])).toEqual([
      ['Cash', 'approved', 1000],
      ['Credit', 'approved', ticket.total - 1000],
    ]);
    expect(done.order).toMatchObject({ status: 'PAID', paid: ticket.total, balanceDue: 0 });
  });

  it('is a choice only on the pole display: paying cash there is 400', async () => {
    const ticket = await createTicket(service, 1, 2);
    const opened = await session(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(opened.methods.map((m) => m.paymentMethod)).toContain('Cash');
    const before = await rows(service, 'payments');
    const answer = await pay(service, service.tokens.display, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: 10_000,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().resultDetail).toBe(
      'paymentMethod Cash is taken by the cashier in the pos channel, not on the pole display',
    );
    expect(await rows(service, 'payments')).toBe(before);
  });
});

describe('cashless ATM', () => {
  it('charges the next $10 up and hands the excess back as cashbackAmount', async () => {
    const ticket = await createTicket(service, 1, 3);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const answer = await pay(service, cashier, opened.sessionId, { paymentMethod: 'ATM' });
    expect(answer.statusCode).toBe(202);
    const charged = Math.ceil(ticket.total / 1000) * 1000;
    expect(answer.json().pending.amount).toBe(charged);
    await presentCard(service, answer.json().payment.id, cashier);
    const done = await waitForSession(service, cashier, opened.sessionId, (s) => s.status === 'completed');
    expect(done.payments[0]).toMatchObject({
      method: 'ATM',
      status: 'approved',
      originalAmount: ticket.total,
      chargedAmount: charged,
      cashbackAmount: charged - ticket.total,
    });
    // The order is paid its total, not the rounded charge.
    expect(done.order).toMatchObject({ status: 'PAID', paid: ticket.total });
    // The cash back was handed over in cash: a refund to the card gives back at most the order's share.
    const payment = done.payments[0]!;
    const refund = (amount?: number) =>
      service.request({
        method: 'POST',
        url: `/v2.0/payments/${payment.id}/refund`,
        headers: { authorization: `Bearer ${service.tokens.manager}` },
        payload: amount === undefined ? {} : { amount },
      });
    const whole = await refund(charged);
    expect(whole.statusCode).toBe(400);
    expect(whole.json().resultDetail).toBe(`amount must be at most ${ticket.total} cents (what is left to refund)`);
    const rest = await refund();
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ payment: { status: 'refunded' }, refund: { amount: ticket.total } });
  });
});

describe('tips and fully paid orders', () => {
  it('charges the tip on top of the order and records it apart', async () => {
    const ticket = await createTicket(service, 1, 4);
    const opened = await session(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
      tip: 300,
      taxes: 512,
    });
    expect(opened.amountDue).toBe(ticket.total + 300);
    const answer = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().payment).toMatchObject({
      originalAmount: ticket.total,
      tipAmount: 300,
      taxAmount: 512,
      chargedAmount: ticket.total + 300,
    });
    expect(answer.json().session).toMatchObject({ status: 'completed', amountPaid: ticket.total + 300, amountDue: 0 });
  });

  it('takes no further sale on a fully paid order', async () => {
    const ticket = await createTicket(service, 1, 5);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    // The pole display opened its own session for the same order before the cashier took cash.
    const other = await session(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    await pay(service, cashier, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    expect(await orderStatus(service, ticket.orderId)).toBe('PAID');

    const again = await openSession(service, cashier, { ticketAlphaNumId: ticket.orderNumber, originalAmount: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      resultReason: 'CONFLICT',
      resultDetail: `order ${ticket.orderNumber} is already paid`,
    });
    const late = await pay(service, service.tokens.display, other.sessionId, { paymentMethod: 'Credit' });
    expect(late.statusCode).toBe(409);
    expect(late.json().resultDetail).toBe(`order ${ticket.orderNumber} is already paid`);
  });

  it('refuses a session for more than the balance due', async () => {
    const ticket = await createTicket(service, 1, 6);
    const answer = await openSession(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total + 1,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().resultDetail).toBe(
      `originalAmount (${ticket.total + 1} cents) is more than the balance due of order ${ticket.orderNumber} (${ticket.total} cents)`,
    );
    // The figures come as data too, so a program never reads them out of the sentence.
    expect(answer.json().details).toEqual({
      balanceDue: ticket.total,
      requestedAmount: ticket.total + 1,
      paid: 0,
      total: ticket.total,
    });
  });

  it('carries the balance left as data when part of the order is paid meanwhile', async () => {
    const ticket = await createTicket(service, 1, 6);
    const opened = await session(service, cashier, { ticketAlphaNumId: ticket.orderNumber, originalAmount: 200 });
    await pay(service, cashier, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: 200 });
    const answer = await openSession(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail: `originalAmount (${ticket.total} cents) is more than the balance due of order ${ticket.orderNumber} (${ticket.total - 200} cents)`,
      details: { balanceDue: ticket.total - 200, requestedAmount: ticket.total, paid: 200, total: ticket.total },
    });
    // Other refusals carry no figures.
    const unknown = await openSession(service, cashier, { ticketAlphaNumId: 'NOSUCH', originalAmount: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).not.toHaveProperty('details');
  });
});
