import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
import type { SessionUpdate } from '../../../shared/contracts/payment.js';
import { followEvents } from './support/follow-events.js';
import {
  createTicket,
  GOOD_CARD,
  openSession,
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
let cashier: string;
let baseUrl: string;
beforeAll(async () => {
  // A PIN pad that waits ten minutes (to act while it waits; a test presents the card when it needs it
  // read) and no runtime reconcile (to keep a payment at the processor).
  service = await paymentService({ pinpadDelayMs: 600_000, reconcileDelayMs: 60_000 });
  cashier = service.tokens.cashier;
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

/** The sandbox's tap for `paymentId`, refused: the PIN pad no longer waits for it, as it was canceled. */
async function expectNoCardAsked(paymentId: string): Promise<void> {
  const late = await presentCardAnswer(service, paymentId, cashier);
  expect([late.statusCode, late.json().resultDetail]).toEqual([409, 'the payment is canceled: no card is asked for']);
}

const ledgerEntries = async (reference: string) =>
  (await queryRow<{ n: number }>(
    service.app,
    sql`SELECT COUNT(*) AS n FROM processor_sandbox_ledger WHERE reference = ${reference}`,
  ))!.n;

describe('opening sessions', () => {
  it('answers a resend of the same payment event with the open session: no second charge', async () => {
    const ticket = await createTicket(service, 1, 0);
    const event = { ticketAlphaNumId: ticket.orderNumber, originalAmount: ticket.total };
    const first = await openSession(service, cashier, event);
    expect(first.statusCode).toBe(201);
    expect(first.json().session).toMatchObject({
      status: 'open',
      reused: false,
      amountDue: ticket.total,
      ticketId: ticket.orderId,
    });
    const id = first.json().session.sessionId;
    const started = await pay(service, cashier, id, { paymentMethod: 'Credit' });
    expect(started.statusCode).toBe(202);
    const resent = await openSession(service, cashier, {
      ...event,
      ticketAlphaNumId: ticket.orderNumber.toLowerCase(),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().session).toMatchObject({ sessionId: id, reused: true });
    await presentCard(service, started.json().payment.id, cashier);
    const done = await waitForSession(service, cashier, id, (s) => s.status === 'completed');
    expect(done.payments).toHaveLength(1);
    expect(await ledgerEntries(done.payments[0]!.id)).toBe(1);
  });

  it('resets the session when the ticket changed, canceling its PIN pad wait without a processor call', async () => {
    const ticket = await createTicket(service, 2, 1);
    const older = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total - 500,
    });
    const waiting = await pay(service, cashier, older.sessionId, { paymentMethod: 'Debit' });
    const paymentId = waiting.json().payment.id;
    const changed = await openSession(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(changed.statusCode).toBe(201);
    expect(changed.json().session.sessionId).not.toBe(older.sessionId);
    const old = await waitForSession(service, cashier, older.sessionId, () => true);
    expect(old.status).toBe('canceled');
    expect(old.payments[0]).toMatchObject({
      id: paymentId,
      status: 'canceled',
      processorResponseDetailMessage: 'Canceled: the ticket changed',
    });
    // Its PIN pad wait ended with the reset: a card presented now is refused, and nothing was charged.
    await expectNoCardAsked(paymentId);
    expect(await ledgerEntries(paymentId)).toBe(0);
    expect((await waitForSession(service, cashier, older.sessionId, () => true)).payments[0]!.status).toBe('canceled');
  });

  it('tells the PIN pad payment it cancels that the customer started paying the order online', async () => {
    const ticket = await createTicket(service, 2, 1);
    const counter = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const waiting = await pay(service, cashier, counter.sessionId, { paymentMethod: 'Debit' });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const online = await openSession(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(online.statusCode, online.body).toBe(201);
    const old = await waitForSession(service, cashier, counter.sessionId, () => true);
    expect(old.status).toBe('canceled');
    expect(old.payments[0]).toMatchObject({
      id: waiting.json().payment.id,
      status: 'canceled',
      processorResponseDetailMessage: 'Canceled: the customer started paying this order online',
    });
    await expectNoCardAsked(waiting.json().payment.id);
    expect(await ledgerEntries(waiting.json().payment.id)).toBe(0);
  });

  it('will not reset a session whose payment is at the processor (409)', async () => {
    const ticket = await createTicket(service, 1, 2);
    const opened = await session(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 1091,
    });
    const lost = await pay(service, cashier, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
    expect(lost.statusCode).toBe(202);
    expect(lost.json().pending).toMatchObject({ stage: 'processing', prompt: 'Confirming with the processor…' });
    const changed = await openSession(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 1092,
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().resultDetail).toBe(
      'a payment of the previous session for this ticket is at the processor; wait for its result',
    );
  });

  it('finds the order by number or id, and says what is wrong when it cannot', async () => {
    const ticket = await createTicket(service, 1, 3);
    const byId = await session(service, cashier, {
      channel: 'ecommerce',
      ticketId: ticket.orderId,
      originalAmount: 100,
    });
    expect(byId.ticketAlphaNumId).toBe(ticket.orderNumber);
    const cases = [
      [
        { channel: 'pos', originalAmount: 100 },
        400,
        'ticketAlphaNumId is required in the pos channel (the order number)',
      ],
      [{ ticketAlphaNumId: 'ZZZZ99', originalAmount: 100 }, 404, "no order ZZZZ99 at this entity's dispensaries"],
      [
        { ticketAlphaNumId: 'ZZZZ99', dispensaryShortName: 'demo', originalAmount: 100 },
        404,
        'no order ZZZZ99 at Green Valley Dispensary',
      ],
      [
        { ticketAlphaNumId: ticket.orderNumber, ticketId: '00000000-0000-4000-8000-000000000000', originalAmount: 100 },
        400,
        `ticketId is not the id of order ${ticket.orderNumber} (it is ${ticket.orderId})`,
      ],
      [
        { ticketAlphaNumId: ticket.orderNumber, dispensaryShortName: 'nowhere', originalAmount: 100 },
        404,
        'no dispensary with short name "nowhere"',
      ],
    ] as const;
    for (const [body, status, detail] of cases) {
      const before = await rows(service, 'payment_sessions');
      const answer = await openSession(service, cashier, body);
      expect([answer.statusCode, answer.json().resultDetail]).toEqual([status, detail]);
      expect(await rows(service, 'payment_sessions')).toBe(before);
    }
  });

  it("names who the customer pays: the event's entityName, else the order's store, else the organization", async () => {
    const ticket = await createTicket(service, 1, 4);
    const plain = (channel: 'ecommerce' | 'virtual_terminal', referenceNumber: string, extra: object = {}) =>
      session(service, cashier, { channel, originalAmount: 100, referenceNumber, ...extra });
    // An order is picked up at its store: the store is named, not the organization that owns it.
    const order = await session(service, cashier, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(order.entityName).toBe('Green Valley Dispensary');
    // A name the integrator gives wins (its "Store name", spec 4.3).
    const named = await session(service, cashier, {
      channel: 'virtual_terminal',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
      entityName: 'Green Valley Midtown',
    });
    expect(named.entityName).toBe('Green Valley Midtown');
    // A store named without an order is named too; a plain charge at no store names the organization.
    expect((await plain('ecommerce', 'cart-at-store', { dispensaryShortName: 'demo' })).entityName).toBe(
      'Green Valley Dispensary',
    );
    expect((await plain('ecommerce', 'cart-nowhere')).entityName).toBe('Green Valley Holdings');
  });
});

describe('live events', () => {
  it('streams session.updated (current state first), payment.updated and order.updated', async () => {
    const ticket = await createTicket(service, 1, 4);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const events = await followEvents(baseUrl, `/v2.0/payments/sessions/${opened.sessionId}/events`, cashier);
    const live = await followEvents(baseUrl, '/v2.0/dispensary/demo/live?topics=orders,payments', cashier);
    expect(events.contentType).toContain('text/event-stream');
    const [first] = await events.until(1);
    expect(first!.event).toBe('session.updated');
    expect(JSON.parse(first!.data)).toMatchObject({
      session: { sessionId: opened.sessionId, status: 'open' },
      payment: null,
    });

    await pay(service, cashier, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    const updates = (await events.until(2)).slice(1).map((frame) => JSON.parse(frame.data) as SessionUpdate);
    expect(updates[0]).toMatchObject({
      session: { status: 'completed' },
      payment: { method: 'Cash', status: 'approved' },
    });
    const published = (await live.until(2)).map((frame) => ({ event: frame.event, data: JSON.parse(frame.data) }));
    expect(published).toEqual(
      expect.arrayContaining([
        {
          event: 'payment.updated',
          data: expect.objectContaining({
            orderNumber: ticket.orderNumber,
            payment: expect.objectContaining({ status: 'approved' }),
          }),
        },
        {
          event: 'order.updated',
          data: {
            orderId: ticket.orderId,
            orderNumber: ticket.orderNumber,
            status: 'PAID',
            paymentStatus: 'PAID',
            source: 'online',
            total: (ticket.total / 100).toFixed(2),
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
            // The payment that paid it, and where: a register's payment names its terminal.
            payment: { paymentId: updates[0]!.payment!.id, terminalId: null, channel: 'pos' },
          },
        },
      ]),
    );
    events.close();
    live.close();
  });

  it('publishes the option the customer picked', async () => {
    const ticket = await createTicket(service, 1, 5);
    const opened = await session(service, service.tokens.display, {
      channel: 'ffd',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const events = await followEvents(
      baseUrl,
      `/v2.0/payments/sessions/${opened.sessionId}/events`,
      service.tokens.display,
    );
    await events.until(1);
    const picked = await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${opened.sessionId}/select`,
      headers: { authorization: `Bearer ${service.tokens.display}` },
      payload: { option: 'Rounded Debit' },
    });
    expect(picked.statusCode).toBe(200);
    const [, selected] = await events.until(2);
    expect(selected).toMatchObject({ event: 'payment.option_selected' });
    expect(JSON.parse(selected!.data)).toEqual({
      sessionId: opened.sessionId,
      ticketAlphaNumId: ticket.orderNumber,
      option: 'Rounded Debit',
    });
    events.close();
  });
});
