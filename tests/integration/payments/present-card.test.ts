import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashSale,
  createTicket,
  getSession,
  pay,
  paymentService,
  presentCardAnswer,
  session,
  waitForSession,
  type PaymentHarness,
  type PayResponse,
} from './support/payment-fixtures.js';

/**
 * The sandbox's tap: a card presented to the simulated PIN pad is read at once, so a test (or an
 * integrator's) decides when the wait ends. This PIN pad would otherwise wait ten minutes.
 */
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService({ pinpadDelayMs: 600_000 });
});
afterAll(() => service.close());

const present = (paymentId: string) => presentCardAnswer(service, paymentId, service.tokens.cashier);

/** A card payment of a new ticket, waiting on the PIN pad: its session and payment ids. */
async function waitingCard(index: number) {
  const ticket = await createTicket(service, 1, index);
  const opened = await session(service, service.tokens.cashier, {
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const started = await pay(service, service.tokens.cashier, opened.sessionId, { paymentMethod: 'Debit' });
  expect(started.statusCode, started.body).toBe(202);
  const body = started.json<PayResponse>();
  expect(body.pending).toMatchObject({ stage: 'awaiting_device' });
  return { ticket, sessionId: opened.sessionId, paymentId: body.payment!.id };
}

describe('POST /v2.0/payments/<id>/present-card', () => {
  it('reads the waiting card at once: the payment goes to the processor and the order is paid', async () => {
    const { ticket, sessionId, paymentId } = await waitingCard(1);
    const answer = await present(paymentId);
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toMatchObject({ resultCode: 'SUCCESS', payment: { id: paymentId, status: 'pending' } });
    const done = await waitForSession(service, service.tokens.cashier, sessionId, (s) => s.status === 'completed');
    expect(done.payments).toEqual([
      expect.objectContaining({ id: paymentId, status: 'approved', originalAmount: ticket.total, cardLast4: '8210' }),
    ]);
    expect(done.order).toMatchObject({ status: 'PAID', balanceDue: 0 });

    // Presented again, once paid: refused with the reason, and nothing more is charged.
    const again = await present(paymentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      resultReason: 'CONFLICT',
      resultDetail: 'the payment is approved: no card is asked for',
    });
    const after = await getSession(service, service.tokens.cashier, sessionId);
    expect(after.payments.map((payment) => payment.status)).toEqual(['approved']);
  });

  it('refuses a payment whose wait was canceled, one that takes no card, and one that does not exist', async () => {
    const { sessionId, paymentId } = await waitingCard(2);
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${sessionId}/cancel`,
      headers: { authorization: `Bearer ${service.tokens.cashier}` },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const late = await present(paymentId);
    expect(late.statusCode).toBe(409);
    expect(late.json().resultDetail).toBe('the payment is canceled: no card is asked for');

    const byCash = await present((await cashSale(service, service.tokens.cashier, 3, 0)).id);
    expect(byCash.statusCode).toBe(409);
    expect(byCash.json().resultDetail).toBe('the payment is approved: no card is asked for');

    const unknown = randomUUID();
    const missing = await present(unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().resultDetail).toBe(`no payment ${unknown}`);
  });

  it('asks for a login that may take payments', async () => {
    const { paymentId } = await waitingCard(4);
    const anonymous = await service.request({ method: 'POST', url: `/v2.0/payments/${paymentId}/present-card` });
    expect(anonymous.statusCode).toBe(401);
    const read = await present(paymentId);
    expect(read.statusCode, read.body).toBe(202);
  });
});
