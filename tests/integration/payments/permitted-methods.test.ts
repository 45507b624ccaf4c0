import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentConfig, PaymentSession } from '../../../shared/contracts/payment.js';
import { listenOnLoopback, send } from '../support/real-port.js';
import type { SseFrame } from '../../../shared/sse.js';
import { followEvents } from './support/follow-events.js';
import { DEMO, GOOD_CARD, paymentService, type PaymentHarness } from './support/payment-fixtures.js';

let service: PaymentHarness;
let port: number;
beforeAll(async () => {
  service = await paymentService();
  port = await listenOnLoopback(service.app);
});
afterAll(() => service.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const methodsOf = (list: { paymentMethod: string }[]) => list.map((method) => method.paymentMethod).sort();

async function config(token: string, channel: string): Promise<string[]> {
  const path = `/v2.0/payments/config?entityId=${DEMO.organizationId}&channel=${channel}`;
  const answer = await send(port, { path, headers: bearer(token) });
  expect(answer.status, answer.text).toBe(200);
  return methodsOf((JSON.parse(answer.text) as PaymentConfig).methods);
}

async function open(token: string, originalAmount: number): Promise<PaymentSession> {
  const body = JSON.stringify({
    entityId: DEMO.organizationId,
    channel: 'ecommerce',
    originalAmount,
    referenceNumber: randomUUID(),
  });
  const answer = await send(port, { method: 'POST', path: '/v2.0/payments/sessions', headers: bearer(token), body });
  expect(answer.status, answer.text).toBe(201);
  return (JSON.parse(answer.text) as { session: PaymentSession }).session;
}

describe('the widget is offered only the methods its token may take, over a real port', () => {
  it('the payment config: the cashier’s ecommerce methods have no ACH; a manager’s and a partner-like role’s do', async () => {
    expect(await config(service.tokens.cashier, 'ecommerce')).toEqual(['Credit']);
    expect(await config(service.tokens.manager, 'ecommerce')).toEqual(['ACH', 'Credit']);
    expect(await config(service.tokens.manager, 'virtual_terminal')).toEqual(['ACH', 'Credit']);
    expect(await config(service.tokens.cashier, 'virtual_terminal')).toEqual(['Credit']);
    // Card-present channels: every method is a payment:create one.
    expect(await config(service.tokens.display, 'ffd')).toEqual(await config(service.tokens.manager, 'ffd'));
  });

  it('the session, its pay answers and its event stream: no ACH for the cashier, each follower its own', async () => {
    const cashierSession = await open(service.tokens.cashier, 2551);
    expect(methodsOf(cashierSession.methods)).toEqual(['Credit']);
    expect(methodsOf((await open(service.tokens.manager, 2551)).methods)).toEqual(['ACH', 'Credit']);

    const path = `/v2.0/payments/sessions/${cashierSession.sessionId}/events`;
    const baseUrl = `http://127.0.0.1:${port}`;
    const cashierStream = await followEvents(baseUrl, path, service.tokens.cashier);
    const managerStream = await followEvents(baseUrl, path, service.tokens.manager);
    try {
      await Promise.all([cashierStream.until(1), managerStream.until(1)]);
      // A declined card (.51) leaves the session open, and publishes it to every follower.
      const paid = await send(port, {
        method: 'POST',
        path: `/v2.0/payments/sessions/${cashierSession.sessionId}/payments`,
        headers: { ...bearer(service.tokens.cashier), 'idempotency-key': randomUUID() },
        body: JSON.stringify({ paymentMethod: 'Credit', card: GOOD_CARD }),
      });
      expect(paid.status, paid.text).toBe(201);
      const answer = JSON.parse(paid.text) as { payment: { status: string }; session: PaymentSession };
      expect(answer.payment.status).toBe('declined');
      expect(methodsOf(answer.session.methods)).toEqual(['Credit']);
      // Every update the follower saw, up to the declined payment's (how many there are before it
      // depends on when each arrives): each with the methods of the follower's own token.
      const seen = async (stream: typeof cashierStream) => {
        const declined = (frame: SseFrame) =>
          frame.event === 'session.updated' &&
          (JSON.parse(frame.data) as { payment: { status: string } | null }).payment?.status === 'declined';
        const deadline = Date.now() + 5000;
        while (!stream.frames.some(declined) && Date.now() < deadline) await stream.until(stream.frames.length + 1);
        return new Set(
          stream.frames
            .filter((frame) => frame.event === 'session.updated')
            .map((frame) => methodsOf((JSON.parse(frame.data) as { session: PaymentSession }).session.methods).join()),
        );
      };
      expect(await seen(cashierStream)).toEqual(new Set(['Credit']));
      expect(await seen(managerStream)).toEqual(new Set(['ACH,Credit']));
      expect(cashierStream.frames.length).toBeGreaterThanOrEqual(2);
    } finally {
      cashierStream.close();
      managerStream.close();
    }
  });
});
