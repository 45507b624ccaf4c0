import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 65: a store day kept added up with a sale paid without a payment at a register (its
// total $0.00, counted in the shift open there: `closed_in_shift_id`) is deleted, since its sales by
// register now list that sale under the shift's register; the days of other sales are kept.
const m = new MigrationDatabase();
afterEach(() => m.close());

/** Store `shop`'s day `day` (UTC), kept added up. */
const keptDay = (day: string) => {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
  return m.insert('report_day_totals', {
    dispensary_id: 'shop',
    day,
    time_zone: 'UTC',
    starts_at: `${day}T00:00:00.000Z`,
    ends_at: next,
  });
};

describe(`migration 65 on ${TEST_ENGINE}`, () => {
  it('deletes the kept days of $0.00 sales at a register, and keeps the others', async () => {
    await m.open();
    await m.migrated(64);
    await m.store();
    const order = { dispensary_id: 'shop', location_id: 'floor', address_id: 1, total_cents: 0 };
    const paid = { status: 'COMPLETED', payment_status: 'PAID' };
    // At a register, in its shift; online, in none; a paid sale of $12.50 at a register.
    await m.insert('orders', { ...order, ...paid, id: 'o1', order_number: 'A1', closed_in_shift_id: 'shift-1' });
    await m.insert('orders', { ...order, ...paid, id: 'o2', order_number: 'A2' });
    await m.insert('orders', { ...order, ...paid, id: 'o3', order_number: 'A3', total_cents: 1250 });
    const history = (id: number, orderId: string, at: string) =>
      m.insert('order_status_history', { id, order_id: orderId, to_status: 'COMPLETED', actor: 'staff:1', at });
    await history(1, 'o1', '2026-11-17T18:00:00.000Z');
    await history(2, 'o2', '2026-11-16T18:00:00.000Z');
    await history(3, 'o3', '2026-11-15T18:00:00.000Z');
    for (const day of ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18']) await keptDay(day);

    await m.migrated(65);

    const kept = await sql<{ day: string }>`SELECT day FROM report_day_totals ORDER BY day`.execute(m.db);
    expect(kept.rows.map((row) => row.day)).toEqual(['2026-11-15', '2026-11-16', '2026-11-18']);
  });
});
