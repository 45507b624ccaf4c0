import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { MethodsRepository } from '../../../electron/server/payments/store/methods-repository.js';
import { ProcessorsRepository } from '../../../electron/server/payments/store/processors-repository.js';
import {
  createTicket,
  DEMO,
  GOOD_CARD,
  orderStatus,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let token: string;
let reference = 0;

beforeAll(async () => {
  service = await paymentService({ reconcileDelayMs: 50 });
  token = service.tokens.admin;
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  const { db } = service.app.ctx;
  const processors = new ProcessorsRepository(db);
  const methods = new MethodsRepository(db);
  const now = new Date();
  // The hosted gateway sandbox with time to answer on a busy machine, the same with a short timeout
  // (for the charge it never answers), and a gateway nobody listens on.
  await db.write(async (tx) => {
    const added = {
      sandbox: await processors.add(
        tx,
        {
          organizationId: DEMO.organizationId,
          name: 'paynet-sandbox',
          kind: 'paynet',
          settings: { merchantId: 'm-1', apiKey: 'sk_test_1', timeoutMs: 30_000 },
        },
        now,
      ),
      fast: await processors.add(
        tx,
        {
          organizationId: DEMO.organizationId,
          name: 'paynet-fast',
          kind: 'paynet',
          settings: { merchantId: 'm-1', apiKey: 'sk_test_1', timeoutMs: 300 },
        },
        now,
      ),
      down: await processors.add(
        tx,
        {
          organizationId: DEMO.organizationId,
          name: 'paynet-down',
          kind: 'paynet',
          settings: { gatewayUrl: 'http://127.0.0.1:9', merchantId: 'm-1', apiKey: 'sk_test_1', timeoutMs: 300 },
        },
        now,
      ),
    };
    for (const processor of [added.sandbox, added.fast, added.down]) {
      await methods.set(tx, DEMO.locationId, processor.id, 'Credit', true, now);
      await methods.set(tx, DEMO.locationId, processor.id, 'ACH', true, now);
    }
    return added;
  });
});
afterAll(() => service.close());

async function charge(
  processorName: string,
  amount: number,
): Promise<{ status: number; payment: PaymentRecord; sessionId: string }> {
  const opened = await session(service, token, {
    channel: 'ecommerce',
    originalAmount: amount,
    processorName,
    referenceNumber: `PN-${(reference += 1)}`,
  });
  const answer = await pay(service, token, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
  return { status: answer.statusCode, payment: answer.json().payment, sessionId: opened.sessionId };
}

describe('paynet over HTTP to its gateway', () => {
  it.each([
    [1000, 'approved', 'A00'],
    [1051, 'declined', 'D51'],
    [1055, 'declined', 'D55'],
    [1005, 'declined', 'D05'],
    [1096, 'error', 'E96'],
  ])('%i cents → %s with paynet code %s', async (amount, status, code) => {
    const { status: http, payment } = await charge('paynet-sandbox', amount);
    expect(http).toBe(201);
    expect(payment).toMatchObject({ status, processorResponseCode: code, processorName: 'paynet-sandbox' });
    if (status === 'approved') expect(payment.chargeId).toMatch(/^pn_[0-9a-f]{24}$/);
  });

  it('times out on .91 (the gateway never answers), then the status lookup settles it as approved', async () => {
    const started = Date.now();
    const { status, payment, sessionId } = await charge('paynet-fast', 1091);
    expect(status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(payment).toMatchObject({ status: 'pending' });
    const done = await waitForSession(service, token, sessionId, (s) => s.status === 'completed');
    expect(done.payments[0]).toMatchObject({ status: 'approved', processorResponseCode: 'A00' });
  });

  it('fails cleanly when the gateway cannot be reached: nothing was sent, nothing charged', async () => {
    const { status, payment } = await charge('paynet-down', 1000);
    expect(status).toBe(201);
    expect(payment).toMatchObject({ status: 'error', processorResponseMessage: 'error' });
    expect(payment.processorResponseDetailMessage).toMatch(
      /^paynet is unreachable \(ECONNREFUSED\); nothing was sent$/,
    );
  });

  it('authorizes ACH through paynet and captures it over HTTP when the order completes', async () => {
    const ticket = await createTicket(service, 1, 0);
    const opened = await session(service, token, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
      processorName: 'paynet-sandbox',
    });
    const answer = await pay(service, token, opened.sessionId, { paymentMethod: 'ACH' });
    const paylink = answer.json().pending.paylinkUrl.split('#')[1];
    const authorized = await service.request({
      method: 'POST',
      url: `/v2.0/paylinks/${paylink}/authorize`,
      payload: { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '99887766' },
    });
    expect(authorized.json().status).toBe('approved');
    expect(await orderStatus(service, ticket.orderId)).toBe('AUTHORIZED');
    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await service.request({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/status`,
        headers: service.headers,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const done = await waitForSession(service, token, opened.sessionId, () => true);
    expect(done.payments[0]).toMatchObject({
      processorName: 'paynet-sandbox',
      captured: true,
      lastActionTaken: 'capture',
    });
  });

  it('refuses requests without a test API key at the gateway', async () => {
    const response = await service.request({ method: 'GET', url: '/paynet-sandbox/v1/transactions?reference=x' });
    expect(response.statusCode).toBe(401);
  });
});
