import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRow } from '../../support/sql.js';
import type { SessionUpdate } from '../../../shared/contracts/payment.js';
import { followEvents } from './support/follow-events.js';
import { createTicket, paymentService, session, type PaymentHarness } from './support/payment-fixtures.js';

/**
 * An order's lines changed while a widget follows a session of it (the store edits the order; the
 * page gets the webhook `order.updated`, and may not send the payment event again): the session's
 * stream tells the widget, so it shows the order's balance now, not the total it opened with.
 */
let service: PaymentHarness;
let baseUrl: string;
beforeAll(async () => {
  service = await paymentService();
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => service.close());

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe('a session whose order’s lines change', () => {
  it('gets session.updated with the order’s new total and balance, once per stream, one subscription for all', async () => {
    const ticket = await createTicket(service, 2, 9);
    const cashier = service.tokens.cashier;
    const opened = await session(service, cashier, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: ticket.total,
    });
    const path = `/v2.0/payments/sessions/${opened.sessionId}/events`;
    const [events, other] = [await followEvents(baseUrl, path, cashier), await followEvents(baseUrl, path, cashier)];
    await events.until(1);
    await other.until(1);

    const edited = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/lines`,
      headers: service.headers,
      payload: { changes: [{ lineIndex: 1, quantity: 1 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const total = cents(edited.json<{ total: string }>().total);
    expect(total).toBeLessThan(ticket.total);

    const [, update] = await events.until(2);
    expect(update!.event).toBe('session.updated');
    const told = JSON.parse(update!.data) as SessionUpdate;
    expect(told.payment).toBeNull();
    expect(told.session.order).toMatchObject({ orderId: ticket.orderId, total, paid: 0, balanceDue: total });
    // The session's own amount is the page's: only a new payment event changes it.
    expect(told.session).toMatchObject({ status: 'open', originalAmount: ticket.total, amountDue: ticket.total });
    await other.until(2);
    await new Promise((wait) => setTimeout(wait, 200));
    expect(events.frames).toHaveLength(2);
    expect(other.frames).toHaveLength(2);

    // One subscription to the store's orders for the two streams, let go when both ended.
    const { id } = (await queryRow<{ id: string }>(
      service.app,
      sql`SELECT id FROM dispensaries WHERE short_name = 'demo'`,
    ))!;
    expect(service.app.ctx.live.listenerCount(`${id}:orders`)).toBe(1);
    events.close();
    await new Promise((wait) => setTimeout(wait, 100));
    expect(service.app.ctx.live.listenerCount(`${id}:orders`)).toBe(1);
    other.close();
    await expect.poll(() => service.app.ctx.live.listenerCount(`${id}:orders`)).toBe(0);
  });
});
