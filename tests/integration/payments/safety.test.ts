import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import {
  createTicket,
  GOOD_CARD,
  pay,
  paymentService,
  presentCard,
  presentCardAnswer,
  rows,
  session,
  waitForSession,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let baseUrl: string;
let cashier: string;
beforeAll(async () => {
  // A PIN pad that waits ten minutes: a PIN pad payment stays pending until a test presents its card.
  service = await paymentService({ pinpadDelayMs: 600_000 });
  cashier = service.tokens.cashier;
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

/** Entries of the sandbox processor's books (of one payment, or all). */
const ledger = async (reference?: string) =>
  (await queryRow<{ n: number }>(
    service.app,
    reference === undefined
      ? sql`SELECT COUNT(*) AS n FROM processor_sandbox_ledger`
      : sql`SELECT COUNT(*) AS n FROM processor_sandbox_ledger WHERE reference = ${reference}`,
  ))!.n;

/** A pay request over a real socket, so requests truly race. */
function payOverHttp(token: string, sessionId: string, body: object, key = randomUUID()) {
  return fetch(`${baseUrl}/v2.0/payments/sessions/${sessionId}/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { payment?: PaymentRecord; resultDetail?: string },
  }));
}

describe('never charges twice', () => {
  it('two concurrent pay requests for the full balance in one session: exactly one charge', async () => {
    const ticket = await createTicket(service, 1, 0);
    const opened = await session(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const before = await ledger();
    const answers = await Promise.all(
      [1, 2].map(() => payOverHttp(cashier, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.resultDetail).toMatch(
      /already in progress in this session|is already paid/,
    );
    expect((await ledger()) - before).toBe(1);
    expect((await waitForSession(service, cashier, opened.sessionId, () => true)).order).toMatchObject({
      status: 'PAID',
      paid: ticket.total,
    });
  });

  it('two terminals paying the full balance of one order at once: exactly one charge', async () => {
    const ticket = await createTicket(service, 1, 1);
    const pos = await session(service, cashier, { ticketAlphaNumId: ticket.orderNumber, originalAmount: ticket.total });
    const pole = await session(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const answers = await Promise.all([
      payOverHttp(cashier, pos.sessionId, { paymentMethod: 'Debit' }),
      payOverHttp(service.tokens.display, pole.sessionId, { paymentMethod: 'Credit' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.status === 409)!.body.resultDetail).toBe(
      `order ${ticket.orderNumber} has payments in progress for its whole balance`,
    );
    const winner = answers.find((a) => a.status === 202)!.body.payment!;
    // The winning terminal's customer taps the card.
    await presentCard(service, winner.id, winner.sessionId === pos.sessionId ? cashier : service.tokens.display);
    const done = await waitForSession(service, cashier, winner.sessionId, (s) => s.status === 'completed');
    expect(done.order).toMatchObject({ status: 'PAID', paid: ticket.total });
    const approved = await queryRow(
      service.app,
      sql`SELECT COUNT(*) AS n FROM payments WHERE order_id = ${ticket.orderId} AND status = 'approved'`,
    );
    expect(approved).toEqual({ n: 1 });
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, and refuses another body (409)', async () => {
    const ticket = await createTicket(service, 1, 2);
    const opened = await session(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const key = randomUUID();
    const first = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD }, key);
    const replay = await pay(service, cashier, opened.sessionId, { card: GOOD_CARD, paymentMethod: 'Credit' }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().payment).toEqual(first.json().payment);
    expect(await ledger(first.json().payment.id)).toBe(1);
    const other = await pay(
      service,
      cashier,
      opened.sessionId,
      { paymentMethod: 'Credit', card: { ...GOOD_CARD, number: '5555555555554444' } },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().resultDetail).toBe(
      'Idempotency-Key was already used with a different request; use a new key for a new payment',
    );
  });

  it('replays a pending payment as pending (202) without starting a second one', async () => {
    const ticket = await createTicket(service, 1, 3);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const key = randomUUID();
    const first = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit' }, key);
    const replay = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit' }, key);
    expect([first.statusCode, replay.statusCode]).toEqual([202, 202]);
    expect(replay.json().payment.id).toBe(first.json().payment.id);
    expect(replay.json().pending).toMatchObject({ stage: 'awaiting_device' });
    await presentCard(service, first.json().payment.id, cashier);
    const done = await waitForSession(service, cashier, opened.sessionId, (s) => s.status === 'completed');
    expect(done.payments).toHaveLength(1);
    const late = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit' }, key);
    expect([late.statusCode, late.json().payment.status]).toEqual([201, 'approved']);
  });
});

describe('cancel', () => {
  const cancel = (token: string, sessionId: string) =>
    service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${sessionId}/cancel`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('cancels while the PIN pad waits: no processor call is made', async () => {
    const ticket = await createTicket(service, 1, 4);
    const opened = await session(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const started = await pay(service, service.tokens.display, opened.sessionId, { paymentMethod: 'Credit' });
    const paymentId = started.json().payment.id;
    const canceled = await cancel(service.tokens.display, opened.sessionId);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().payment).toMatchObject({
      id: paymentId,
      status: 'canceled',
      processorResponseMessage: 'canceled',
      lastActionTaken: 'cancel',
    });
    expect(canceled.json().session).toMatchObject({ status: 'canceled', pending: null });
    // The PIN pad no longer waits for it: a card presented now is refused, and nothing was charged.
    const late = await presentCardAnswer(service, paymentId, service.tokens.display);
    expect([late.statusCode, late.json().resultDetail]).toEqual([409, 'the payment is canceled: no card is asked for']);
    expect(await ledger(paymentId)).toBe(0);
    const after = await waitForSession(service, cashier, opened.sessionId, () => true);
    expect(after.payments.map((p) => p.status)).toEqual(['canceled']);
    expect(after.order!.status).toBe('AWAITING_PROCESSING');
  });

  it('answers a canceled record in the picked method when nothing was pending; again on a second cancel', async () => {
    const ticket = await createTicket(service, 1, 5);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${opened.sessionId}/select`,
      headers: { authorization: `Bearer ${cashier}` },
      payload: { option: 'Rounded Debit' },
    });
    const first = await cancel(cashier, opened.sessionId);
    expect(first.json().payment).toMatchObject({
      method: 'ATM',
      status: 'canceled',
      originalAmount: ticket.total,
      chargeId: null,
    });
    const again = await cancel(cashier, opened.sessionId);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment.id).toBe(first.json().payment.id);
    const refused = await pay(service, cashier, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: ticket.total,
    });
    expect([refused.statusCode, refused.json().resultDetail]).toEqual([409, 'this payment session is canceled']);
  });

  it('refuses to cancel a completed session (409) and needs payment:cancel', async () => {
    const ticket = await createTicket(service, 1, 6);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    await pay(service, cashier, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    const completed = await cancel(cashier, opened.sessionId);
    expect([completed.statusCode, completed.json().resultDetail]).toEqual([
      409,
      'this payment session is completed; void or refund its payments instead',
    ]);
    const before = await rows(service, 'payments');
    expect((await cancel('not-a-token', opened.sessionId)).statusCode).toBe(401);
    expect(await rows(service, 'payments')).toBe(before);
  });
});
