import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { addCustomer } from '../printing/support/customer-sales.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { BASE, editLines, expectRefused, writtenFor } from './edit-support.js';

// A store enforcing California's rules (28.5 g of flower a day): a line that grows is checked
// against the customer's allowance as a new ticket is; one that goes down never is.
let service: PaymentHarness;
let jar: string;

beforeAll(async () => {
  service = await paymentService();
  const [found] = await products(
    service.app,
    "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500 AND k.on_hand_milli - k.reserved_milli > 20000",
  );
  jar = found!.id;
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { complianceProfile: 'us-ca' },
  });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(() => service.close());

describe('an edit and the purchase limits', () => {
  it('refuses a line grown past the daily limit in its words, writing nothing, and lets it go down', async () => {
    const buyer = await addCustomer(service, service.token, 'D4000001', { firstName: 'Ada' });
    const made = await service.request({
      method: 'POST',
      url: `${BASE}/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: jar, quantity: 8 }], customerId: buyer.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json<Ticket>();

    const before = await writtenFor(service, order.orderId);
    const more = await editLines(service, order.orderId, { changes: [{ lineIndex: 1, quantity: 9 }] });
    expectRefused(more, 409, 'PURCHASE_LIMIT', /28\.5 g daily limit/);
    expect(await writtenFor(service, order.orderId)).toEqual(before);

    const fewer = await editLines(service, order.orderId, { changes: [{ lineIndex: 1, quantity: 7 }] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(fewer.json<Ticket>().items[0]!.quantity).toBe(7);
    const back = await editLines(service, order.orderId, { changes: [{ lineIndex: 1, quantity: 8 }] });
    expect(back.statusCode, back.body).toBe(200);
  });
});
