import type { SessionStatus } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';
import type { SessionDetails, SessionRecord } from './payment-types.js';

const selectSessions = (k: Builder) =>
  k
    .selectFrom('payment_sessions')
    .select([
      'id',
      'organization_id as organizationId',
      'dispensary_id as dispensaryId',
      'order_id as orderId',
      'channel',
      'status',
      'principal',
      'reuse_key as reuseKey',
      'original_amount_cents as originalAmount',
      'tip_cents as tip',
      'request_json as details',
      'expires_at as expiresAt',
      'created_at as createdAt',
      'updated_at as updatedAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectSessions>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): SessionRecord =>
  ({ ...row, details: JSON.parse(row.details) as SessionDetails }) as SessionRecord;

/** Payment sessions. Writers hold the durable write transaction. */
export class SessionsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: Omit<SessionRecord, 'details'> & { details: string }) =>
        k.insertInto('payment_sessions').values({
          id: p.id,
          organization_id: p.organizationId,
          dispensary_id: p.dispensaryId,
          order_id: p.orderId,
          channel: p.channel,
          status: p.status,
          principal: p.principal,
          reuse_key: p.reuseKey,
          original_amount_cents: p.originalAmount,
          tip_cents: p.tip,
          request_json: p.details,
          expires_at: p.expiresAt,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectSessions(k).where('id', '=', p.id)),
      lockById: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(selectSessions(k).where('id', '=', p.id)),
      ),
      openByReuseKey: db.prepare((k, p: { reuseKey: string }) =>
        selectSessions(k)
          .where('reuse_key', '=', p.reuseKey)
          .where('status', '=', 'open')
          .orderBy('created_at', 'desc'),
      ),
      setStatus: db.prepare((k, p: { id: string; from: string; to: string; at: string }) =>
        k
          .updateTable('payment_sessions')
          .set({ status: p.to, updated_at: p.at })
          .where('id', '=', p.id)
          .where('status', '=', p.from),
      ),
      touch: db.prepare((k, p: { id: string; at: string }) =>
        k.updateTable('payment_sessions').set({ updated_at: p.at }).where('id', '=', p.id),
      ),
      setDetails: db.prepare((k, p: { id: string; details: string; at: string }) =>
        k.updateTable('payment_sessions').set({ request_json: p.details, updated_at: p.at }).where('id', '=', p.id),
      ),
    };
  }

  async insert(tx: Queryable, session: SessionRecord): Promise<void> {
    await tx.run(this.q.insert, { ...session, details: JSON.stringify(session.details) });
  }

  async find(q: Queryable, id: string): Promise<SessionRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  /** The session, its row locked until the write ends: pay requests of one session take turns. */
  async lock(tx: Queryable, id: string): Promise<SessionRecord | undefined> {
    const row = await tx.first(this.q.lockById, { id });
    return row && toRecord(row);
  }

  /** Open sessions for one order (or one plain-charge reference), newest first. */
  async openFor(q: Queryable, reuseKey: string): Promise<SessionRecord[]> {
    return (await q.all(this.q.openByReuseKey, { reuseKey })).map(toRecord);
  }

  /** Moves a session from `from` to `to`; false when it was not `from` any more. */
  async setStatus(tx: Queryable, id: string, from: SessionStatus, to: SessionStatus, at: string): Promise<boolean> {
    return (await tx.run(this.q.setStatus, { id, from, to, at })) === 1;
  }

  /** Replaces the session's details (the option the customer picked). */
  async setDetails(tx: Queryable, id: string, details: SessionDetails, at: string): Promise<void> {
    await tx.run(this.q.setDetails, { id, details: JSON.stringify(details), at });
  }

  /** Records that something in the session changed (a payment was made or settled). */
  async touch(tx: Queryable, id: string, at: string): Promise<void> {
    await tx.run(this.q.touch, { id, at });
  }
}
