import { DEMO, type ServiceApi } from '../support/service-api.js';

/** An order created through the ticket API, as an integrator would. */
export interface TestOrder {
  orderId: string;
  orderNumber: string;
  total: string;
}

/**
 * A ticket of one edible whose total ends in `cents` (the sandbox decides by the cents: .51 declines,
 * .05 does not honor, .10 approves); reward dollars make up the difference from the product's price.
 */
export async function orderEndingIn(api: ServiceApi, cents: number, productIndex = 0): Promise<TestOrder> {
  const product = (await api.products('EDIBLE'))[productIndex]!;
  const headers = {
    ...DEMO.client,
    authorization: `Bearer ${await api.token()}`,
    'content-type': 'application/json',
  };
  const items = [{ productId: product.productId, quantity: 1 }];
  const path = '/v2.0/dispensary/demo/ecommerce/ticket';
  const quote = await api.call<{ total: string }>(
    'POST',
    `${path}/quote`,
    JSON.stringify({ type: 'PICKUP', items }),
    headers,
  );
  const total = Math.round(Number(quote.total) * 100);
  const reward = (((total - cents) % 100) + 100) % 100;
  const order = await api.call<TestOrder>(
    'POST',
    path,
    JSON.stringify({ type: 'PICKUP', items, rewardDollars: reward / 100 }),
    headers,
  );
  if (!order.total.endsWith(`.${String(cents).padStart(2, '0')}`)) {
    throw new Error(`order ${order.orderNumber} totals ${order.total}, not .${cents}`);
  }
  return order;
}

/**
 * Pays an order in full in cash at a register, as the POS does: a payment session, then the cash
 * tendered (`over` cents more than the total: change given). `token` is the cashier's (signed in at a
 * register to count in its drawer).
 */
export async function payInCash(api: ServiceApi, order: TestOrder, over = 0, token?: string): Promise<void> {
  const cashier = {
    authorization: `Bearer ${token ?? (await api.token('cashier'))}`,
    'content-type': 'application/json',
  };
  const amount = Math.round(Number(order.total) * 100);
  const { session } = await api.call<{ session: { sessionId: string } }>(
    'POST',
    '/v2.0/payments/sessions',
    JSON.stringify({
      entityId: await api.organizationId(),
      channel: 'pos',
      ticketAlphaNumId: order.orderNumber,
      originalAmount: amount,
    }),
    cashier,
  );
  await api.call(
    'POST',
    `/v2.0/payments/sessions/${session.sessionId}/payments`,
    JSON.stringify({ paymentMethod: 'Cash', tenderedAmount: amount + over }),
    { ...cashier, 'idempotency-key': crypto.randomUUID() },
  );
}
