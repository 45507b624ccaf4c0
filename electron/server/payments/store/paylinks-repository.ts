import type { Db } from '../../db/database.js';

/** A paylink as stored: the payment it completes and until when. Its token is known only as a hash. */
export interface PaylinkRecord {
  tokenHash: string;
  paymentId: string;
  expiresAt: string;
  createdAt: string;
}

/** Paylinks (the hosted ACH checkout). Writers hold the durable write transaction. */
export class PaylinksRepository {
  private readonly insertStmt;
  private readonly byHash;
  private readonly byPayment;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO paylinks (token_hash, payment_id, expires_at, created_at) VALUES (@tokenHash, @paymentId, @expiresAt, @createdAt)`,
    );
    const columns =
      'token_hash AS tokenHash, payment_id AS paymentId, expires_at AS expiresAt, created_at AS createdAt';
    this.byHash = db.prepare<[string], PaylinkRecord>(`SELECT ${columns} FROM paylinks WHERE token_hash = ?`);
    this.byPayment = db.prepare<[string], PaylinkRecord>(`SELECT ${columns} FROM paylinks WHERE payment_id = ?`);
  }

  insert(paylink: PaylinkRecord): void {
    this.insertStmt.run(paylink);
  }

  findByTokenHash(tokenHash: string): PaylinkRecord | undefined {
    return this.byHash.get(tokenHash);
  }

  findByPayment(paymentId: string): PaylinkRecord | undefined {
    return this.byPayment.get(paymentId);
  }
}
