import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Allowance, Customer } from '../../../shared/contracts/customers.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, login } from '../support/demo-service.js';
import { pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { handOver, refunded } from '../payments/support/line-sale.js';

// Purchase limits count what a customer kept (README "Purchase limits"): cannabis given back by a
// refund by items (README "Refunds by items") no longer counts toward the day's limit; money given
// back by a refund of an amount does not give the cannabis back, and still counts. California, the
// demo store, noon on June 15, 2026 in its zone.
const NOW = Date.parse('2026-06-15T19:00:00Z');
const CUSTOMERS = '/v2.0/dispensary/demo/customers';
let service: PaymentHarness;
/** A jar of 3.5 g of flower. */
let eighth: string;

const post = (url: string, payload: object) =>
  service.request({ method: 'POST', url, headers: service.headers, payload });
const ticket = (customerId: string, jars: number) =>
  post('/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId: eighth, quantity: jars }],
    customerId,
  });

async function customer(idNumber: string): Promise<Customer> {
  const added = await post(CUSTOMERS, {
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber,
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: Customer }>().customer;
}

/** `jars` eighths sold to `customerId`, paid in cash at the manager's POS and handed over. */
async function sold(customerId: string, jars: number) {
  const created = await ticket(customerId, jars);
  expect(created.statusCode, created.body).toBe(201);
  const made = created.json<{ orderId: string; orderNumber: string; total: string; items: { id: string }[] }>();
  const total = cents(made.total);
  const manager = service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'pos',
    ticketAlphaNumId: made.orderNumber,
    originalAmount: total,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
  expect(paid.statusCode, paid.body).toBe(201);
  await handOver(service, made.orderId);
  return { paymentId: paid.json<{ payment: { id: string } }>().payment.id, itemId: made.items[0]!.id };
}

async function leftToday(customerId: string): Promise<string> {
  const answer = await service.request({
    method: 'GET',
    url: `${CUSTOMERS}/${customerId}/allowance`,
    headers: service.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Allowance>().groups.find((entry) => entry.group === 'non_concentrated')!.summary;
}

beforeAll(async () => {
  service = await paymentService({ now: () => new Date(NOW) });
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${manager}` },
    payload: { complianceProfile: 'us-ca' },
  });
  expect(set.statusCode, set.body).toBe(200);
  eighth = (await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500"))[0]!.id;
  await setStock(service.app, eighth, 100_000);
}, 60_000);
afterAll(() => service.close());

describe('cannabis given back no longer counts toward the limit', () => {
  it('a customer at their limit gives an eighth back and may buy an eighth again', async () => {
    const buyer = await customer('D4000001');
    // 8 × 3.5 g = 28 g of the 28.5 g a day; one more jar would make 31.5 g.
    const sale = await sold(buyer.id, 8);
    expect((await ticket(buyer.id, 1)).statusCode).toBe(409);
    await refunded(service, sale.paymentId, { lines: [{ itemId: sale.itemId, quantity: 1 }] });
    expect(await leftToday(buyer.id)).toBe('4 g of 28.5 g left today');
    const again = await ticket(buyer.id, 1);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('money given back by an amount leaves the cannabis counted', async () => {
    const buyer = await customer('D4000002');
    const sale = await sold(buyer.id, 8);
    await refunded(service, sale.paymentId, { amount: 500 });
    expect(await leftToday(buyer.id)).toBe('0.5 g of 28.5 g left today');
    expect((await ticket(buyer.id, 1)).statusCode).toBe(409);
  });
});
