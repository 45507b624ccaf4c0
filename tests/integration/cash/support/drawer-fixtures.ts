import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DrawerReport, ShiftView } from '../../../../shared/contracts/cash.js';
import type { PaymentRecord } from '../../../../shared/contracts/payment.js';
import { DEMO_APPLICATION, type DemoService } from '../../support/demo-service.js';
import {
  createTicket,
  pay,
  presentCard,
  session,
  waitForSession,
  type PayResponse,
} from '../../payments/support/payment-fixtures.js';

/** Logs in at register `terminal` (the POS's `x-terminal-id`) and returns the bearer token. */
export async function loginAt(app: FastifyInstance, username: string, password: string, terminal: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/auth-v2/login',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain', 'x-terminal-id': terminal },
    payload: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** Calls a drawer route of register `terminal` of the demo store. */
export function drawer(
  service: DemoService,
  token: string,
  terminal: string,
  action: '' | 'open' | 'movements' | 'x-report' | 'close' | `shifts/${string}`,
  body?: object,
): Promise<LightMyRequestResponse> {
  const url = `/v2.0/dispensary/demo/drawers/${terminal}${action === '' ? '' : `/${action}`}`;
  const headers = { authorization: `Bearer ${token}` };
  if (body === undefined) return service.request({ method: 'GET', url, headers });
  return service.request({ method: 'POST', url, headers, payload: body });
}

export function shiftOf(response: LightMyRequestResponse): ShiftView | null {
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json<{ shift: ShiftView | null }>().shift;
}

export function reportOf(response: LightMyRequestResponse): DrawerReport {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ report: DrawerReport }>().report;
}

export { cashSale } from '../../payments/support/payment-fixtures.js';

/** How a PIN pad sale's card is read: `tap` presents it at once (for a PIN pad that waits long). */
export interface PinPadSaleOptions {
  tap?: boolean;
}

/** A cashless ATM payment on the (simulated) PIN pad whose round-up hands cash back. */
export function atmSale(
  service: DemoService,
  token: string,
  index: number,
  options: PinPadSaleOptions = {},
): Promise<PaymentRecord> {
  return pinPadSale(service, token, index, 'ATM', options);
}

/**
 * A payment on the (simulated) PIN pad; an ATM one skips tickets of whole $10s (no round-up). The
 * card is read when the PIN pad's delay ends, or at once with `tap` (the sandbox's tap).
 */
export async function pinPadSale(
  service: DemoService,
  token: string,
  index: number,
  method: 'ATM' | 'Credit' | 'Debit',
  { tap = false }: PinPadSaleOptions = {},
): Promise<PaymentRecord> {
  for (let next = index; ; next += 1) {
    const ticket = await createTicket(service, 1, next);
    if (method === 'ATM' && ticket.total % 1000 === 0) continue;
    const opened = await session(service, token, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const paid = await pay(service, token, opened.sessionId, { paymentMethod: method });
    expect(paid.statusCode, paid.body).toBe(202);
    if (tap) await presentCard(service, paid.json<PayResponse>().payment!.id, token);
    const done = await waitForSession(service, token, opened.sessionId, (s) => s.pending === null);
    const payment = done.payments.at(-1)!;
    expect(payment.status, JSON.stringify(payment)).toBe('approved');
    return payment;
  }
}
