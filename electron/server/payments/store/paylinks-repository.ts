import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/** A paylink as stored: the payment it completes and until when. Its token is known only as a hash. */
export interface PaylinkRecord {
  tokenHash: string;
  paymentId: string;
  expiresAt: string;
  createdAt: string;
}

const selectPaylinks = (k: Builder) =>
  k
    .selectFrom('paylinks')
    .select([
      'token_hash as tokenHash',
      'payment_id as paymentId',
      'expires_at as expiresAt',
      'created_at as createdAt',
    ]);

/** Paylinks (the hosted ACH checkout). Writers hold the durable write transaction. */
export class PaylinksRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: PaylinkRecord) =>
        k.insertInto('paylinks').values({
          token_hash: p.tokenHash,
          payment_id: p.paymentId,
          expires_at: p.expiresAt,
          created_at: p.createdAt,
        }),
      ),
      byHash: db.prepare((k, p: { tokenHash: string }) => selectPaylinks(k).where('token_hash', '=', p.tokenHash)),
      byPayment: db.prepare((k, p: { paymentId: string }) => selectPaylinks(k).where('payment_id', '=', p.paymentId)),
    };
  }

  async insert(tx: Queryable, paylink: PaylinkRecord): Promise<void> {
    await tx.run(this.q.insert, paylink);
  }

  findByTokenHash(q: Queryable, tokenHash: string): Promise<PaylinkRecord | undefined> {
    return q.first(this.q.byHash, { tokenHash });
  }

  findByPayment(q: Queryable, paymentId: string): Promise<PaylinkRecord | undefined> {
    return q.first(this.q.byPayment, { paymentId });
  }
}
