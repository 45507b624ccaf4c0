import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Builder } from '../../../electron/server/db/query.js';
import { SCHEMA_VERSION } from '../../../electron/server/db/migrations/index.js';
import { saleClosings } from '../../../electron/server/reports/sale-closings.js';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 60 indexes order_status_history by (order, status reached, when): the reports' "paid
// without a payment" (MIN(at) of PAID or COMPLETED, for every $0.00 order of a store) is read from
// the index alone, on both engines, and the index by order alone (migration 1) goes, this one
// serving every read by order. The history written before is kept and read as it was.
const m = new MigrationDatabase();
afterEach(() => m.close());

const HISTORY = [
  { order_id: 'o1', to_status: 'AWAITING_PROCESSING', at: '2026-12-04T18:00:00.000Z' },
  { order_id: 'o1', to_status: 'PAID', at: '2026-12-04T18:01:00.000Z' },
  { order_id: 'o1', to_status: 'COMPLETED', at: '2026-12-04T18:05:00.000Z' },
  { order_id: 'o2', to_status: 'AWAITING_PROCESSING', at: '2026-12-04T19:00:00.000Z' },
  { order_id: 'o2', to_status: 'COMPLETED', at: '2026-12-04T19:02:00.000Z' },
];

/** Two orders at $0.00, paid as made: o1 became PAID then was handed over, o2 was handed over paid. */
async function sales(): Promise<void> {
  await m.store();
  for (const id of ['o1', 'o2']) {
    const where = { dispensary_id: 'shop', location_id: 'floor', address_id: 1 };
    await m.insert('orders', { id, ...where, order_number: id, status: 'COMPLETED', payment_status: 'PAID' });
  }
  for (const [at, row] of HISTORY.entries()) {
    await m.insert('order_status_history', { id: at + 1, ...row, actor: 'staff:u' });
  }
}

describe(`migration 60 on ${TEST_ENGINE}`, () => {
  it('keeps the history and reads when each $0.00 sale was paid from the new index alone', async () => {
    await m.open();
    await m.migrated(59);
    await sales();
    expect(await m.indexes('order_status_history')).toContain('order_status_history_order');

    await m.migrated(60);

    expect(await m.indexes('order_status_history')).toContain('order_status_history_reached');
    expect(await m.indexes('order_status_history')).not.toContain('order_status_history_order');
    const kept = await sql<{ order_id: string; to_status: string; at: string }>`
      SELECT order_id, to_status, at FROM order_status_history ORDER BY id`.execute(m.db);
    expect(kept.rows).toEqual(HISTORY);

    // Today's reports read the history with today's schema (later migrations add the columns they join).
    await m.migrated(SCHEMA_VERSION);
    const day = saleClosings(m.db as unknown as Builder, {
      dispensaryIds: ['shop'],
      from: '2026-12-04T08:00:00.000Z',
      to: '2026-12-05T08:00:00.000Z',
    });
    const closed = await day.execute();
    expect(closed.map((sale) => [sale.order_id, sale.completed_at]).sort()).toEqual([
      ['o1', '2026-12-04T18:01:00.000Z'],
      ['o2', '2026-12-04T19:02:00.000Z'],
    ]);
    const read = await m.plan(day.compile());
    if (TEST_ENGINE === 'sqlite') {
      expect(read).toMatch(
        /SEARCH h USING COVERING INDEX order_status_history_reached \(order_id=\? AND to_status=\?\)/,
      );
      expect(read).not.toMatch(/USING INDEX order_status_history_reached|SCAN h\b/);
    } else {
      expect(read).toMatch(/Index Only Scan using order_status_history_reached on order_status_history h/);
      expect(read).not.toMatch(/Seq Scan on order_status_history/);
    }
  });
});
