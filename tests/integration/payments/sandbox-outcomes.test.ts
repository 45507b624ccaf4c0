import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import {
  createTicket,
  GOOD_CARD,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from './support/payment-fixtures.js';

let service: PaymentHarness;
let ticketIndex = 0;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

/** The entry modes: how each channel takes each card method. */
const MODES = {
  'keyed Credit (ecommerce)': {
    channel: 'ecommerce',
    role: 'cashier',
    body: { paymentMethod: 'Credit', card: GOOD_CARD },
  },
  'PIN pad Credit (pos)': { channel: 'pos', role: 'cashier', body: { paymentMethod: 'Credit' } },
  'PIN pad Debit (ffd, pole display)': { channel: 'ffd', role: 'display', body: { paymentMethod: 'Debit' } },
  'PIN pad ATM (pos)': { channel: 'pos', role: 'cashier', body: { paymentMethod: 'ATM' } },
} as const;

/** Cents of the amount → status and response code (the README table; .91 settles through the status lookup). */
const OUTCOMES = [
  ['.00', 'approved', '00', 0],
  ['.51', 'declined', '51', 51],
  ['.55', 'declined', '55', 55],
  ['.05', 'declined', '05', 5],
  ['.91', 'approved', '00', 91],
  ['.96', 'error', '96', 96],
] as const;

/** Pays `amount` cents of a new ticket in `mode` and waits for the final answer. */
async function payInMode(mode: keyof typeof MODES, amount: number): Promise<PaymentRecord> {
  const { channel, role, body } = MODES[mode];
  const token = service.tokens[role];
  const ticket = await createTicket(service, 1, (ticketIndex += 1) % 12);
  expect(ticket.total).toBeGreaterThan(amount);
  const opened = await session(service, token, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
  });
  const answer = await pay(service, token, opened.sessionId, body);
  expect([201, 202], answer.body).toContain(answer.statusCode);
  const id = answer.json<{ payment: PaymentRecord }>().payment.id;
  const final = await waitForSession(service, token, opened.sessionId, (s) =>
    s.payments.some((p) => p.id === id && p.status !== 'pending'),
  );
  return final.payments.find((p) => p.id === id)!;
}

describe.each(Object.keys(MODES) as (keyof typeof MODES)[])('sandbox outcomes: %s', (mode) => {
  it.each(OUTCOMES)('%s → %s (%s)', async (_label, status, code, cents) => {
    const payment = await payInMode(mode, 1000 + cents);
    expect(payment).toMatchObject({
      status,
      processorResponseCode: code,
      processorResponseMessage: status,
      originalAmount: 1000 + cents,
      processorName: 'sandbox',
    });
    if (status === 'approved') expect(payment.chargeId).toMatch(/^sbx_/);
    // Cashless ATM charges whole $10 steps; the rounding is handed back as cash.
    if (mode === 'PIN pad ATM (pos)') {
      const charged = cents === 0 ? 1000 : 2000;
      expect(payment).toMatchObject({ chargedAmount: charged, cashbackAmount: charged - 1000 - cents });
    }
    if (mode.startsWith('PIN pad')) expect(payment.paymentDeviceConfigurationId).not.toBeNull();
  });
});

describe('sandbox outcomes: ACH paylink (ecommerce)', () => {
  // The README table: a bank's decline at .51, the processor error at .96 as for cards; the card
  // network's answers (.05, .55, the .91 timeout) approve a bank account.
  it.each([
    [0, 'approved', '00'],
    [51, 'declined', 'R01'],
    [96, 'error', '96'],
    [91, 'approved', '00'],
    [55, 'approved', '00'],
    [5, 'approved', '00'],
  ] as const)('cents %i → %s (%s)', async (cents, status, code) => {
    const ticket = await createTicket(service, 1, (ticketIndex += 1) % 12);
    const token = service.tokens.admin;
    const opened = await session(service, token, {
      channel: 'ecommerce',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 1000 + cents,
    });
    const answer = await pay(service, token, opened.sessionId, { paymentMethod: 'ACH' });
    expect(answer.statusCode, answer.body).toBe(202);
    const url: string = answer.json().pending.paylinkUrl;
    expect(url).toMatch(/^\/sdk\/paylink\/#spl_/);
    const authorized = await service.request({
      method: 'POST',
      url: `/v2.0/paylinks/${url.split('#')[1]}/authorize`,
      payload: { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' },
    });
    expect(authorized.statusCode, authorized.body).toBe(200);
    expect(authorized.json().status).toBe(status);
    const final = await waitForSession(service, token, opened.sessionId, (s) => s.pending === null);
    expect(final.payments[0]).toMatchObject({
      status,
      processorResponseCode: code,
      providerTransType: 'authorization',
      lastActionTaken: 'authorize',
      captured: false,
      cardLast4: '6789',
    });
  });
});
