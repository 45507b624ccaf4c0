import type { Db } from '../../db/database.js';

/** The payment a session's Idempotency-Key made, and the hash of the request that made it. */
export interface PayKeyRecord {
  requestHash: string;
  paymentId: string;
}

/** Idempotency keys of pay requests, scoped to their session. */
export class PayIdempotencyRepository {
  private readonly findStmt;
  private readonly insertStmt;

  constructor(db: Db) {
    this.findStmt = db.prepare<[string, string], PayKeyRecord>(
      `SELECT request_hash AS requestHash, payment_id AS paymentId FROM payment_idempotency_keys
        WHERE session_id = ? AND idempotency_key = ?`,
    );
    this.insertStmt = db.prepare<[string, string, string, string, string]>(
      `INSERT INTO payment_idempotency_keys (session_id, idempotency_key, request_hash, payment_id, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    );
  }

  find(sessionId: string, key: string): PayKeyRecord | undefined {
    return this.findStmt.get(sessionId, key);
  }

  save(sessionId: string, key: string, record: PayKeyRecord, at: string): void {
    this.insertStmt.run(sessionId, key, record.requestHash, record.paymentId, at);
  }
}
