import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import { buildApp } from '../../../electron/server/app.js';
import { execute, queryRow } from '../../support/sql.js';
import { freshDatabase } from '../../support/test-database.js';
import { createTicket, GOOD_CARD, pay, paymentService, session, waitForSession } from './support/payment-fixtures.js';

/** A payment's status and detail as stored. */
const stored = async (app: FastifyInstance, id: string) =>
  (await queryRow<{ status: string; detail: string }>(
    app,
    sql`SELECT status, response_detail AS detail FROM payments WHERE id = ${id}`,
  ))!;

describe('processor timeouts', () => {
  it('leaves a lost answer pending, then records what the status lookup says (approved)', async () => {
    // The lookup a second after the lost answer: the pay request's answer, read right after the
    // processor's call, still finds the payment pending however busy the machine (50 ms was a race).
    const service = await paymentService({ reconcileDelayMs: 1000 });
    try {
      const token = service.tokens.cashier;
      const opened = await session(service, token, {
        channel: 'ecommerce',
        originalAmount: 2591,
        referenceNumber: 'T-91',
      });
      const answer = await pay(service, token, opened.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD });
      expect(answer.statusCode).toBe(202);
      expect(answer.json().payment).toMatchObject({ status: 'pending', processorResponseMessage: 'pending' });
      expect(answer.json().pending).toMatchObject({ stage: 'processing' });
      const done = await waitForSession(service, token, opened.sessionId, (s) => s.status === 'completed');
      expect(done.payments[0]).toMatchObject({
        status: 'approved',
        processorResponseCode: '00',
        lastActionTaken: 'sale',
        captured: true,
      });
    } finally {
      await service.close();
    }
  });
});

describe('restart', () => {
  it('reconciles payments left at the processor and cancels PIN pad waits; paylinks stay usable', async () => {
    const database = await freshDatabase();
    // First run: nothing is reconciled while it runs, and the PIN pad never answers.
    const first = await paymentService({ ...database.config, reconcileDelayMs: 600_000, pinpadDelayMs: 600_000 });
    const token = first.tokens.admin;
    const lost = await session(first, token, { channel: 'ecommerce', originalAmount: 3091, referenceNumber: 'R-1' });
    const lostPayment = (await pay(first, token, lost.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD })).json<{
      payment: PaymentRecord;
    }>().payment;
    const never = await session(first, token, { channel: 'ecommerce', originalAmount: 4091, referenceNumber: 'R-2' });
    const neverPayment = (await pay(first, token, never.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD })).json<{
      payment: PaymentRecord;
    }>().payment;
    // As if the process died after writing this attempt and before the processor received it.
    await execute(first.app, sql`DELETE FROM processor_sandbox_ledger WHERE reference = ${neverPayment.id}`);
    const device = await session(first, token, {
      channel: 'virtual_terminal',
      originalAmount: 1500,
      referenceNumber: 'R-3',
    });
    const ach = (await pay(first, token, device.sessionId, { paymentMethod: 'ACH' })).json();
    const paylinkToken: string = ach.pending.paylinkUrl.split('#')[1];
    // A second paylink that will have expired by the time the service is back.
    const stale = await session(first, token, { channel: 'ecommerce', originalAmount: 1600, referenceNumber: 'R-4' });
    const stalePayment = (await pay(first, token, stale.sessionId, { paymentMethod: 'ACH' })).json<{
      payment: PaymentRecord;
    }>().payment;
    await execute(
      first.app,
      sql`UPDATE paylinks SET expires_at = '2000-01-01T00:00:00.000Z' WHERE payment_id = ${stalePayment.id}`,
    );
    const waiting = await queryRow<{ n: number }>(
      first.app,
      sql`SELECT COUNT(*) AS n FROM payments WHERE status = 'pending'`,
    );
    expect(waiting!.n).toBe(4);
    await first.close();

    const second = await buildApp({ ...database.config, demo: true, logLevel: 'silent', reconcileDelayMs: 20 });
    try {
      const status = (id: string) => stored(second, id);
      await expect.poll(async () => (await status(lostPayment.id)).status, { timeout: 5000 }).toBe('approved');
      await expect
        .poll(() => status(neverPayment.id), { timeout: 5000 })
        .toEqual({
          status: 'error',
          detail: 'The processor has no record of this payment; nothing was charged',
        });
      const info = await second.inject({ method: 'GET', url: `/v2.0/paylinks/${paylinkToken}` });
      expect(info.json()).toMatchObject({ status: 'open', amount: 1500 });
      const authorized = await second.inject({
        method: 'POST',
        url: `/v2.0/paylinks/${paylinkToken}/authorize`,
        payload: { accountHolder: 'Ada Lovelace', routingNumber: '011000015', accountNumber: '12345678' },
      });
      expect(authorized.json().status).toBe('approved');
      await expect
        .poll(() => status(stalePayment.id), { timeout: 5000 })
        .toEqual({ status: 'canceled', detail: 'Canceled: the paylink expired' });
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('cancels a payment that was waiting for the PIN pad when the service stopped', async () => {
    const database = await freshDatabase();
    const first = await paymentService({ ...database.config, pinpadDelayMs: 600_000 });
    const ticket = await createTicket(first);
    const opened = await session(first, first.tokens.cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 500,
    });
    const started = await pay(first, first.tokens.cashier, opened.sessionId, { paymentMethod: 'Debit' });
    expect(started.json().pending.stage).toBe('awaiting_device');
    await first.close();
    const second = await buildApp({ ...database.config, logLevel: 'silent' });
    try {
      expect(await stored(second, started.json().payment.id)).toEqual({
        status: 'canceled',
        detail: 'Canceled: the PIN pad session ended when the service restarted',
      });
      const ledger = await queryRow(
        second,
        sql`SELECT COUNT(*) AS n FROM processor_sandbox_ledger WHERE reference = ${started.json().payment.id}`,
      );
      expect(ledger).toEqual({ n: 0 });
    } finally {
      await second.close();
      await database.drop();
    }
  });
});
