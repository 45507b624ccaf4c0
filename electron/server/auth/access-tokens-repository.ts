import type { Role } from '../../../shared/permissions.js';
import type { Db } from '../db/database.js';
import { randomSecret, sha256 } from './secrets.js';

/** What an access token stands for. */
export interface AccessTokenRecord {
  subjectKind: 'staff' | 'partner';
  subjectId: string;
  organizationId: string;
  role: Role;
  expiresAt: string;
}

/** A token found by the guard, with the live state of its subject (a disabled user loses access). */
export interface ActiveTokenRecord extends AccessTokenRecord {
  subjectName: string;
  employeeRef: string | null;
  subjectDisabled: boolean;
}

/** Opaque access tokens start with this, so the guard tells them from JWTs without parsing. */
export const ACCESS_TOKEN_PREFIX = 'spt_';

/** Access tokens; only their SHA-256 is stored, so a copy of the database grants nothing. */
export class AccessTokensRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert: db.prepare(`INSERT INTO access_tokens (token_hash, subject_kind, subject_id, organization_id, role,
        expires_at, created_at) VALUES (@tokenHash, @subjectKind, @subjectId, @organizationId, @role, @expiresAt, @createdAt)`),
      find: db.prepare<[string], Omit<ActiveTokenRecord, 'subjectDisabled'> & { subjectDisabled: number | null }>(
        `SELECT t.subject_kind AS subjectKind, t.subject_id AS subjectId, t.organization_id AS organizationId, t.role,
                t.expires_at AS expiresAt, COALESCE(u.username, p.name, '') AS subjectName,
                u.employee_ref AS employeeRef, COALESCE(u.disabled, p.disabled, 1) AS subjectDisabled
           FROM access_tokens t
           LEFT JOIN users u ON t.subject_kind = 'staff' AND u.id = t.subject_id
           LEFT JOIN partners p ON t.subject_kind = 'partner' AND p.cert_id = t.subject_id
          WHERE t.token_hash = ?`,
      ),
      revoke: db.prepare<[string]>('DELETE FROM access_tokens WHERE token_hash = ?'),
      purge: db.prepare<[string]>('DELETE FROM access_tokens WHERE expires_at <= ?'),
    };
  }

  /** Issues a token for the subject and returns it in plain text (shown once). */
  issue(record: AccessTokenRecord, now: Date): string {
    const token = randomSecret(ACCESS_TOKEN_PREFIX);
    this.statements.insert.run({ ...record, tokenHash: sha256(token), createdAt: now.toISOString() });
    return token;
  }

  find(token: string): ActiveTokenRecord | undefined {
    const row = this.statements.find.get(sha256(token));
    return row && { ...row, subjectDisabled: row.subjectDisabled !== 0 };
  }

  revoke(token: string): boolean {
    return this.statements.revoke.run(sha256(token)).changes === 1;
  }

  /** Deletes expired tokens; returns how many. */
  purgeExpired(now: Date): number {
    return this.statements.purge.run(now.toISOString()).changes;
  }
}
