import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CountLine, CountReport, CountView } from '../../../../shared/contracts/inventory-counts.js';
import { TicketService } from '../../../../electron/server/tickets/ticket-service.js';
import type { SetupHarness } from '../../setup/support/setup-fixtures.js';
import { written } from './adjustment-fixtures.js';

/** The demo's tagged packages used by the count tests: Blue Dream (FLW-001, units), Granddaddy Purple by the gram (DEL-001), an edible. */
export const BLUE_DREAM = '1A4060300003D12000000001';
export const PURPLE_PUNCH = '1A4060300003D12000000002';
export const BY_THE_GRAM = '1A4060300003D12000000009';
export const GUMMIES = '1A4060300003D12000000024';

/** The count routes of the demo store, as `token`. */
export function countCalls(h: SetupHarness) {
  const call = (token: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
    h.call(token, method, `/inventory/counts${path}`, payload, 'demo');
  return {
    start: (payload: unknown, token = h.tokens.manager) => call(token, 'POST', '', payload),
    list: (token = h.tokens.manager) => call(token, 'GET', ''),
    show: (count: string | number, token = h.tokens.manager) => call(token, 'GET', `/${count}`),
    enter: (count: string | number, payload: unknown, token = h.tokens.cashier) =>
      call(token, 'POST', `/${count}/entries`, payload),
    move: (count: string | number, action: 'pause' | 'resume' | 'cancel', token = h.tokens.cashier) =>
      call(token, 'POST', `/${count}/${action}`),
    apply: (count: string | number, payload: unknown = {}, token = h.tokens.manager) =>
      call(token, 'POST', `/${count}/apply`, payload),
  };
}

export function countOf(response: LightMyRequestResponse): CountView {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: CountView }>().count;
}

export function lineOf(response: LightMyRequestResponse): CountLine {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ line: CountLine }>().line;
}

export function reportOf(response: LightMyRequestResponse): CountReport {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CountReport>();
}

/** The rows a refused count request must not add to: counts, entries, adjustments, state records, audit. */
export async function countRows(h: SetupHarness) {
  const { db } = h.app.ctx;
  const n = async (table: 'inventory_counts' | 'inventory_count_entries') =>
    Number((await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))!.n);
  const entries = await db.all(
    db.builder
      .selectFrom('inventory_count_entries')
      .select(['count_id', 'package_id', 'counted_milli', 'expected_milli', 'entries', 'adjustment_id'])
      .orderBy('count_id')
      .orderBy('package_id'),
  );
  const statuses = await db.all(db.builder.selectFrom('inventory_counts').select(['id', 'status']).orderBy('id'));
  return { counts: await n('inventory_counts'), entries, statuses, ...(await written(h.app)) };
}

/**
 * A sale handed over: a ticket of `quantity` of `productId`, marked paid as the payments do, and
 * walked to COMPLETED, which takes its units off the stock on hand.
 */
export async function sell(h: SetupHarness, productId: string, quantity: number): Promise<void> {
  const base = '/v2.0/dispensary/demo/ecommerce';
  const created = await h.request({
    method: 'POST',
    url: `${base}/ticket`,
    headers: h.headers,
    payload: { type: 'PICKUP', items: [{ productId, quantity }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { orderId } = created.json<{ orderId: string }>();
  const tickets = new TicketService(h.app.ctx, h.app.changes.orders);
  const { db } = h.app.ctx;
  await db.write((tx) =>
    tickets.orders.move(
      tx,
      orderId,
      { status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' },
      { status: 'PAID', paymentStatus: 'PAID' },
      'test',
      new Date().toISOString(),
    ),
  );
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    const moved = await h.request({
      method: 'POST',
      url: `${base}/ticket/${orderId}/status`,
      headers: h.headers,
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}
