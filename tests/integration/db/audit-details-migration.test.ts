import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { splitReason } from '../../../electron/server/db/migrations/067-audit-details.js';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 67: an audit entry keeps the service's words (a refund by items' lines) in `details`,
// apart from the reason a person gave; the refunds by items recorded before are split so.
const m = new MigrationDatabase();
afterEach(() => m.close());

const ITEMS = 'Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock';
const entries = async () =>
  (
    await sql<{ id: string; reason: string; details: string }>`
      SELECT id, reason, details FROM audit_events ORDER BY id`.execute(m.db)
  ).rows;

describe(`migration 67 on ${TEST_ENGINE}`, () => {
  it('splits the lines of the refunds by items recorded before from the words the manager gave', async () => {
    await m.open();
    await m.migrated(66);
    await m.store();
    const entry = { organization_id: 'org', dispensary_id: 'shop', actor_kind: 'staff', actor_name: 'manager' };
    const refund = { ...entry, action: 'payment_refunded', at: '2026-12-05T20:00:00.000Z' };
    await m.insert('audit_events', { ...refund, id: 'a1', reason: `Customer returned one.. ${ITEMS}` });
    await m.insert('audit_events', { ...refund, id: 'a2', reason: ITEMS });
    await m.insert('audit_events', { ...refund, id: 'a3', reason: 'Overcharged' });
    await m.insert('audit_events', {
      ...entry,
      id: 'a4',
      action: 'order_canceled',
      at: refund.at,
      reason: 'Items back: none',
    });

    await m.migrated(67);

    expect(await entries()).toEqual([
      { id: 'a1', reason: 'Customer returned one.', details: ITEMS },
      { id: 'a2', reason: '', details: ITEMS },
      { id: 'a3', reason: 'Overcharged', details: '' },
      // Only a refund's reason held the service's words.
      { id: 'a4', reason: 'Items back: none', details: '' },
    ]);
    if (TEST_ENGINE !== 'sqlite') return;
    // A register's capture triggers were made again: the new column is forwarded.
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name = 'forward_audit_events_insert'`.execute(
      m.db,
    );
    expect(triggers.rows[0]?.sql).toContain("'details', NEW.details");
  });

  it('splits at the lines the service wrote, wherever the manager’s words end', () => {
    expect(splitReason(`Wrong papers. ${ITEMS}`)).toEqual({ reason: 'Wrong papers', details: ITEMS });
    expect(splitReason(ITEMS)).toEqual({ reason: '', details: ITEMS });
    expect(splitReason('Overcharged')).toBeNull();
  });
});
