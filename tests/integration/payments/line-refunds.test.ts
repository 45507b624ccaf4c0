import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineRefundPart, lineWorths } from '../../../shared/refunds/line-refund.js';
import type { RefundableOrder, ReversalResponse } from '../../../shared/contracts/payment-reports.js';
import { queryRows } from '../../support/sql.js';
import { stock } from '../support/catalog-fixtures.js';
import { createTicket, pay, paymentService, session, type PaymentHarness } from './support/payment-fixtures.js';
import { lineSale, refundable, refundableOrder, refunded, refundOf, type LineSale } from './support/line-sale.js';

// Refunds by items (README "Refunds"): lines of a sale handed over come back, priced as
// shared/refunds/line-refund.ts prices them, recorded with their refund in one write.
let service: PaymentHarness;
beforeAll(async () => {
  service = await paymentService();
});
afterAll(() => service.close());

/** What a line of the order is worth in all (its share of the order's reductions off). */
function worthOf(order: RefundableOrder, itemId: string): { amount: number; tax: number } {
  const lines = order.lines.map((line) => ({ ...line, refundedQuantityMilli: 0 }));
  const index = lines.findIndex((line) => line.itemId === itemId);
  const worths = lineWorths(lines, order);
  const part = lineRefundPart(lines, worths, index, lines[index]!.quantityMilli);
  return { amount: part.amountCents, tax: part.taxCents };
}

const returnedMilli = async (itemId: string) =>
  Number(
    (
      await queryRows<{ milli: number }>(
        service.app,
        sql`SELECT refunded_quantity_milli AS milli FROM order_items WHERE id = ${itemId}`,
      )
    )[0]!.milli,
  );

const refundLineRows = (itemId: string) =>
  queryRows(service.app, sql`SELECT refund_id FROM refund_lines WHERE order_item_id = ${itemId}`);

