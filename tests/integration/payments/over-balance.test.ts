import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTicket,
  getSession,
  openSession,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

/**
 * A payment over what its order still owes is refused (checkPayable) with its figures as data: the
 * balance, what was asked, and what the order's payments already paid of its total, so the widget
 * can say "$2.00 of $X is already paid; $Y is left" without reading the sentence.
 */
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

describe('a payment over the balance due', () => {
  it('a pay request after part of the order was paid in another session says what is paid of what total', async () => {
    const ticket = await createTicket(service, 1, 7);
    const { cashier, manager } = service.tokens;
    const first = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    // Another login's session takes $2.00 of the order meanwhile.
    const other = await session(service, manager, { ticketAlphaNumId: ticket.orderNumber, originalAmount: 200 });
    const cash = await pay(service, manager, other.sessionId, { paymentMethod: 'Cash', tenderedAmount: 200 });
    expect(cash.statusCode, cash.body).toBe(201);

    const answer = await pay(service, cashier, first.sessionId, { paymentMethod: 'Credit' });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ resultReason: 'CONFLICT', details: expect.any(Object) });
    expect(answer.json().details).toEqual({
      balanceDue: ticket.total - 200,
      requestedAmount: ticket.total,
      paid: 200,
      total: ticket.total,
    });
    for (const figure of Object.values(answer.json().details)) expect(Number.isInteger(figure)).toBe(true);

    // The rest paid in this session: the order is paid, and the session is done, not open asking for $2.00 more.
    const rest = await pay(service, cashier, first.sessionId, {
      paymentMethod: 'Cash',
      amount: ticket.total - 200,
      tenderedAmount: ticket.total - 200,
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const after = await getSession(service, cashier, first.sessionId);
    expect(after.order?.balanceDue).toBe(0);
    expect([after.status, after.amountDue, after.methods]).toEqual(['completed', 0, []]);
  });

  it('an order nothing paid yet says paid 0, so no "already paid" is ever told of it', async () => {
    const ticket = await createTicket(service, 1, 8);
    const answer = await openSession(service, service.tokens.cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total + 500,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().details).toEqual({
      balanceDue: ticket.total,
      requestedAmount: ticket.total + 500,
      paid: 0,
      total: ticket.total,
    });
  });
});
