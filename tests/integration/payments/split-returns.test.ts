import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxProcessor } from '../../../electron/server/payments/processors/sandbox-processor.js';
import type { ShiftView } from '../../../shared/contracts/cash.js';
import type { RefundableOrder, ReversalResponse } from '../../../shared/contracts/payment-reports.js';
import { queryRows } from '../../support/sql.js';
import { drawer, loginAt, reportOf, shiftOf } from '../cash/support/drawer-fixtures.js';
import {
  DECLINING_CENTS,
  GOOD_CARD,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from './support/payment-fixtures.js';
import { handOver, refundable } from './support/line-sale.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';

// A return of items worth more than one payment has left (README "Refunds by items"): one request
// gives their worth back across the order's payments, each refund against its own payment.
let service: PaymentHarness;
let cashier: string;
beforeAll(async () => {
  service = await paymentService();
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-6');
  shiftOf(await drawer(service, cashier, 'front-6', 'open', { amount: 20000 }));
});
afterAll(() => service.close());

const MORGAN = { username: 'manager', pin: '2580' };

interface SplitSale {
  orderId: string;
  total: number;
  cashId: string;
  cardId: string;
  cash: number;
  lines: { itemId: string }[];
}

/** A sale of Blue Dream and papers, $10.00-ish in cash at front-6 first, the rest by card, handed over. */
async function splitSale(): Promise<SplitSale> {
  const [flower, papers] = [
    (await products(service.app, "p.sku = 'FLW-001'"))[0]!,
    (await products(service.app, "p.sku = 'ACC-001'"))[0]!,
  ];
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items: [flower, papers].map((p) => ({ productId: p.id, quantity: 1 })) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ticket = created.json<{ orderId: string; orderNumber: string; total: string; items: { id: string }[] }>();
  const total = cents(ticket.total);
  let cash = 1000;
  while (DECLINING_CENTS.has((total - cash) % 100)) cash += 1;
  const cashSession = await session(service, cashier, {
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: cash,
  });
  const cashPaid = await pay(service, cashier, cashSession.sessionId, { paymentMethod: 'Cash', tenderedAmount: cash });
  expect(cashPaid.statusCode, cashPaid.body).toBe(201);
  const cardSession = await session(service, service.tokens.manager, {
    channel: 'virtual_terminal',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total - cash,
  });
  const cardPaid = await pay(service, service.tokens.manager, cardSession.sessionId, {
    paymentMethod: 'Credit',
    card: GOOD_CARD,
  });
  expect(cardPaid.statusCode, cardPaid.body).toBe(201);
  await handOver(service, ticket.orderId);
  const idOf = (response: typeof cashPaid) => response.json<{ payment: { id: string } }>().payment.id;
  return {
    orderId: ticket.orderId,
    total,
    cashId: idOf(cashPaid),
    cardId: idOf(cardPaid),
    cash,
    lines: ticket.items.map((item) => ({ itemId: item.id })),
  };
}

const returnAs = (token: string, paymentId: string, body: object, key = randomUUID()) =>
  service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: body,
  });

const allBack = (sale: SplitSale, extra: object = {}) => ({
  lines: sale.lines.map((line) => ({ itemId: line.itemId, quantity: 1 })),
  reason: 'Damaged',
  approval: MORGAN,
  ...extra,
});

const openShift = async () => (await drawer(service, cashier, 'front-6', '')).json<{ shift: ShiftView }>().shift;
const readRefundable = async (orderId: string) => (await refundable(service, orderId)).json<RefundableOrder>();
const refundedOf = async (paymentId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(service.app, sql`SELECT refunded_cents AS n FROM payments WHERE id = ${paymentId}`)
    )[0]!.n,
  );

