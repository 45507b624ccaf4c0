import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO } from '../../../electron/server/demo/demo-catalog.js';
import { call, signIn, startTwoInstances, ticket, unitProducts, type StoreServer } from './two-instances.js';

// An instance that dies leaves its pending payments to the others: the one waiting for its PIN pad
// is canceled (nothing was charged), the one whose processor answer was lost is settled by lookup.
let server: StoreServer;
let cashier: string;

beforeAll(async () => {
  // A: a PIN pad that never answers and no lookup of its own; B: a quick lookup. Both take over
  // the work of an instance silent for 2 s.
  server = await startTwoInstances(
    ['--takeover-after-ms', '2000', '--pinpad-delay-ms', '600000', '--reconcile-delay-ms', '600000'],
    ['--takeover-after-ms', '2000', '--reconcile-delay-ms', '100'],
  );
  cashier = await signIn(server.a, 'cashier');
}, 90_000);
afterAll(() => server.stop());

/** A payment of a session, as instance B reads it. */
const payment = async (sessionId: string) => {
  const found = await call(server.b, `/v2.0/payments/sessions/${sessionId}`, { token: cashier });
  const { payments } = found.body.session as {
    payments: { status: string; processorResponseDetailMessage: string }[];
  };
  return payments[0];
};

it('takes over the payments of an instance killed mid-payment', { timeout: 60_000 }, async () => {
  const [product] = await unitProducts(server.a, cashier);
  const created = await ticket(server.a, cashier, product!.productId);
  const total = Math.round(Number(created.total) * 100);
  const opened = await call(server.a, '/v2.0/payments/sessions', {
    token: cashier,
    body: {
      entityId: DEMO.organizationId,
      channel: 'pos',
      ticketAlphaNumId: created.orderNumber,
      originalAmount: total,
    },
  });
  const sessionId = (opened.body.session as { sessionId: string }).sessionId;
  const waiting = await call(server.a, `/v2.0/payments/sessions/${sessionId}/payments`, {
    token: cashier,
    key: randomUUID(),
    body: { paymentMethod: 'Debit' },
  });
  expect(waiting.status, JSON.stringify(waiting.body)).toBe(202);

  // A keyed card whose processor answer is lost (.91): A would look it up in ten minutes.
  const plain = await call(server.a, '/v2.0/payments/sessions', {
    token: cashier,
    body: { entityId: DEMO.organizationId, channel: 'ecommerce', originalAmount: 2591, referenceNumber: 'TAKE-1' },
  });
  const plainId = (plain.body.session as { sessionId: string }).sessionId;
  const lost = await call(server.a, `/v2.0/payments/sessions/${plainId}/payments`, {
    token: cashier,
    key: randomUUID(),
    body: {
      paymentMethod: 'Credit',
      card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', postalCode: '95816' },
    },
  });
  expect(lost.status, JSON.stringify(lost.body)).toBe(202);

  await server.a.stop('SIGKILL');
  await expect
    .poll(async () => (await payment(sessionId))?.processorResponseDetailMessage, { timeout: 15_000, interval: 250 })
    .toBe('Canceled: the PIN pad session ended when the service restarted');
  await expect.poll(async () => (await payment(plainId))?.status, { timeout: 15_000, interval: 250 }).toBe('approved');
});
