import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayResponse, PaymentRecord, SessionUpdate } from '../../../shared/contracts/payment.js';
import { followEvents } from './support/follow-events.js';
import {
  cardApprovedTicket,
  createTicket,
  GOOD_CARD,
  pay,
  paymentService,
  rows,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

/**
 * How a session ended reaches whoever follows it again (a widget whose stream reconnected: the first
 * frame carries the payment that made the session so), a cancel with nothing under way writes no
 * payment, and an order paid in one session is told to its other open sessions.
 */
let service: PaymentHarness;
let cashier: string;
let baseUrl: string;
beforeAll(async () => {
  // A PIN pad that waits ten minutes: its timer never reads a card while these tests run.
  service = await paymentService({ pinpadDelayMs: 600_000 });
  cashier = service.tokens.cashier;
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

const eventsOf = (sessionId: string, token = cashier) =>
  followEvents(baseUrl, `/v2.0/payments/sessions/${sessionId}/events`, token);
const updates = (frames: { event: string; data: string }[]) =>
  frames.filter((frame) => frame.event === 'session.updated').map((frame) => JSON.parse(frame.data) as SessionUpdate);
const cancel = (sessionId: string, token = cashier) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/sessions/${sessionId}/cancel`,
    headers: { authorization: `Bearer ${token}` },
  });

describe('the first frame of a session’s stream', () => {
  it('carries the approval that completed the session (a widget that lost the answer learns it)', async () => {
    const ticket = await cardApprovedTicket(service, 1);
    const opened = await session(service, service.tokens.manager, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const paid = await pay(service, service.tokens.manager, opened.sessionId, {
      paymentMethod: 'Credit',
      card: GOOD_CARD,
    });
    const approved = paid.json<PayResponse>().payment!;
    expect(approved.status).toBe('approved');
    // The widget's stream comes back after the payment: its first frame says how it ended, with whom.
    const events = await eventsOf(opened.sessionId, service.tokens.manager);
    const [first] = updates(await events.until(1));
    expect(first!.session).toMatchObject({ status: 'completed', amountDue: 0 });
    expect(first!.payment).toEqual(approved);
    events.close();
  });

  it('is null for a session where nothing happened yet', async () => {
    const ticket = await createTicket(service, 1, 2);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const events = await eventsOf(opened.sessionId);
    expect(updates(await events.until(1))[0]).toMatchObject({ session: { status: 'open' }, payment: null });
    events.close();
  });
});

describe('a cancel with nothing under way', () => {
  it('cancels the session, writes no payment, and answers the spec 2.8 record of what was left to pay', async () => {
    const ticket = await createTicket(service, 1, 3);
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    await service.request({
      method: 'POST',
      url: `/v2.0/payments/sessions/${opened.sessionId}/select`,
      headers: { authorization: `Bearer ${cashier}` },
      payload: { option: 'Credit' },
    });
    const follower = await eventsOf(opened.sessionId);
    await follower.until(1);
    const before = await rows(service, 'payments');
    const first = await cancel(opened.sessionId);
    expect(first.statusCode).toBe(200);
    const answer = first.json<PayResponse>();
    expect(answer.session).toMatchObject({ status: 'canceled', payments: [], pending: null });
    expect(answer.payment).toMatchObject({
      id: opened.sessionId,
      sessionId: opened.sessionId,
      status: 'canceled',
      processorResponseMessage: 'canceled',
      lastActionTaken: 'cancel',
      method: 'Credit',
      originalAmount: ticket.total,
      chargeId: null,
      ticketId: ticket.orderId,
      paymentDeviceConfigurationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      referenceNumber: expect.stringMatching(/^\d{12}$/),
    });
    expect(await rows(service, 'payments')).toBe(before);
    // Its followers are told with the same record (each widget reports one PAYMENT_CANCELED) …
    const told = updates(await follower.until(2))[1]!;
    expect(told).toMatchObject({ session: { status: 'canceled' }, payment: answer.payment });
    follower.close();
    // … a second cancel answers it again, and a stream followed afterwards starts with it.
    const again = await cancel(opened.sessionId);
    expect([again.statusCode, again.json<PayResponse>().payment]).toEqual([200, answer.payment]);
    const later = await eventsOf(opened.sessionId);
    expect(updates(await later.until(1))[0]!.payment).toEqual(answer.payment);
    later.close();
    expect(await rows(service, 'payments')).toBe(before);
  });

  it('the order keeps no canceled payment of it and can be paid in full afterwards', async () => {
    const ticket = await createTicket(service, 1, 4);
    const first = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    await cancel(first.sessionId);
    const next = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const paid = await pay(service, cashier, next.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    expect(paid.statusCode).toBe(201);
    const listed = await service.request({
      method: 'GET',
      url: `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${ticket.orderNumber}`,
      headers: { authorization: `Bearer ${service.tokens.manager}` },
    });
    const payments = listed.json<{ payments: PaymentRecord[] }>().payments;
    expect(payments.map((payment) => [payment.status, payment.originalAmount])).toEqual([['approved', ticket.total]]);
  });
});

describe('an order paid in another session', () => {
  it('is told to its other open sessions: their widgets see it paid', async () => {
    const ticket = await createTicket(service, 1, 5);
    const event = { ticketAlphaNumId: ticket.orderNumber, originalAmount: ticket.total };
    const other = await session(service, service.tokens.manager, event);
    const followed = await eventsOf(other.sessionId, service.tokens.manager);
    await followed.until(1);
    const mine = await session(service, cashier, event);
    expect(mine.sessionId).not.toBe(other.sessionId);
    await pay(service, cashier, mine.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    const told = await followed.until(2);
    const last = updates(told).at(-1)!;
    expect(last.payment).toBeNull();
    expect(last.session).toMatchObject({
      sessionId: other.sessionId,
      status: 'open',
      payments: [],
      order: { status: 'PAID', paid: ticket.total, balanceDue: 0 },
    });
    followed.close();
  });
});
