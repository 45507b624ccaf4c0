import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrders } from '../../../shared/contracts/customer-orders.js';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { handOver } from '../payments/support/line-sale.js';

// A customer's last visit (README "Customers"): when their newest sale was handed over, paid in full
// and in their hands. An order canceled, one not paid yet, or one paid and waiting to be picked up is
// no visit, whenever it was made: the tester's Maria, whose online order canceled at 11:14 PM showed
// as her last visit over her sale at 11:06 PM. The clock moves a second per reading.
let service: PaymentHarness;
let clock = Date.parse('2026-06-15T19:00:00Z');
let productId = '';
const STORE = '/v2.0/dispensary/demo';

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  service.request({ method, url: `${STORE}${url}`, headers: service.headers, ...(payload && { payload }) });

async function customer(lastName: string, idNumber: string): Promise<Customer> {
  const answer = await call('POST', '/customers', {
    firstName: 'Maria',
    lastName,
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber,
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ customer: Customer }>().customer;
}

async function order(customerId: string): Promise<Ticket> {
  const answer = await call('POST', '/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId, quantity: 1 }],
    customerId,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Ticket>();
}

/** Pays `ticket` in full in cash at the manager's POS. */
async function paid(ticket: Ticket): Promise<void> {
  const total = cents(ticket.total);
  const opened = await session(service, service.tokens.manager, {
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total,
  });
  const answer = await pay(service, service.tokens.manager, opened.sessionId, {
    paymentMethod: 'Cash',
    tenderedAmount: total,
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

/** When the order was handed over, as its history says. */
async function handedOverAt(orderId: string): Promise<string> {
  const history = (await call('GET', `/ecommerce/ticket/${orderId}/history`)).json<OrderHistory>();
  const step = history.steps.filter((each) => each.kind === 'status' && each.to === 'COMPLETED').at(-1);
  expect(step, JSON.stringify(history.steps)).toBeDefined();
  return step!.at;
}

const ordersOf = async (id: string) => {
  const answer = await call('GET', `/customers/${id}/orders`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<CustomerOrders>();
};

beforeAll(async () => {
  // The cashier (with the demo client) makes the orders; the manager pays them.
  service = await paymentService({ now: () => new Date((clock += 1000)) });
  [productId] = (await products(service.app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  ) as [string];
}, 60_000);
afterAll(() => service.close());

describe("a customer's last visit", () => {
  it('is when their newest sale was handed over, never a later order canceled, unpaid or not picked up', async () => {
    const maria = await customer('Visits', 'V1000001');
    const sale = await order(maria.id);
    await paid(sale);
    await handOver(service, sale.orderId);
    const visit = await handedOverAt(sale.orderId);

    // Made after the sale: canceled, waiting for payment, paid but not picked up yet.
    const canceled = await order(maria.id);
    const cancel = await call('POST', `/ecommerce/ticket/${canceled.orderId}/cancel`, { reason: 'changed her mind' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await order(maria.id);
    await paid(await order(maria.id));

    const orders = await ordersOf(maria.id);
    expect(orders.count).toBe(4);
    expect(orders.orders.map((each) => each.status)).toEqual(['PAID', 'AWAITING_PROCESSING', 'CANCELED', 'COMPLETED']);
    expect(orders.lastVisit).toBe(visit);
    // Handed over after it was made: the visit is the handing over, not the order's making.
    expect(Date.parse(visit)).toBeGreaterThan(Date.parse(sale.createdAt));
  });

  it('is none while nothing was handed over, though they have orders', async () => {
    const ezra = await customer('Novisit', 'V1000002');
    const canceled = await order(ezra.id);
    await call('POST', `/ecommerce/ticket/${canceled.orderId}/cancel`, { reason: 'test' });
    await order(ezra.id);
    const orders = await ordersOf(ezra.id);
    expect(orders.count).toBe(2);
    expect(orders.lastVisit).toBeNull();
  });
});