describe('a return of items worth more than one payment has left', () => {
  it('gives their whole worth back across the payments: the card its part, the rest in cash from the drawer', async () => {
    const sale = await splitSale();
    const card = sale.total - sale.cash;
    const before = await openShift();
    const key = randomUUID();
    const body = allBack(sale, { amount: card, rest: [{ paymentId: sale.cashId, amount: sale.cash }] });
    const answer = await returnAs(cashier, sale.cardId, body, key);
    expect(answer.statusCode, answer.body).toBe(200);
    const made = answer.json<ReversalResponse>();
    expect(made.refund).toMatchObject({ paymentId: sale.cardId, amount: card, status: 'approved' });
    expect(made.rest).toEqual([
      expect.objectContaining({
        payment: expect.objectContaining({ id: sale.cashId, status: 'refunded' }),
        refund: expect.objectContaining({ paymentId: sale.cashId, amount: sale.cash, status: 'approved' }),
      }),
    ]);
    // Each refund's lines add up to its money; each line's quantity comes back once, its worth in full.
    const sum = (lines: { amount: number }[] = []) => lines.reduce((total, line) => total + line.amount, 0);
    expect(sum(made.refund!.lines)).toBe(card);
    expect(sum(made.rest![0]!.refund.lines)).toBe(sale.cash);
    const quantities = [...made.refund!.lines!, ...made.rest![0]!.refund.lines!].reduce(
      (byItem, line) => byItem.set(line.itemId, (byItem.get(line.itemId) ?? 0) + line.quantity),
      new Map<string, number>(),
    );
    expect([...quantities.values()]).toEqual([1, 1]);
    // All of it came back; both payments are refunded in full; the drawer handed out the cash part.
    const after = await readRefundable(sale.orderId);
    expect(after.lines.map((line) => line.refundedQuantityMilli)).toEqual([1000, 1000]);
    expect(after.payments).toEqual([]);
    expect([await refundedOf(sale.cashId), await refundedOf(sale.cardId)]).toEqual([sale.cash, card]);
    expect((await openShift()).expected).toBe(before.expected! - sale.cash);
    // The audit trail: one entry per payment, each saying what each payment gave back.
    const entries = await queryRows<{ paymentId: string; amount: number; details: string }>(
      service.app,
      sql`SELECT payment_id AS "paymentId", amount_cents AS amount, details FROM audit_events
          WHERE action = 'payment_refunded' AND order_id = ${sale.orderId} ORDER BY payment_id`,
    );
    expect(entries).toHaveLength(2);
    const money = (value: number) => `$${(value / 100).toFixed(2)}`;
    for (const entry of entries) {
      expect(entry.details).toMatch(/^Approved by Morgan Manager\. Items back: 1 × /);
      expect(entry.details).toContain(
        `Given back across the payments: ${money(card)} to the Credit card payment, ${money(sale.cash)} in cash`,
      );
    }

    // A retry with the same key answers the same refunds, and gives nothing back twice.
    const again = await returnAs(cashier, sale.cardId, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const replayed = again.json<ReversalResponse>();
    expect(replayed.refund!.id).toBe(made.refund!.id);
    expect(replayed.rest![0]!.refund.id).toBe(made.rest![0]!.refund.id);
    expect((await openShift()).expected).toBe(before.expected! - sale.cash);
  });

  it('refuses parts that do not add up to what the items are worth, giving nothing back', async () => {
    const sale = await splitSale();
    const card = sale.total - sale.cash;
    const short = await returnAs(
      cashier,
      sale.cardId,
      allBack(sale, { amount: card, rest: [{ paymentId: sale.cashId, amount: sale.cash - 1 }] }),
    );
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json().resultDetail).toMatch(
      /^the payments give back \$[\d.]+ in all; the items given back are worth/,
    );
    const named = await returnAs(
      cashier,
      sale.cardId,
      allBack(sale, { rest: [{ paymentId: sale.cardId, amount: 1 }] }),
    );
    expect(named.statusCode, named.body).toBe(400);
    expect(named.json().resultDetail).toBe('a payment is named twice: each payment gives back its part once');
    const tooMuch = await returnAs(
      cashier,
      sale.cardId,
      allBack(sale, { amount: card - 1, rest: [{ paymentId: sale.cashId, amount: sale.cash + 1 }] }),
    );
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    expect(tooMuch.json().resultDetail).toMatch(/^The Cash payment of \$[\d.]+ for order \w+ has only \$[\d.]+ left/);
    expect([await refundedOf(sale.cashId), await refundedOf(sale.cardId)]).toEqual([0, 0]);
    expect((await readRefundable(sale.orderId)).lines.map((line) => line.refundedQuantityMilli)).toEqual([0, 0]);
  });

  it("refuses a split with cash at a register whose drawer is closed before the card's money goes back", async () => {
    const sale = await splitSale();
    const elsewhere = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-7');
    const card = sale.total - sale.cash;
    const answer = await returnAs(
      elsewhere,
      sale.cardId,
      allBack(sale, { amount: card, rest: [{ paymentId: sale.cashId, amount: sale.cash }] }),
    );
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({ resultReason: 'DRAWER_CLOSED' });
    expect([await refundedOf(sale.cashId), await refundedOf(sale.cardId)]).toEqual([0, 0]);
    expect((await readRefundable(sale.orderId)).lines.map((line) => line.refundedQuantityMilli)).toEqual([0, 0]);
  });

  it("holds the register's drawer across the card's refund: a close asked meanwhile waits, then counts the cash", async () => {
    const sale = await splitSale();
    const card = sale.total - sale.cash;
    // The card's refund is held at its (sandbox) processor until the close has asked for the drawer.
    let reached!: () => void;
    const atProcessor = new Promise<void>((resolve) => (reached = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const refundAtProcessor = SandboxProcessor.prototype.refund;
    vi.spyOn(SandboxProcessor.prototype, 'refund').mockImplementationOnce(async function (
      this: SandboxProcessor,
      request,
    ) {
      reached();
      await answered;
      return refundAtProcessor.call(this, request);
    });
    const returning = returnAs(
      cashier,
      sale.cardId,
      allBack(sale, { amount: card, rest: [{ paymentId: sale.cashId, amount: sale.cash }] }),
    );
    await atProcessor;
    const before = await openShift();
    const { db } = service.app.ctx;
    const exclusive = db.exclusive.bind(db);
    const closeAsked = new Promise<string>((resolve) => {
      vi.spyOn(db, 'exclusive').mockImplementation((key, work) => {
        if (key.startsWith('drawer:')) resolve('waits for the drawer');
        return exclusive(key, work);
      });
    });
    const closing = drawer(service, cashier, 'front-6', 'close', { amount: before.expected! - sale.cash });
    expect(await Promise.race([closeAsked, closing.then(() => 'closed while the card was refunded')])).toBe(
      'waits for the drawer',
    );
    answer();
    const returned = await returning;
    vi.restoreAllMocks();
    expect(returned.statusCode, returned.body).toBe(200);
    expect([await refundedOf(sale.cashId), await refundedOf(sale.cardId)]).toEqual([sale.cash, card]);
    // The Z report counts the cash handed back: the count matches what is expected.
    const z = reportOf(await closing);
    expect(z.shift.expected).toBe(before.expected! - sale.cash);
    expect(z.shift.overShort).toBe(0);
    shiftOf(await drawer(service, cashier, 'front-6', 'open', { amount: 20000 }));
  });

  it('refuses the rest without lines: it is the rest of what items are worth', async () => {
    const sale = await splitSale();
    const answer = await returnAs(service.tokens.manager, sale.cardId, {
      amount: 100,
      reason: 'Overcharged',
      rest: [{ paymentId: sale.cashId, amount: 100 }],
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().resultDetail).toBe('the rest of what items are worth comes back with their lines');
  });
});
