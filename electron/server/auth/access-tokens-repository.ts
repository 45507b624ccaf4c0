import { sql } from 'kysely';
import type { Role } from '../../../shared/permissions.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { randomSecret, sha256 } from './secrets.js';

/** What an access token stands for. */
export interface AccessTokenRecord {
  subjectKind: 'staff' | 'partner';
  subjectId: string;
  organizationId: string;
  role: Role;
  expiresAt: string;
  /** The register the session works at, when its login named one. */
  terminalId?: string | null;
}

/** A token found by the guard, with the live state of its subject (a disabled user loses access). */
export interface ActiveTokenRecord extends AccessTokenRecord {
  subjectName: string;
  employeeRef: string | null;
  subjectDisabled: boolean;
  /** The store the user works at, read live from the user (null: the whole organization). */
  dispensaryId: string | null;
  terminalId: string | null;
}

/** Opaque access tokens start with this, so the guard tells them from JWTs without parsing. */
export const ACCESS_TOKEN_PREFIX = 'spt_';

/** Access tokens; only their SHA-256 is stored, so a copy of the database grants nothing. */
export class AccessTokensRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: AccessTokenRecord & { tokenHash: string; createdAt: string }) =>
        k.insertInto('access_tokens').values({
          token_hash: p.tokenHash,
          subject_kind: p.subjectKind,
          subject_id: p.subjectId,
          organization_id: p.organizationId,
          role: p.role,
          expires_at: p.expiresAt,
          created_at: p.createdAt,
          terminal_id: p.terminalId,
        }),
      ),
      find: db.prepare((k, p: { tokenHash: string }) =>
        k
          .selectFrom('access_tokens as t')
          .leftJoin('users as u', (join) => join.on('t.subject_kind', '=', 'staff').onRef('u.id', '=', 't.subject_id'))
          .leftJoin('partners as p', (join) =>
            join.on('t.subject_kind', '=', 'partner').onRef('p.cert_id', '=', 't.subject_id'),
          )
          .select((eb) => [
            't.subject_kind as subjectKind',
            't.subject_id as subjectId',
            't.organization_id as organizationId',
            't.role',
            't.expires_at as expiresAt',
            eb.fn.coalesce('u.username', 'p.name', eb.val('')).as('subjectName'),
            'u.employee_ref as employeeRef',
            'u.dispensary_id as dispensaryId',
            't.terminal_id as terminalId',
            eb.fn.coalesce('u.disabled', 'p.disabled', eb.val(1)).as('subjectDisabled'),
          ])
          .where('t.token_hash', '=', p.tokenHash),
      ),
      unlockWait: db.prepare((k, p: { tokenHash: string }) =>
        k.selectFrom('access_tokens').select('unlock_wait_until as until').where('token_hash', '=', p.tokenHash),
      ),
      // Atomic, so wrong passwords sent at once (to any instance) all count; a lapsed wait starts over.
      wrongUnlock: db.prepare((k, p: { tokenHash: string; max: number; now: string; waitUntil: string }) =>
        k
          .updateTable('access_tokens')
          .set({
            unlock_failures: sql<number>`CASE WHEN unlock_wait_until IS NOT NULL AND unlock_wait_until <= ${p.now}
              THEN 1 ELSE unlock_failures + 1 END`,
            unlock_wait_until: sql<string | null>`CASE
              WHEN unlock_wait_until IS NOT NULL AND unlock_wait_until <= ${p.now} THEN NULL
              WHEN unlock_failures + 1 >= ${p.max} THEN ${p.waitUntil}
              ELSE unlock_wait_until END`,
          })
          .where('token_hash', '=', p.tokenHash),
      ),
      unlocked: db.prepare((k, p: { tokenHash: string }) =>
        k
          .updateTable('access_tokens')
          .set({ unlock_failures: 0, unlock_wait_until: null })
          .where('token_hash', '=', p.tokenHash),
      ),
      terminal: db.prepare((k, p: { tokenHash: string; terminalId: string }) =>
        k.updateTable('access_tokens').set({ terminal_id: p.terminalId }).where('token_hash', '=', p.tokenHash),
      ),
      revoke: db.prepare((k, p: { tokenHash: string }) =>
        k.deleteFrom('access_tokens').where('token_hash', '=', p.tokenHash),
      ),
      purge: db.prepare((k, p: { now: string }) => k.deleteFrom('access_tokens').where('expires_at', '<=', p.now)),
      // Staff of the store, or of its whole organization, signed in now at a named register.
      terminals: db.prepare((k, p: { organizationId: string; dispensaryId: string; now: string }) =>
        k
          .selectFrom('access_tokens as t')
          .innerJoin('users as u', 'u.id', 't.subject_id')
          .select('t.terminal_id as terminalId')
          .distinct()
          .where('t.subject_kind', '=', 'staff')
          .where('t.terminal_id', 'is not', null)
          .where('t.expires_at', '>', p.now)
          .where('u.organization_id', '=', p.organizationId)
          .where((e) => e.or([e('u.dispensary_id', '=', p.dispensaryId), e('u.dispensary_id', 'is', null)])),
      ),
    };
  }

  /** The registers where staff of store `dispensaryId` (or of its whole organization) are signed in at `now`. */
  async signedInTerminals(q: Queryable, organizationId: string, dispensaryId: string, now: Date): Promise<string[]> {
    const rows = await q.all(this.q.terminals, { organizationId, dispensaryId, now: now.toISOString() });
    return rows.flatMap((row) => (row.terminalId === null ? [] : [row.terminalId]));
  }

  /** Issues a token for the subject and returns it in plain text (shown once). */
  async issue(tx: Queryable, record: AccessTokenRecord, now: Date): Promise<string> {
    const token = randomSecret(ACCESS_TOKEN_PREFIX);
    const row = { ...record, terminalId: record.terminalId ?? null, tokenHash: sha256(token) };
    await tx.run(this.q.insert, { ...row, createdAt: now.toISOString() });
    return token;
  }

  async find(q: Queryable, token: string): Promise<ActiveTokenRecord | undefined> {
    const row = await q.first(this.q.find, { tokenHash: sha256(token) });
    return (
      row && {
        ...row,
        subjectKind: row.subjectKind as ActiveTokenRecord['subjectKind'],
        role: row.role as Role,
        subjectName: String(row.subjectName),
        subjectDisabled: Number(row.subjectDisabled) !== 0,
      }
    );
  }

  /** Until when the locked register of this session refuses its user's own password, if it does. */
  async unlockWaitUntil(q: Queryable, token: string): Promise<string | null> {
    return (await q.first(this.q.unlockWait, { tokenHash: sha256(token) }))?.until ?? null;
  }

  /** Counts a wrong own password on the session's locked register; waits until `waitUntil` at `max`. */
  async recordWrongUnlock(tx: Queryable, token: string, max: number, now: Date, waitUntil: Date): Promise<void> {
    const tokenHash = sha256(token);
    await tx.run(this.q.wrongUnlock, { tokenHash, max, now: now.toISOString(), waitUntil: waitUntil.toISOString() });
  }

  /** The register was unlocked: its count of wrong passwords starts again. */
  async recordUnlock(tx: Queryable, token: string): Promise<void> {
    await tx.run(this.q.unlocked, { tokenHash: sha256(token) });
  }

  /** The session works at register `terminalId` (it enrolled that terminal). */
  async setTerminal(tx: Queryable, token: string, terminalId: string): Promise<void> {
    await tx.run(this.q.terminal, { tokenHash: sha256(token), terminalId });
  }

  async revoke(tx: Queryable, token: string): Promise<boolean> {
    return (await tx.run(this.q.revoke, { tokenHash: sha256(token) })) === 1;
  }

  /** Deletes expired tokens; returns how many. */
  purgeExpired(tx: Queryable, now: Date): Promise<number> {
    return tx.run(this.q.purge, { now: now.toISOString() });
  }
}
