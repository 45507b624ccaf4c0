import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { isRole, type Role } from '../../../shared/permissions.js';
import type { Db } from '../db/database.js';

/** A staff user as stored (the password hash never leaves the auth module). */
export interface UserRecord {
  id: string;
  organizationId: string;
  username: string;
  displayName: string;
  employeeRef: string | null;
  passwordHash: string;
  role: Role;
  disabled: boolean;
  failedLogins: number;
  lockedUntil: string | null;
  createdAt: string;
}

export interface NewUser {
  organizationId: string;
  username: string;
  displayName?: string;
  employeeRef?: string | null;
  passwordHash: string;
  role: string;
}

type Row = Omit<UserRecord, 'disabled'> & { disabled: number };

const COLUMNS = `id, organization_id AS organizationId, username, display_name AS displayName, employee_ref AS employeeRef,
  password_hash AS passwordHash, role, disabled, failed_logins AS failedLogins, locked_until AS lockedUntil,
  created_at AS createdAt`;
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

/** Staff users: logins, roles, lockout counters. */
export class UsersRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      byName: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM users WHERE username = ?`),
      all: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM users ORDER BY username`),
      insert: db.prepare(`INSERT INTO users (id, organization_id, username, display_name, employee_ref, password_hash,
        role, created_at) VALUES (@id, @organizationId, @username, @displayName, @employeeRef, @passwordHash, @role, @createdAt)`),
      orgExists: db.prepare<[string]>('SELECT 1 FROM organizations WHERE id = ?'),
      // Atomic, so concurrent wrong passwords all count; a lapsed lock starts the count again.
      failure: db.prepare(`UPDATE users SET
          failed_logins = CASE WHEN locked_until IS NOT NULL AND locked_until <= @now THEN 1 ELSE failed_logins + 1 END,
          locked_until = CASE
            WHEN locked_until IS NOT NULL AND locked_until <= @now THEN NULL
            WHEN failed_logins + 1 >= @max THEN @lockUntil
            ELSE locked_until END
        WHERE id = @id`),
      success: db.prepare<[string]>('UPDATE users SET failed_logins = 0, locked_until = NULL WHERE id = ?'),
      disabled: db.prepare<[number, string]>('UPDATE users SET disabled = ? WHERE username = ?'),
      password: db.prepare<[string, string]>(
        'UPDATE users SET password_hash = ?, failed_logins = 0, locked_until = NULL WHERE username = ?',
      ),
    };
  }

  find(username: string): UserRecord | undefined {
    const row = this.statements.byName.get(username);
    return row && { ...row, disabled: row.disabled === 1 };
  }

  list(): UserRecord[] {
    return this.statements.all.all().map((row) => ({ ...row, disabled: row.disabled === 1 }));
  }

  /** Adds a user; the username is lower-case letters, digits, `.`, `_` or `-` (2–64). */
  create(input: NewUser, now: Date): UserRecord {
    const username = input.username.trim().toLowerCase();
    if (!USERNAME.test(username)) {
      throw invalidInput('username', 'must be 2-64 lower-case letters, digits, ".", "_" or "-"');
    }
    if (!isRole(input.role)) throw invalidInput('role', 'must be one of admin, manager, cashier, display, integration');
    if (!this.statements.orgExists.get(input.organizationId)) {
      throw invalidInput('organizationId', `does not name an organization: ${input.organizationId}`);
    }
    if (this.find(username))
      throw new ServicePayError('CONFLICT', `user ${username} already exists`, { field: 'username' });
    this.statements.insert.run({
      id: randomUUID(),
      organizationId: input.organizationId,
      username,
      displayName: input.displayName ?? username,
      employeeRef: input.employeeRef ?? null,
      passwordHash: input.passwordHash,
      role: input.role,
      createdAt: now.toISOString(),
    });
    return this.find(username)!;
  }

  /** Counts a failed login; locks the account until `lockUntil` once `maxFailures` is reached. */
  recordFailure(userId: string, maxFailures: number, now: Date, lockUntil: Date): void {
    this.statements.failure.run({
      id: userId,
      max: maxFailures,
      now: now.toISOString(),
      lockUntil: lockUntil.toISOString(),
    });
  }

  recordSuccess(user: UserRecord): void {
    if (user.failedLogins > 0 || user.lockedUntil) this.statements.success.run(user.id);
  }

  setDisabled(username: string, disabled: boolean): void {
    if (this.statements.disabled.run(disabled ? 1 : 0, username).changes !== 1) this.notFound(username);
  }

  setPasswordHash(username: string, passwordHash: string): void {
    if (this.statements.password.run(passwordHash, username).changes !== 1) this.notFound(username);
  }

  private notFound(username: string): never {
    throw new ServicePayError('NOT_FOUND', `no user ${username}`);
  }
}
