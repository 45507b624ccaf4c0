import { describe, expect, it } from 'vitest';
import { orderPage } from '../../../examples/integrator/pages.js';
import type { Order } from '../../../examples/integrator/service-client.js';

// The example shop's order page says what the customer still pays (README "The `_servicepay` SDK"):
// an order paid in part at the counter leaves the rest, not its whole total, to pay at pickup.
const context = { serviceOrigin: 'http://127.0.0.1:4610', nonce: 'n', config: {} };
const order = (fields: Partial<Order>): Order => ({
  orderId: 'o1',
  orderNumber: 'X5YA2D',
  status: 'AWAITING_PROCESSING',
  fulfillmentStatus: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  eta: 'Ready by 4:30 PM',
  total: 2440,
  paid: 0,
  refunded: 0,
  ...fields,
});
const paidLine = (page: string) => /<p id="paid">([^<]*)<\/p>/.exec(page)?.[1];

describe("the example shop's order page", () => {
  it('says the whole total, the rest after a part payment, or what a canceled order gave back', () => {
    expect(paidLine(orderPage(context, order({}), []))).toBe('Pay $24.40 at pickup (bring your ID).');
    expect(paidLine(orderPage(context, order({ paid: 1191 }), []))).toBe(
      'Paid $11.91 of $24.40: pay $12.49 at pickup (bring your ID).',
    );
    const canceled = { fulfillmentStatus: 'CANCELED', status: 'CANCELED' };
    expect(paidLine(orderPage(context, order({ ...canceled, refunded: 1191 }), []))).toBe(
      'Canceled: $11.91 was refunded.',
    );
    expect(paidLine(orderPage(context, order(canceled), []))).toBe('Nothing was charged.');
  });
});
