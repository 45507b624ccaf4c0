import { sql } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/** Where the service's words began in a refund's reason before: "Wrong papers. Items back: …". */
const ITEMS_BACK = 'Items back: ';

/**
 * Migration 67: the service's own words of an audit entry, apart from the reason a person gave
 * (README "Audit trail"). A refund by items kept its lines in `reason`, after the manager's words
 * ("Customer returned one. Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock"), and the
 * order history quoted all of it as the manager's. `audit_events.details` holds the lines ("Items
 * back: …"), '' for every other entry; `reason` keeps only what the person wrote. The refunds by
 * items recorded before are split so (the lines begin the reason, or follow its ". "). On a
 * register the capture triggers are made again, with the new column.
 */
export const auditDetails: Migration = {
  version: 67,
  name: 'audit-details',
  async up({ db, engine }) {
    await db.schema
      .alterTable('audit_events')
      .addColumn('details', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const { rows } = await sql<{ id: string; reason: string }>`
      SELECT id, reason FROM audit_events
      WHERE action = 'payment_refunded' AND reason LIKE ${`%${ITEMS_BACK}%`}`.execute(db);
    for (const row of rows) {
      const split = splitReason(row.reason);
      if (split === null) continue;
      await sql`UPDATE audit_events SET reason = ${split.reason}, details = ${split.details} WHERE id = ${row.id}`.execute(
        db,
      );
    }
    await recaptureOrders.after(db, engine);
  },
};

/** "Wrong papers. Items back: …" → the person's words and the lines; null when it holds no lines. */
export function splitReason(reason: string): { reason: string; details: string } | null {
  if (reason.startsWith(ITEMS_BACK)) return { reason: '', details: reason };
  const at = reason.indexOf(`. ${ITEMS_BACK}`);
  if (at < 0) return null;
  return { reason: reason.slice(0, at), details: reason.slice(at + 2) };
}
