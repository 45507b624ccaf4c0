import type { SessionStatus } from '../../../../shared/contracts/payment.js';
import type { Db } from '../../db/database.js';
import type { SessionDetails, SessionRecord } from './payment-types.js';

type Row = Omit<SessionRecord, 'details'> & { details: string };

const COLUMNS = `id, organization_id AS organizationId, dispensary_id AS dispensaryId, order_id AS orderId, channel, status,
  principal, reuse_key AS reuseKey, original_amount_cents AS originalAmount, tip_cents AS tip, request_json AS details,
  expires_at AS expiresAt, created_at AS createdAt, updated_at AS updatedAt`;

const toRecord = (row: Row): SessionRecord => ({ ...row, details: JSON.parse(row.details) as SessionDetails });

/** Payment sessions. Writers hold the durable write transaction. */
export class SessionsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(`INSERT INTO payment_sessions (id, organization_id, dispensary_id, order_id, channel, status,
          principal, reuse_key, original_amount_cents, tip_cents, request_json, expires_at, created_at, updated_at)
        VALUES (@id, @organizationId, @dispensaryId, @orderId, @channel, @status, @principal, @reuseKey, @originalAmount,
          @tip, @details, @expiresAt, @createdAt, @updatedAt)`),
      byId: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM payment_sessions WHERE id = ?`),
      openByReuseKey: db.prepare<[string], Row>(
        `SELECT ${COLUMNS} FROM payment_sessions WHERE reuse_key = ? AND status = 'open' ORDER BY created_at DESC`,
      ),
      setStatus: db.prepare<[string, string, string, string]>(
        `UPDATE payment_sessions SET status = ?, updated_at = ? WHERE id = ? AND status = ?`,
      ),
      touch: db.prepare<[string, string]>(`UPDATE payment_sessions SET updated_at = ? WHERE id = ?`),
      setDetails: db.prepare<[string, string, string]>(
        `UPDATE payment_sessions SET request_json = ?, updated_at = ? WHERE id = ?`,
      ),
    };
  }

  insert(session: SessionRecord): void {
    this.statements.insert.run({ ...session, details: JSON.stringify(session.details) });
  }

  find(id: string): SessionRecord | undefined {
    const row = this.statements.byId.get(id);
    return row && toRecord(row);
  }

  /** Open sessions for one order (or one plain-charge reference), newest first. */
  openFor(reuseKey: string): SessionRecord[] {
    return this.statements.openByReuseKey.all(reuseKey).map(toRecord);
  }

  /** Moves a session from `from` to `to`; false when it was not `from` any more. */
  setStatus(id: string, from: SessionStatus, to: SessionStatus, at: string): boolean {
    return this.statements.setStatus.run(to, at, id, from).changes === 1;
  }

  /** Replaces the session's details (the option the customer picked). */
  setDetails(id: string, details: SessionDetails, at: string): void {
    this.statements.setDetails.run(JSON.stringify(details), at, id);
  }

  /** Records that something in the session changed (a payment was made or settled). */
  touch(id: string, at: string): void {
    this.statements.touch.run(at, id);
  }
}
