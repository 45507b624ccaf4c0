import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrders } from '../../../shared/contracts/customer-orders.js';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { ListedTicket, TicketPage } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import {
  cardApprovedTicket,
  createTicket,
  GOOD_CARD,
  orderStatus,
  pay,
  payByCard,
  paymentService,
  session,
  type PaymentHarness,
  type TestTicket,
} from '../payments/support/payment-fixtures.js';

// The orders lists (GET …/ecommerce/tickets, GET …/customers/:id/orders) say what each order's
// payments hold, as the service counts its balance: approved amounts applied to the order (a tip
// aside), a voided or wholly refunded payment counting nothing, and what refunds gave back.
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

const BASE = '/v2.0/dispensary/demo';
const manager = () => ({ authorization: `Bearer ${service.tokens.manager}` });

/** The order's row in the store's list (its newest 100 orders). */
async function listed(orderId: string): Promise<ListedTicket> {
  const answer = await service.request({
    method: 'GET',
    url: `${BASE}/ecommerce/tickets?limit=100`,
    headers: service.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const row = answer.json<TicketPage>().tickets.find((ticket) => ticket.orderId === orderId);
  expect(row, `order ${orderId} listed`).toBeDefined();
  return row!;
}

/** A keyed card payment of `amount` cents (and `tip`) toward the order, on the virtual terminal: its id. */
async function payPart(ticket: TestTicket, amount: number, tip = 0): Promise<string> {
  const opened = await session(service, service.tokens.manager, {
    channel: 'virtual_terminal',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
    ...(tip > 0 && { tip }),
  });
  const paid = await pay(service, service.tokens.manager, opened.sessionId, {
    paymentMethod: 'Credit',
    card: GOOD_CARD,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: { id: string; status: string } }>().payment.id;
}

const reverse = (paymentId: string, how: 'void' | 'refund', amount?: number) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/${how}`,
    headers: { ...manager(), 'content-type': 'application/json' },
    payload: JSON.stringify(amount === undefined ? {} : { amount }),
  });

const dollars = (amount: number) => (amount / 100).toFixed(2);

describe("the orders list says each order's paid and refunded amounts", () => {
  it('an order with no payment: nothing paid, nothing refunded', async () => {
    const ticket = await createTicket(service, 1, 0);
    expect(await listed(ticket.orderId)).toMatchObject({ paid: '0.00', refunded: '0.00' });
  });

  it('an order paid in part: what is in (its tip aside), still awaiting the rest', async () => {
    const ticket = await createTicket(service, 3, 1);
    expect(ticket.total).toBeGreaterThan(500);
    await payPart(ticket, 500, 100);
    const row = await listed(ticket.orderId);
    expect(row).toMatchObject({ status: 'AWAITING_PROCESSING', paid: '5.00', refunded: '0.00' });
    expect(cents(row.total)).toBe(ticket.total);
  });

  it('an order paid in full, in two payments: the whole total', async () => {
    const ticket = await cardApprovedTicket(service, 2);
    await payPart(ticket, 1000 < ticket.total ? 1000 : 100);
    const rest = ticket.total - (1000 < ticket.total ? 1000 : 100);
    await payPart(ticket, rest);
    expect(await listed(ticket.orderId)).toMatchObject({
      status: 'PAID',
      paid: dollars(ticket.total),
      refunded: '0.00',
    });
  });

  it('a part refund: still paid in full (the balance does not take it off), with what went back', async () => {
    const ticket = await cardApprovedTicket(service, 3);
    const payment = await payByCard(service, ticket);
    expect((await reverse(payment.id, 'refund', 150)).statusCode).toBe(200);
    expect(await listed(ticket.orderId)).toMatchObject({
      status: 'PAID',
      paid: dollars(ticket.total),
      refunded: '1.50',
    });
    // The rest refunded: the payment holds nothing now, the order is open again, all of it went back.
    expect((await reverse(payment.id, 'refund')).statusCode).toBe(200);
    expect(await listed(ticket.orderId)).toMatchObject({
      status: 'AWAITING_PROCESSING',
      paid: '0.00',
      refunded: dollars(ticket.total),
    });
  });

  it('a voided payment counts nothing: the order awaits payment again', async () => {
    const ticket = await cardApprovedTicket(service, 4);
    const payment = await payByCard(service, ticket);
    expect((await reverse(payment.id, 'void')).statusCode).toBe(200);
    expect(await orderStatus(service, ticket.orderId)).toBe('AWAITING_PROCESSING');
    expect(await listed(ticket.orderId)).toMatchObject({ paid: '0.00', refunded: '0.00' });
  });

  it('answers every row of a page from one grouped read, each with its own figures', async () => {
    const tickets = [
      await createTicket(service, 3, 5),
      await createTicket(service, 3, 6),
      await createTicket(service, 3, 7),
    ];
    await payPart(tickets[0]!, 200);
    await payPart(tickets[2]!, 300);
    const answer = await service.request({
      method: 'GET',
      url: `${BASE}/ecommerce/tickets?limit=3`,
      headers: service.headers,
    });
    const rows = answer.json<TicketPage>().tickets;
    expect(rows.map((row) => [row.orderId, row.paid])).toEqual([
      [tickets[2]!.orderId, '3.00'],
      [tickets[1]!.orderId, '0.00'],
      [tickets[0]!.orderId, '2.00'],
    ]);
  });
});

describe("a customer's orders say what each one's payments hold, in cents", () => {
  it('paid in part, and part refunded', async () => {
    const created = await service.request({
      method: 'POST',
      url: `${BASE}/customers`,
      headers: manager(),
      payload: {
        firstName: 'Paula',
        lastName: 'Partly',
        dateOfBirth: '1990-01-15',
        idType: 'drivers_licence',
        idNumber: 'P1000001',
        idJurisdiction: 'CA',
        idExpiry: '2030-01-15',
        customerType: 'adult_use',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json<{ customer: Customer }>().customer;
    const sold = await service.request({
      method: 'POST',
      url: `${BASE}/ecommerce/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', customerId: customer.id, items: [{ productId: await accessory(), quantity: 3 }] },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const order = sold.json<{ orderId: string; orderNumber: string; total: string }>();
    const ticket = { orderId: order.orderId, orderNumber: order.orderNumber, total: cents(order.total) };
    const first = await payPart(ticket, 400);
    expect((await reverse(first, 'refund', 125)).statusCode).toBe(200);

    const answer = await service.request({
      method: 'GET',
      url: `${BASE}/customers/${customer.id}/orders`,
      headers: manager(),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<CustomerOrders>().orders).toEqual([
      expect.objectContaining({ orderId: ticket.orderId, total: ticket.total, paid: 400, refunded: 125 }),
    ]);
  });
});

/** An accessory in stock (no state limits on a customer's purchase). */
async function accessory(): Promise<string> {
  const [found] = await products(service.app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 10000");
  return found!.id;
}
