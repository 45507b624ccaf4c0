import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSession,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';

/**
 * An amount of the API in cents (`Cents`, `AmountCents` of shared/numbers.ts) refused by its schema
 * says the field, the unit and an example, and what was sent (electron/server/http/cents-words.ts):
 * "amount is in cents: a whole number of at least 1, such as 2219 for $22.19, not the text "3.25"",
 * never "amount must be at least 1", which leaves a caller sending dollars to guess.
 */
let service: PaymentHarness;
let sessionId: string;

beforeAll(async () => {
  service = await paymentService();
  sessionId = (await session(service, service.tokens.admin, { channel: 'ecommerce', originalAmount: 1000 })).sessionId;
});
afterAll(() => service.close());

const AT_LEAST_1 = 'is in cents: a whole number of at least 1, such as 2219 for $22.19';

/** The refusal's words, which must be a 400 of INVALID_INPUT. */
function refusal(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ resultReason: string; resultDetail: string }>();
  expect(body.resultReason).toBe('INVALID_INPUT');
  return body.resultDetail;
}

describe('an amount in cents refused by the schema', () => {
  it('a payment session\'s amount: the text "3.25", 3.25, 0', async () => {
    const open = (originalAmount: unknown) =>
      openSession(service, service.tokens.admin, { originalAmount: originalAmount as number });
    expect(refusal(await open('3.25'))).toBe(`originalAmount ${AT_LEAST_1}, not the text "3.25"`);
    expect(refusal(await open(3.25))).toBe(`originalAmount ${AT_LEAST_1}, not 3.25`);
    expect(refusal(await open(0))).toBe(`originalAmount ${AT_LEAST_1}, not 0`);
  });

  it('a payment on a session: its amount, and a cash tender past the most one amount may be', async () => {
    const payWith = (body: object) => pay(service, service.tokens.admin, sessionId, { paymentMethod: 'Cash', ...body });
    expect(refusal(await payWith({ amount: '3.25' }))).toBe(`amount ${AT_LEAST_1}, not the text "3.25"`);
    expect(refusal(await payWith({ amount: 0 }))).toBe(`amount ${AT_LEAST_1}, not 0`);
    expect(refusal(await payWith({ tenderedAmount: 100_000_001 }))).toBe(
      'tenderedAmount is in cents: a whole number of at most 100,000,000 ($1,000,000.00), such as 2219 for $22.19, not 100000001',
    );
  });

  it('a tip of less than 0, and a discount (which may be negative) that is not a number', async () => {
    const open = (body: object) => openSession(service, service.tokens.admin, { originalAmount: 1000, ...body });
    expect(refusal(await open({ tip: -1 }))).toBe(
      'tip is in cents: a whole number of at least 0, such as 2219 for $22.19, not -1',
    );
    expect(refusal(await open({ discount: null }))).toBe(
      'discount is in cents: a whole number, such as 2219 for $22.19, not null',
    );
  });

  it('a refund of 3.25', async () => {
    const refund = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${randomUUID()}/refund`,
      headers: { authorization: `Bearer ${service.tokens.manager}`, 'idempotency-key': randomUUID() },
      payload: { amount: 3.25, reason: 'Lid cracked' },
    });
    expect(refusal(refund)).toBe(`amount ${AT_LEAST_1}, not 3.25`);
  });
});
