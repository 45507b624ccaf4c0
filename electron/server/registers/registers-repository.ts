import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';

/** A register enrolled at a store server, as its repository reads it. */
export interface RegisterRecord {
  registerId: string;
  dispensaryId: string;
  name: string;
  secretHash: string;
  /** The display name of who enrolled it (their username when the login is gone). */
  enrolledBy: string;
  enrolledAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

const selectRegisters = (k: Builder) =>
  k
    .selectFrom('registers')
    .leftJoin('users', 'users.id', 'registers.enrolled_by')
    .select((e) => [
      'registers.id as registerId',
      'registers.dispensary_id as dispensaryId',
      'registers.name',
      'registers.secret_hash as secretHash',
      e.fn.coalesce('users.display_name', 'registers.enrolled_by').as('enrolledBy'),
      'registers.enrolled_at as enrolledAt',
      'registers.last_seen_at as lastSeenAt',
      'registers.revoked_at as revokedAt',
    ]);

/** What enrolling writes: a new register, or new credentials for the store's register of that name. */
export interface Enrollment {
  registerId: string;
  dispensaryId: string;
  name: string;
  secretHash: string;
  enrolledBy: string;
  enrolledAt: string;
}

/** The registers enrolled at a store server (migration 018). */
export class RegistersRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { registerId: string }) => selectRegisters(k).where('registers.id', '=', p.registerId)),
      named: db.prepare((k, p: { dispensaryId: string; name: string }) =>
        selectRegisters(k).where('registers.dispensary_id', '=', p.dispensaryId).where('registers.name', '=', p.name),
      ),
      ofStore: db.prepare((k, p: { dispensaryId: string }) =>
        selectRegisters(k).where('registers.dispensary_id', '=', p.dispensaryId).orderBy('registers.name'),
      ),
      insert: db.prepare((k, p: Enrollment) =>
        k.insertInto('registers').values({
          id: p.registerId,
          dispensary_id: p.dispensaryId,
          name: p.name,
          secret_hash: p.secretHash,
          enrolled_by: p.enrolledBy,
          enrolled_at: p.enrolledAt,
        }),
      ),
      // Enrolled again: new credentials (the old ones stop working), no longer revoked.
      reenroll: db.prepare((k, p: Enrollment) =>
        k
          .updateTable('registers')
          .set({
            secret_hash: p.secretHash,
            enrolled_by: p.enrolledBy,
            enrolled_at: p.enrolledAt,
            last_seen_at: null,
            revoked_at: null,
          })
          .where('id', '=', p.registerId),
      ),
      revoke: db.prepare((k, p: { registerId: string; at: string }) =>
        k
          .updateTable('registers')
          .set({ revoked_at: p.at })
          .where('id', '=', p.registerId)
          .where('revoked_at', 'is', null),
      ),
      // Written at most once a minute per register, so a register's every request costs no write.
      seen: db.prepare((k, p: { registerId: string; at: string; before: string }) =>
        k
          .updateTable('registers')
          .set({ last_seen_at: p.at })
          .where('id', '=', p.registerId)
          .where((e) => e.or([e('last_seen_at', 'is', null), e('last_seen_at', '<', p.before)])),
      ),
    };
  }

  find(q: Queryable, registerId: string): Promise<RegisterRecord | undefined> {
    return q.first(this.q.find, { registerId });
  }

  named(q: Queryable, dispensaryId: string, name: string): Promise<RegisterRecord | undefined> {
    return q.first(this.q.named, { dispensaryId, name });
  }

  /** A store's registers by name, revoked ones included. */
  ofStore(q: Queryable, dispensaryId: string): Promise<RegisterRecord[]> {
    return q.all(this.q.ofStore, { dispensaryId });
  }

  /** Writes an enrollment: a new register, or (same id) new credentials for an enrolled one. */
  async enroll(tx: Queryable, enrollment: Enrollment, existing: boolean): Promise<void> {
    await tx.run(existing ? this.q.reenroll : this.q.insert, enrollment);
  }

  /** True when it was enrolled and is now revoked; false when it already was. */
  async revoke(tx: Queryable, registerId: string, at: Date): Promise<boolean> {
    return (await tx.run(this.q.revoke, { registerId, at: at.toISOString() })) === 1;
  }

  async markSeen(tx: Queryable, registerId: string, at: Date): Promise<void> {
    const before = new Date(at.getTime() - 60_000).toISOString();
    await tx.run(this.q.seen, { registerId, at: at.toISOString(), before });
  }
}