describe('GET /v2.0/ticket/<orderId>/refundable', () => {
  it("answers the sale's lines in cents and thousandths and what its payment has left", async () => {
    const sale = await lineSale(service);
    const order = await refundableOrder(service, sale.orderId);
    expect(order).toMatchObject({ orderId: sale.orderId, orderNumber: sale.orderNumber });
    expect(
      order.lines.map((line) => [line.itemId, line.quantityMilli, line.refundedQuantityMilli, line.weighed]),
    ).toEqual([
      [sale.flower.itemId, 2000, 0, false],
      [sale.papers.itemId, 1000, 0, false],
    ]);
    expect(order.payments).toEqual([{ paymentId: sale.paymentId, method: 'Cash', refundableCents: sale.total }]);
    const worths = order.lines.map((line) => worthOf(order, line.itemId).amount);
    expect(worths.reduce((a, b) => a + b, 0)).toBe(sale.total);
  });

  it("is the order's own data: a cashier reads it (ticket:read), an order of no store of theirs is 404", async () => {
    const sale = await lineSale(service);
    expect((await refundable(service, sale.orderId, service.tokens.cashier)).statusCode).toBe(200);
    const unknown = await refundable(service, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('a refund by items', () => {
  let sale: LineSale;
  let order: RefundableOrder;
  beforeAll(async () => {
    sale = await lineSale(service);
    order = await refundableOrder(service, sale.orderId);
  });

  it('gives back the papers alone: what they were worth with their tax, nothing of the flower', async () => {
    const papers = worthOf(order, sale.papers.itemId);
    const answer = await refunded(service, sale.paymentId, {
      lines: [{ itemId: sale.papers.itemId, quantity: 1 }],
      reason: 'Wrong papers',
    });
    expect(answer.refund!.amount).toBe(papers.amount);
    expect(answer.refund!.lines).toEqual([
      { itemId: sale.papers.itemId, quantity: 1, amount: papers.amount, tax: papers.tax, restocked: false },
    ]);
    expect(await returnedMilli(sale.papers.itemId)).toBe(1000);
    expect(await returnedMilli(sale.flower.itemId)).toBe(0);
    const after = await refundableOrder(service, sale.orderId);
    expect(after.payments[0]!.refundableCents).toBe(sale.total - papers.amount);
    // The audit trail names what came back, apart from the manager's words.
    const [entry] = await queryRows<{ reason: string; details: string }>(
      service.app,
      sql`SELECT reason, details FROM audit_events WHERE action = 'payment_refunded' AND payment_id = ${sale.paymentId}`,
    );
    expect(entry!.reason).toBe('Wrong papers');
    expect(entry!.details).toMatch(
      /^Items back: 1 × Unbleached Rolling Papers 1 1\/4 \(\$\d+\.\d\d\); not put back in stock$/,
    );
  });

  it("gives back part of a line, then the rest: the two add up to the line's worth and tax to the cent", async () => {
    const flower = worthOf(order, sale.flower.itemId);
    const line = [{ itemId: sale.flower.itemId, quantity: 1 }];
    const first = await refunded(service, sale.paymentId, { lines: line });
    expect(await returnedMilli(sale.flower.itemId)).toBe(1000);
    const second = await refunded(service, sale.paymentId, { lines: line });
    expect(first.refund!.amount + second.refund!.amount).toBe(flower.amount);
    expect(first.refund!.lines![0]!.tax + second.refund!.lines![0]!.tax).toBe(flower.tax);
    expect(await returnedMilli(sale.flower.itemId)).toBe(2000);
    // Everything came back: the payment is refunded in full.
    expect(second.payment.status).toBe('refunded');
  });

  it('refuses a line of a payment given back in full: only an approved payment is refunded', async () => {
    const again = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 1 }] });
    expect(again.statusCode).toBe(409);
  });
});

describe('a refund by items refused', () => {
  it('says what was sold when more is asked than that and none came back yet', async () => {
    const sale = await lineSale(service);
    const over = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 3 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail: 'Only 2 Blue Dream were sold on this order',
    });
    const papers = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.papers.itemId, quantity: 2 }] });
    expect(papers.json().resultDetail).toBe('Only 1 Unbleached Rolling Papers 1 1/4 was sold on this order');
    expect(await returnedMilli(sale.flower.itemId)).toBe(0);
  });

  it('refuses a quantity of 0 or less in the same words: "must be a number more than 0 …, not 0"', async () => {
    const sale = await lineSale(service);
    for (const quantity of [0, -1]) {
      const answer = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity }] });
      expect(answer.statusCode, String(quantity)).toBe(400);
      expect(answer.json(), String(quantity)).toMatchObject({
        resultReason: 'INVALID_INPUT',
        resultDetail: `lines[0].quantity must be a number more than 0 and at most 1,000,000,000, not ${quantity}`,
      });
    }
    expect(await returnedMilli(sale.flower.itemId)).toBe(0);
  });

  it('names the line when more of it is asked than is left: "Only 1 of the 2 … can come back: 1 came back already"', async () => {
    const sale = await lineSale(service);
    await refunded(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 1 }] });
    const over = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 2 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail: 'Only 1 of the 2 Blue Dream can come back: 1 came back already',
    });
    expect(await returnedMilli(sale.flower.itemId)).toBe(1000);
    await refunded(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 1 }] });
    const none = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 1 }] });
    expect(none.statusCode).toBe(400);
    expect(none.json().resultDetail).toBe('None of the 2 Blue Dream can come back: all came back already');
    expect(await returnedMilli(sale.flower.itemId)).toBe(2000);
  });

  it('refuses a line of another order (404), a line named twice, part of a unit, and an amount beyond the lines in dollars', async () => {
    const sale = await lineSale(service);
    const other = await lineSale(service);
    const stranger = await refundOf(service, sale.paymentId, { lines: [{ itemId: other.papers.itemId, quantity: 1 }] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().resultDetail).toBe(`order ${sale.orderNumber} has no line ${other.papers.itemId}`);
    const twice = await refundOf(service, sale.paymentId, {
      lines: [
        { itemId: sale.papers.itemId, quantity: 1 },
        { itemId: sale.papers.itemId, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().resultDetail).toMatch(/is named twice: send each line once/);
    const part = await refundOf(service, sale.paymentId, { lines: [{ itemId: sale.flower.itemId, quantity: 0.5 }] });
    expect(part.statusCode).toBe(400);
    expect(part.json().resultDetail).toMatch(/must be whole units: Blue Dream is sold by the unit/);
    const order = await refundableOrder(service, sale.orderId);
    const papers = worthOf(order, sale.papers.itemId).amount;
    const tooMuch = await refundOf(service, sale.paymentId, {
      amount: papers + 1,
      lines: [{ itemId: sale.papers.itemId, quantity: 1 }],
    });
    expect(tooMuch.statusCode).toBe(400);
    const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
    expect(tooMuch.json().resultDetail).toBe(
      `${dollars(papers + 1)} is more than the items given back are worth: ${dollars(papers)}`,
    );
    // A smaller amount is taken (a damaged return, say): the lines are recorded with it.
    const less = await refunded(service, sale.paymentId, {
      amount: 100,
      lines: [{ itemId: sale.papers.itemId, quantity: 1 }],
    });
    expect(less.refund!.amount).toBe(100);
    expect(await returnedMilli(sale.papers.itemId)).toBe(1000);
    expect(await returnedMilli(other.papers.itemId)).toBe(0);
  });

  it('refuses the lines of an order not handed over yet (409, in words); a refund of an amount still goes', async () => {
    const ticket = await createTicket(service, 1, 0);
    const manager = service.tokens.manager;
    const opened = await session(service, manager, {
      channel: 'pos',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
    const paymentId = paid.json<{ payment: { id: string } }>().payment.id;
    const order = await refundableOrder(service, ticket.orderId);
    const early = await refundOf(service, paymentId, { lines: [{ itemId: order.lines[0]!.itemId, quantity: 1 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().resultDetail).toBe(
      `order ${ticket.orderNumber} was not handed over yet: only what a customer took can come back; refund an amount and change its lines instead`,
    );
    await refunded(service, paymentId, { amount: 100 });
  });
});

describe('a refund by items retried and raced', () => {
  it('a retry with the same Idempotency-Key answers the same refund with the same lines, given back once', async () => {
    const sale = await lineSale(service);
    const body = { lines: [{ itemId: sale.flower.itemId, quantity: 1 }], reason: 'returned one' };
    const firstAnswer = await refundOf(service, sale.paymentId, body, 'line-refund-once');
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(200);
    expect(firstAnswer.headers['idempotent-replayed']).toBeUndefined();
    const againAnswer = await refundOf(service, sale.paymentId, body, 'line-refund-once');
    expect(againAnswer.statusCode, againAnswer.body).toBe(200);
    // Said as a ticket's replay says it.
    expect(againAnswer.headers['idempotent-replayed']).toBe('true');
    const [first, again] = [firstAnswer.json<ReversalResponse>(), againAnswer.json<ReversalResponse>()];
    expect(again.refund).toEqual(first.refund);
    expect(await returnedMilli(sale.flower.itemId)).toBe(1000);
    expect(await refundLineRows(sale.flower.itemId)).toHaveLength(1);
    const other = await refundOf(service, sale.paymentId, { ...body, reason: 'another' }, 'line-refund-once');
    expect(other.statusCode).toBe(409);
  });

  it('two refunds of a whole line sent at once: one gives it back, the other is refused; never more than sold', async () => {
    const sale = await lineSale(service);
    const body = { lines: [{ itemId: sale.flower.itemId, quantity: 2 }] };
    const answers = await Promise.all([
      refundOf(service, sale.paymentId, body),
      refundOf(service, sale.paymentId, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await returnedMilli(sale.flower.itemId)).toBe(2000);
    expect(await refundLineRows(sale.flower.itemId)).toHaveLength(1);
  });
});

describe('a refund by items restocked', () => {
  it("puts the quantity back into the line's package, kept as an adjustment: Returned by customer, order X", async () => {
    const sale = await lineSale(service);
    const before = await stock(service.app, sale.flower.productId);
    const answer = await refunded(service, sale.paymentId, {
      lines: [{ itemId: sale.flower.itemId, quantity: 1 }],
      restock: true,
    });
    expect(answer.refund!.lines![0]!.restocked).toBe(true);
    const after = await stock(service.app, sale.flower.productId);
    expect(after.onHandMilli - before.onHandMilli).toBe(1000);
    const [moved] = await queryRows<{ delta: number; reason: string; note: string }>(
      service.app,
      sql`SELECT delta_milli AS delta, reason, note FROM stock_adjustments
        WHERE product_id = ${sale.flower.productId} ORDER BY at DESC, id DESC LIMIT 1`,
    );
    expect({ ...moved, delta: Number(moved!.delta) }).toEqual({
      delta: 1000,
      reason: 'customer_return',
      note: `Order ${sale.orderNumber}`,
    });
    // Not restocked: the stock stays as it is.
    await refunded(service, sale.paymentId, { lines: [{ itemId: sale.papers.itemId, quantity: 1 }] });
    expect((await stock(service.app, sale.flower.productId)).onHandMilli).toBe(after.onHandMilli);
  });
});
