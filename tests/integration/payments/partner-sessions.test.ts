import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPartner, signJwt, type TestPartner } from '../support/partner-keys.js';
import {
  createTicket,
  DEMO,
  openSession,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';

// A partner acts on the payment sessions it opened, never on the store's (README "Authentication":
// `integration` "cancels the payments it starts"); the token a partner's server gets for its shopper's
// browser (a JWT scoped "shopper") pays and cancels its payments, and reads nothing of the store's.
let service: PaymentHarness;
let shop: TestPartner;

beforeAll(async () => {
  service = await paymentService();
  shop = await registerPartner(service.app, 'ES256', 'Storefront Co');
});
afterAll(() => service.close());

/** An access token of the partner's (`scope` "shopper": its shopper's browser's). */
async function partnerToken(scope?: 'shopper'): Promise<string> {
  const jwt = await signJwt(shop, scope ? { claims: { scope } } : {});
  const answer = await service.request({
    method: 'POST',
    url: '/auth-v3/token',
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ token: string }>().token;
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const cancel = (token: string, sessionId: string) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/sessions/${sessionId}/cancel`,
    headers: as(token),
    payload: {},
  });

describe("a partner's payment sessions", () => {
  it('neither reads nor cancels a session the store opened, and cancels its own', async () => {
    const partner = await partnerToken();
    const manager = service.tokens.manager;
    const ticket = await createTicket(service, 1, 0);
    const store = await session(service, manager, {
      channel: 'virtual_terminal',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const ach = await pay(service, manager, store.sessionId, { paymentMethod: 'ACH' });
    expect(ach.statusCode, ach.body).toBe(202);

    const refused = await cancel(partner, store.sessionId);
    expect([refused.statusCode, refused.json().resultDetail]).toEqual([
      403,
      'this payment session was opened by the store or another partner',
    ]);
    const read = await service.request({
      method: 'GET',
      url: `/v2.0/payments/sessions/${store.sessionId}`,
      headers: as(partner),
    });
    expect(read.statusCode).toBe(403);
    // The manager's payment still waits for the bank.
    const still = await service.request({
      method: 'GET',
      url: `/v2.0/payments/sessions/${store.sessionId}`,
      headers: as(manager),
    });
    expect(still.json().session.payments.map((p: { status: string }) => p.status)).toEqual(['pending']);

    const other = await createTicket(service, 1, 1);
    const own = await session(service, partner, {
      channel: 'ecommerce',
      ticketAlphaNumId: other.orderNumber,
      originalAmount: other.total,
    });
    expect((await cancel(partner, own.sessionId)).statusCode).toBe(200);
  });

  it("a shopper's token pays and cancels what it started; customers, tickets and payments are not its to read", async () => {
    const shopper = await partnerToken('shopper');
    const ticket = await createTicket(service, 1, 2);
    const opened = await openSession(service, shopper, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const config = await service.request({
      method: 'GET',
      url: `/v2.0/payments/config?entityId=${DEMO.organizationId}&channel=ecommerce`,
      headers: as(shopper),
    });
    expect(config.statusCode).toBe(200);
    const sessionId = opened.json().session.sessionId;
    expect((await pay(service, shopper, sessionId, { paymentMethod: 'ACH' })).statusCode).toBe(202);
    expect((await cancel(shopper, sessionId)).statusCode).toBe(200);
    for (const url of [
      '/v2.0/dispensary/demo/customers',
      '/v2.0/payments?dispensaryShortName=demo',
      '/v2.0/dispensary/demo/ecommerce/tickets',
    ]) {
      const answer = await service.request({ method: 'GET', url, headers: { ...service.headers, ...as(shopper) } });
      expect(answer.statusCode, url).toBe(403);
    }
  });
});
