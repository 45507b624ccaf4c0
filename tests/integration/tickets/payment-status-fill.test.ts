import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPaymentStatus } from '../../../electron/server/db/migrations/032-order-payment-status.js';
import { execute, queryRows } from '../../support/sql.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { products } from '../support/catalog-fixtures.js';

// Migration 032 fills in the payment status of the orders written before it, from their status
// and history; here on orders put back as they were written then.
let service: DemoService;
beforeAll(async () => {
  service = await demoService();
});
afterAll(() => service.close());

async function orderWas(status: string, history: readonly string[]): Promise<string> {
  const [product] = await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000');
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items: [{ productId: product!.id, quantity: 1 }] },
  });
  const { orderId } = created.json<{ orderId: string }>();
  await execute(
    service.app,
    sql`UPDATE orders SET status = ${status}, payment_status = 'UNPAID' WHERE id = ${orderId}`,
  );
  for (const [at, to] of history.entries()) {
    await execute(
      service.app,
      sql`INSERT INTO order_status_history (order_id, from_status, to_status, actor, at)
          VALUES (${orderId}, 'AWAITING_PROCESSING', ${to}, 'test', ${`2026-01-01T00:00:0${at}.000Z`})`,
    );
  }
  return orderId;
}

describe("migration 032's payment status of older orders", () => {
  it('is read off their status and, in fulfilment, off whether they were ever paid', async () => {
    const cases = [
      ['AWAITING_PROCESSING', [], 'UNPAID'],
      ['PAID', ['PAID'], 'PAID'],
      ['AUTHORIZED', ['AUTHORIZED'], 'AUTHORIZED'],
      ['IN_PROCESS', ['PAID', 'IN_PROCESS'], 'PAID'],
      ['PACKED_READY', ['AUTHORIZED', 'IN_PROCESS', 'PACKED_READY'], 'AUTHORIZED'],
      ['COMPLETED', ['AUTHORIZED', 'IN_PROCESS', 'PACKED_READY', 'COMPLETED'], 'PAID'],
      ['CANCELED', ['CANCELED'], 'UNPAID'],
    ] as const;
    const ids = [];
    for (const [status, history] of cases) ids.push(await orderWas(status, history));
    await execute(service.app, fillPaymentStatus());
    const rows = await queryRows<{ id: string; paid: string }>(
      service.app,
      sql`SELECT id, payment_status AS paid FROM orders`,
    );
    const paid = new Map(rows.map((row) => [row.id, row.paid]));
    expect(ids.map((id) => paid.get(id))).toEqual(cases.map(([, , expected]) => expected));
  });
});
