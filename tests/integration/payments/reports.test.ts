import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { queryRow } from '../../support/sql.js';
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

// 16:30 in Sacramento (the demo store's time zone) on 2026-06-15; logins stay valid 8 hours.
let now = new Date('2026-06-15T23:30:00.000Z');
let service: PaymentHarness;
let manager: string;
const made: Record<string, PaymentRecord> = {};

const get = (url: string, token = manager) =>
  service.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const post = (url: string, payload?: object, token = manager) =>
  service.request({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

/** Takes `amount` of a new ticket in `method` and answers the settled payment. */
async function take(name: string, method: string, amount: number, extra: object = {}) {
  const ticket = await createTicket(service, 2, Object.keys(made).length, 'k.price_cents >= 1500');
  const channel = method === 'ACH' || 'card' in extra ? 'ecommerce' : 'pos';
  const opened = await session(service, manager, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
  });
  const answer = await pay(service, manager, opened.sessionId, { paymentMethod: method, ...extra });
  const id = answer.json().payment.id;
  if (method === 'ACH') {
    const token = answer.json().pending.paylinkUrl.split('#')[1];
    await post(`/v2.0/paylinks/${token}/authorize`, {
      accountHolder: 'Ada Lovelace',
      routingNumber: '021000021',
      accountNumber: '12345678',
    });
  }
  const done = await waitForSession(service, manager, opened.sessionId, (s) =>
    s.payments.some((p) => p.id === id && p.status !== 'pending'),
  );
  made[name] = done.payments.find((p) => p.id === id)!;
  now = new Date(now.getTime() + 60_000);
  return made[name]!;
}

beforeAll(async () => {
  service = await paymentService({ now: () => now });
  manager = service.tokens.manager;
  await take('cash', 'Cash', 1000, { tenderedAmount: 2000 });
  await take('card', 'Credit', 1200, { card: GOOD_CARD });
  await take('atm', 'ATM', 1500);
  await take('declined', 'Credit', 1051, { card: GOOD_CARD });
  await take('ach', 'ACH', 2000);
  now = new Date('2026-06-16T07:10:00.000Z'); // 00:10 the next local day
  await take('late', 'Cash', 700, { tenderedAmount: 700 });
});
afterAll(() => service.close());

describe('GET /v2.0/payments', () => {
  it('lists newest first, page by page, and filters by order number and status', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await get(`/v2.0/payments?dispensaryShortName=demo&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().payments.length).toBeLessThanOrEqual(2);
      seen.push(...page.json().payments.map((p: PaymentRecord) => p.id));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual(['late', 'ach', 'declined', 'atm', 'card', 'cash'].map((name) => made[name]!.id));
    const declined = await get('/v2.0/payments?dispensaryShortName=demo&status=declined');
    expect(declined.json().payments.map((p: PaymentRecord) => p.id)).toEqual([made.declined!.id]);
    const byOrder = await get(
      `/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${made.atm!.ticketAlphaNumId!.toLowerCase()}`,
    );
    expect(byOrder.json().payments).toHaveLength(1);
    expect((await get('/v2.0/payments?dispensaryShortName=demo&status=lost')).statusCode).toBe(400);
    expect((await get('/v2.0/payments?dispensaryShortName=nowhere')).statusCode).toBe(404);
  });

  it('pages a filtered list each payment once; its cursor pages no list of other filters', async () => {
    const window = 'from=2026-06-15T00:00:00Z&to=2026-06-16T07:00:00Z';
    const pageOf = async (query: string) => {
      const page = await get(`/v2.0/payments?dispensaryShortName=demo&limit=1&${query}`);
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ payments: PaymentRecord[]; nextCursor: string | null }>();
    };
    const seen: string[] = [];
    let page = await pageOf(window);
    const second = page.nextCursor!;
    for (;;) {
      seen.push(...page.payments.map((p) => p.id));
      if (!page.nextCursor) break;
      page = await pageOf(`${window}&cursor=${page.nextCursor}`);
    }
    expect(seen).toEqual(['ach', 'declined', 'atm', 'card', 'cash'].map((name) => made[name]!.id));
    // The same window written in the store's offset is the same list.
    const same = await pageOf(`from=2026-06-14T17:00:00-07:00&to=2026-06-16T07:00:00Z&cursor=${second}`);
    expect(same.payments.map((p) => p.id)).toEqual([made.declined!.id]);
    const otherFilters = 'cursor belongs to a list with other filters: start again from the first page';
    for (const query of [
      `cursor=${second}`,
      `${window}&status=approved&cursor=${second}`,
      `from=2026-06-15T00:00:00Z&cursor=${second}`,
      `${window}&ticketAlphaNumId=${made.atm!.ticketAlphaNumId!}&cursor=${second}`,
    ]) {
      const refused = await get(`/v2.0/payments?dispensaryShortName=demo&limit=1&${query}`);
      expect([query, refused.statusCode, refused.json().resultDetail]).toEqual([query, 400, otherFilters]);
    }
    // The cursor of an earlier version (tied to no filter) is refused in words, never read.
    const earlier = Buffer.from(`2026-06-15T23:31:00.000Z|${made.atm!.id}`).toString('base64url');
    const old = await get(`/v2.0/payments?dispensaryShortName=demo&limit=1&cursor=${earlier}`);
    expect([old.statusCode, old.json().resultDetail]).toEqual([
      400,
      'cursor is from an earlier version of the service, before cursors were tied to their filters: start again from the first page',
    ]);
  });

  it('refuses a window whose to is not later than its from, in words, rather than an empty page', async () => {
    const all = (await get('/v2.0/payments?dispensaryShortName=demo&limit=100')).json().payments;
    expect(all.length).toBeGreaterThan(0);
    for (const to of ['2026-06-01T00:00:00Z', '2026-06-15T00:00:00Z']) {
      const reversed = await get(`/v2.0/payments?dispensaryShortName=demo&from=2026-06-15T00:00:00Z&to=${to}`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toEqual({
        resultCode: 'FAIL',
        resultReason: 'INVALID_INPUT',
        resultDetail:
          'to in the query must be later than from (2026-06-15T00:00:00Z): the list holds what was made at or after from and before to',
      });
    }
    const window = await get(
      '/v2.0/payments?dispensaryShortName=demo&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z&limit=100',
    );
    expect(window.json().payments).toHaveLength(all.length);
  });
});

describe('GET /v2.0/payments/summary', () => {
  it("totals a store day's approved payments by method and by local hour", async () => {
    const response = await get('/v2.0/payments/summary?dispensaryShortName=demo&date=2026-06-15');
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ date: '2026-06-15', timeZone: 'America/Los_Angeles' });
    expect(summary.totals).toEqual({ count: 4, amount: 5700, tip: 0, cashback: 500, charged: 6200, refunded: 0 });
    expect(
      summary.byMethod.map((m: { method: string; count: number; amount: number }) => [m.method, m.count, m.amount]),
    ).toEqual([
      ['Credit', 1, 1200],
      ['ATM', 1, 1500],
      ['ACH', 1, 2000],
      ['Cash', 1, 1000],
    ]);
    expect(summary.byHour).toHaveLength(24);
    expect(summary.byHour[16]).toMatchObject({ hour: 16, count: 4, amount: 5700 });
    expect(summary.byHour.filter((hour: { count: number }) => hour.count > 0)).toHaveLength(1);
    const next = (await get('/v2.0/payments/summary?dispensaryShortName=demo&date=2026-06-16')).json();
    expect(next.totals).toMatchObject({ count: 1, amount: 700 });
    expect(next.byHour[0]).toMatchObject({ count: 1, amount: 700 });
    const today = (await get('/v2.0/payments/summary?dispensaryShortName=demo')).json();
    expect(today.date).toBe('2026-06-16');
    expect((await get('/v2.0/payments/summary?dispensaryShortName=demo&date=2026-02-30')).statusCode).toBe(400);
  });
});

describe('void and refund', () => {
  it('voids an approved card payment at the processor; it leaves the day totals', async () => {
    const voided = await post(`/v2.0/payments/${made.card!.id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().payment).toMatchObject({ status: 'voided', lastActionTaken: 'void' });
    const ledger = await queryRow(
      service.app,
      sql`SELECT status FROM processor_sandbox_ledger WHERE reference = ${made.card!.id}`,
    );
    expect(ledger).toEqual({ status: 'voided' });
    const again = await post(`/v2.0/payments/${made.card!.id}/void`);
    expect(again.statusCode).toBe(409);
    // In words a manager reads: the method, the amount (and the order, when there is one).
    expect(again.json().resultDetail).toMatch(
      /^The Credit card payment of \$\d+\.\d{2}( for order \w+)? is voided: only an approved payment can be voided$/,
    );
    const summary = (await get('/v2.0/payments/summary?dispensaryShortName=demo&date=2026-06-15')).json();
    expect(summary.totals).toMatchObject({ count: 3, amount: 4500 });
  });

  it('refuses an amount that is not whole cents in words that say cents, and refunds nothing', async () => {
    const id = made.atm!.id;
    const words = async (amount: unknown) => {
      const answer = await post(`/v2.0/payments/${id}/refund`, { amount });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT' });
      return answer.json().resultDetail as string;
    };
    const rule = 'amount is in cents: a whole number of at least 1, such as 2219 for $22.19';
    expect(await words(0)).toBe(`${rule}, not 0`);
    expect(await words(-500)).toBe(`${rule}, not -500`);
    expect(await words(3.25)).toBe(`${rule}, not 3.25`);
    expect(await words('3.25')).toBe(`${rule}, not the text "3.25"`);
    expect(await words(null)).toBe(`${rule}, not null`);
    expect(await words(100_000_001)).toBe(
      'amount is in cents: a whole number of at most 100,000,000 ($1,000,000.00), such as 2219 for $22.19, not 100000001',
    );
    const listed = await get(`/v2.0/payments?dispensaryShortName=demo&ticketAlphaNumId=${made.atm!.ticketAlphaNumId!}`);
    const payment = (listed.json().payments as PaymentRecord[]).find((p) => p.id === id);
    expect(payment).toMatchObject({ status: 'approved', lastActionTaken: made.atm!.lastActionTaken });
  });

  it('refunds part, refuses more than is left, then refunds the rest', async () => {
    const id = made.atm!.id;
    const part = await post(`/v2.0/payments/${id}/refund`, { amount: 500 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().payment).toMatchObject({ status: 'approved', lastActionTaken: 'refund' });
    expect(part.json().refund).toMatchObject({ amount: 500, status: 'approved', paymentId: id });
    // $15.00 paid by ATM charged $20.00 and handed $5.00 back in cash: $15.00 can go back to the card.
    const tooMuch = await post(`/v2.0/payments/${id}/refund`, { amount: 1001 });
    expect([tooMuch.statusCode, tooMuch.json().resultDetail]).toEqual([
      400,
      'amount must be at most 1000 cents (what is left to refund)',
    ]);
    const rest = await post(`/v2.0/payments/${id}/refund`, {});
    expect(rest.json()).toMatchObject({ payment: { status: 'refunded' }, refund: { amount: 1000 } });
    const summary = (await get('/v2.0/payments/summary?dispensaryShortName=demo&date=2026-06-15')).json();
    expect(summary.byMethod.find((m: { method: string }) => m.method === 'ATM')).toMatchObject({
      count: 1,
      refunded: 1500,
    });
  });

  it('will not refund an uncaptured ACH authorization (void it), nor a declined payment', async () => {
    const ach = await post(`/v2.0/payments/${made.ach!.id}/refund`, {});
    expect(ach.statusCode).toBe(409);
    expect(ach.json().resultDetail).toMatch(
      /^The Bank transfer \(ACH\) payment of \$\d+\.\d{2}( for order \w+)? is an authorization not captured yet: void it instead$/,
    );
    expect((await post(`/v2.0/payments/${made.declined!.id}/refund`, {})).statusCode).toBe(409);
    expect((await post(`/v2.0/payments/${made.ach!.id}/void`)).json().payment).toMatchObject({
      status: 'voided',
      captured: false,
    });
  });

  it('voids cash without a processor', async () => {
    const voided = await post(`/v2.0/payments/${made.cash!.id}/void`);
    expect(voided.json().payment).toMatchObject({ status: 'voided', processorName: 'cash' });
    expect((await post('/v2.0/payments/00000000-0000-4000-8000-000000000000/void')).statusCode).toBe(404);
  });
});
