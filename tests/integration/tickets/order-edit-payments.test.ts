import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { queryRow } from '../../support/sql.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { configure, stateRecords } from '../state-reporting/state-support.js';
import { cents } from '../support/demo-service.js';
import { addEndpoint, webhookHarness } from '../webhooks/webhook-support.js';
import {
  BASE,
  countedProducts,
  editLines,
  expectRefused,
  outboxOf,
  packageStock,
  readTicket,
  ticketOf,
  writtenFor,
} from './edit-support.js';

// An order's money and the edit of its lines (Treez's rule): lines change until the order is paid;
// an ACH authorization is captured when the order is handed over, for its final total, so an
// AUTHORIZED order's total may go down (never above what was authorized); money already taken is
// never more than the new total; an edit that brings the total down to what was paid makes it PAID.
const web = webhookHarness();
const service = () => web.service;
const BANK = { accountHolder: 'Ada Lovelace', routingNumber: '021000021', accountNumber: '000123456789' };

/** Authorizes `amount` cents of `ticket` by ACH through its paylink. */
async function achAuthorized(ticket: Ticket, amount = cents(ticket.total)): Promise<void> {
  const admin = service().tokens.admin;
  const opened = await session(service(), admin, {
    channel: 'ecommerce',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
  });
  const started = await pay(service(), admin, opened.sessionId, { paymentMethod: 'ACH' });
  const token = started.json<{ pending: { paylinkUrl: string } }>().pending.paylinkUrl.split('#')[1]!;
  const authorized = await service().request({
    method: 'POST',
    url: `/v2.0/paylinks/${token}/authorize`,
    payload: BANK,
  });
  expect(authorized.json<PaymentRecord>(), authorized.body).toMatchObject({ status: 'approved' });
}

/** Takes `amount` cents of `ticket` in cash at the register. */
async function cashPart(ticket: Ticket, amount: number): Promise<void> {
  const cashier = service().tokens.cashier;
  const opened = await session(service(), cashier, {
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: cents(ticket.total),
  });
  const paid = await pay(service(), cashier, opened.sessionId, {
    paymentMethod: 'Cash',
    amount,
    tenderedAmount: amount,
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

const move = (orderId: string, status: string) =>
  service().request({
    method: 'POST',
    url: `${BASE}/ticket/${orderId}/status`,
    headers: service().headers,
    payload: { status },
  });

/** A line's cents with its tax: what it adds to its order's total. */
const lineTotal = (ticket: Ticket, index: number) =>
  cents(ticket.items[index]!.priceSell) + Math.round(ticket.items[index]!.tax * 100);

describe("an order's lines and its money", () => {
  it('an ACH-authorized order goes down, stays AUTHORIZED, its state record follows, and the hand-over captures the final total', async () => {
    await configure(service(), { licenseNumber: 'C10-0000001-LIC' });
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 3 },
      { productId: b!.id, quantity: 1 },
    ]);
    await achAuthorized(created);
    expect(await readTicket(service(), created.orderId)).toMatchObject({ status: 'AUTHORIZED' });

    const edited = await editLines(service(), created.orderId, { changes: [{ lineIndex: 1, quantity: 1 }] });
    expect(edited.statusCode, edited.body).toBe(200);
    const ticket = edited.json<Ticket>();
    expect(ticket).toMatchObject({ status: 'AUTHORIZED', paymentStatus: 'AUTHORIZED' });
    const total = cents(ticket.total);
    expect(total).toBeLessThan(cents(created.total));

    // The sale recorded for the state when the order was authorized is voided and recorded again.
    const records = (await stateRecords(service())).filter((record) => record.orderId === created.orderId);
    expect(records.map((record) => [record.kind, record.lines.map((line) => line.quantity)])).toEqual([
      ['sale', [3, 1]],
      ['void', [3, 1]],
      ['sale', [1, 1]],
    ]);

    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await move(created.orderId, status);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await readTicket(service(), created.orderId)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
    const captured = await queryRow<{ id: string; amount: number; charged: number; captured: number; detail: string }>(
      service().app,
      sql`SELECT id, amount_cents AS "amount", charged_cents AS "charged", captured, response_detail AS "detail"
          FROM payments WHERE order_id = ${created.orderId} AND method = 'ACH'`,
    );
    const { id, ...payment } = captured!;
    expect({ ...payment, amount: Number(payment.amount), charged: Number(payment.charged) }).toEqual({
      amount: total,
      charged: total,
      captured: 1,
      detail: `Captured $${ticket.total} of $${created.total} authorized`,
    });
    // The processor was asked for the final total, not what was authorized.
    const books = await queryRow<{ amount: number }>(
      service().app,
      sql`SELECT amount_cents AS "amount" FROM processor_sandbox_ledger WHERE reference = ${id}`,
    );
    expect(Number(books!.amount)).toBe(total);
  });

  it("refuses to take an AUTHORIZED order's total above what was authorized, writing nothing", async () => {
    const [a] = await countedProducts(service().app);
    const created = await ticketOf(service(), [{ productId: a!.id, quantity: 1 }]);
    await achAuthorized(created);
    const before = await writtenFor(service(), created.orderId);
    const more = await editLines(service(), created.orderId, { changes: [{ lineIndex: 1, quantity: 2 }] });
    expect(more.statusCode, more.body).toBe(409);
    const { resultReason, resultDetail } = more.json<{ resultReason: string; resultDetail: string }>();
    expect(resultReason).toBe('CONFLICT');
    expect(resultDetail).toMatch(
      new RegExp(
        `^order ${created.orderNumber} is authorized for \\$${created.total} and this change would bring its total to ` +
          '\\$\\d+\\.\\d{2}: an authorization is captured for at most what it authorized; keep the total within it, or void the authorization first$',
      ),
    );
    expect(await writtenFor(service(), created.orderId)).toEqual(before);
  });

  it('an order paid in part becomes PAID when an edit brings its total down to what was paid', async () => {
    await addEndpoint(service(), web.url);
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
    ]);
    await cashPart(created, lineTotal(created, 0));
    const before = await packageStock(service().app, b!.packageId);

    const edited = await editLines(service(), created.orderId, {
      changes: [{ lineIndex: 2, remove: true }],
      reason: 'Out of stock on the shelf',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Ticket>()).toMatchObject({ status: 'PAID', paymentStatus: 'PAID' });
    expect(cents(edited.json<Ticket>().total)).toBe(lineTotal(created, 0));
    expect(await packageStock(service().app, b!.packageId)).toEqual({ ...before, reserved: before.reserved - 1000 });
    const events = await outboxOf(service().app, created.orderId);
    expect(events.map((event) => `${event.type} ${(event.data as { status?: string }).status ?? ''}`)).toEqual([
      'order.created AWAITING_PROCESSING',
      'payment.approved approved',
      'order.updated AWAITING_PROCESSING',
      'order.paid PAID',
    ]);
  });

  it('refuses an edit that would bring the total below the money already taken', async () => {
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
    ]);
    const paid = lineTotal(created, 0) + 100;
    await cashPart(created, paid);
    const before = await writtenFor(service(), created.orderId);
    const edited = await editLines(service(), created.orderId, { changes: [{ lineIndex: 2, remove: true }] });
    const dollars = (amount: number) => `$${(amount / 100).toFixed(2)}`;
    expectRefused(
      edited,
      409,
      'CONFLICT',
      `order ${created.orderNumber} has ${dollars(paid)} paid already and this change would bring its total to ` +
        `${dollars(lineTotal(created, 0))}: refund the difference first`,
    );
    expect(await writtenFor(service(), created.orderId)).toEqual(before);
  });
});
