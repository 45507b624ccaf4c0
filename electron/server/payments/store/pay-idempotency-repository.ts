import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';

/** The payment a session's Idempotency-Key made, and the hash of the request that made it. */
export interface PayKeyRecord {
  requestHash: string;
  paymentId: string;
}

/** Idempotency keys of pay requests, scoped to their session (its primary key: one payment per key). */
export class PayIdempotencyRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { sessionId: string; key: string }) =>
        k
          .selectFrom('payment_idempotency_keys')
          .select(['request_hash as requestHash', 'payment_id as paymentId'])
          .where('session_id', '=', p.sessionId)
          .where('idempotency_key', '=', p.key),
      ),
      insert: db.prepare(
        (k, p: { sessionId: string; key: string; requestHash: string; paymentId: string; at: string }) =>
          k.insertInto('payment_idempotency_keys').values({
            session_id: p.sessionId,
            idempotency_key: p.key,
            request_hash: p.requestHash,
            payment_id: p.paymentId,
            created_at: p.at,
          }),
      ),
    };
  }

  find(q: Queryable, sessionId: string, key: string): Promise<PayKeyRecord | undefined> {
    return q.first(this.q.find, { sessionId, key });
  }

  async save(tx: Queryable, sessionId: string, key: string, record: PayKeyRecord, at: string): Promise<void> {
    await tx.run(this.q.insert, { sessionId, key, ...record, at });
  }
}
