import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DISPLAY_NAME_MAX, EMPLOYEE_REF_MAX } from '../../../shared/contracts/setup-people.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { APPROVER_ROLES, isStaffRole, STAFF_ROLES, type StaffRole } from '../../../shared/permissions.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';

/** A staff user as stored (the password hash never leaves the auth module). */
export interface UserRecord {
  id: string;
  organizationId: string;
  /** The one store the user works at; null for the organization's own staff (every store). */
  dispensaryId: string | null;
  username: string;
  displayName: string;
  employeeRef: string | null;
  passwordHash: string;
  role: StaffRole;
  disabled: boolean;
  failedLogins: number;
  lockedUntil: string | null;
  createdAt: string;
  /** A manager's PIN approving cash movements, hashed; null when none is set. */
  pinHash: string | null;
}

export interface NewUser {
  organizationId: string;
  dispensaryId?: string | null;
  username: string;
  displayName?: string;
  employeeRef?: string | null;
  passwordHash: string;
  role: string;
}

const USERNAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;
const selectUsers = (k: Builder) =>
  k
    .selectFrom('users')
    .select([
      'id',
      'organization_id as organizationId',
      'dispensary_id as dispensaryId',
      'username',
      'display_name as displayName',
      'employee_ref as employeeRef',
      'password_hash as passwordHash',
      'role',
      'disabled',
      'failed_logins as failedLogins',
      'locked_until as lockedUntil',
      'created_at as createdAt',
      'pin_hash as pinHash',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;
const toRecord = (row: Row): UserRecord => ({ ...row, role: row.role as StaffRole, disabled: row.disabled === 1 });

/** Staff users: logins, roles, lockout counters. */
export class UsersRepository {
  private readonly q;
  private readonly organizations: OrganizationRepository;

  constructor(db: DataLayer) {
    this.organizations = new OrganizationRepository(db);
    this.q = {
      byName: db.prepare((k, p: { username: string }) => selectUsers(k).where('username', '=', p.username)),
      all: db.prepare((k) => selectUsers(k).orderBy('username')),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectUsers(k).where('organization_id', '=', p.organizationId).orderBy('username'),
      ),
      insert: db.prepare((k, p: Omit<UserRecord, 'disabled' | 'failedLogins' | 'lockedUntil' | 'pinHash'>) =>
        k.insertInto('users').values({
          id: p.id,
          organization_id: p.organizationId,
          dispensary_id: p.dispensaryId,
          username: p.username,
          display_name: p.displayName,
          employee_ref: p.employeeRef,
          password_hash: p.passwordHash,
          role: p.role,
          created_at: p.createdAt,
        }),
      ),
      // Atomic, so concurrent wrong passwords all count (on any instance); a lapsed lock starts
      // the count again.
      failure: db.prepare((k, p: { id: string; max: number; now: string; lockUntil: string }) =>
        k
          .updateTable('users')
          .set({
            failed_logins: sql<number>`CASE WHEN locked_until IS NOT NULL AND locked_until <= ${p.now} THEN 1
              ELSE failed_logins + 1 END`,
            locked_until: sql<string | null>`CASE
              WHEN locked_until IS NOT NULL AND locked_until <= ${p.now} THEN NULL
              WHEN failed_logins + 1 >= ${p.max} THEN ${p.lockUntil}
              ELSE locked_until END`,
          })
          .where('id', '=', p.id),
      ),
      success: db.prepare((k, p: { id: string }) =>
        k.updateTable('users').set({ failed_logins: 0, locked_until: null }).where('id', '=', p.id),
      ),
      disabled: db.prepare((k, p: { username: string; disabled: number }) =>
        k.updateTable('users').set({ disabled: p.disabled }).where('username', '=', p.username),
      ),
      password: db.prepare((k, p: { username: string; hash: string }) =>
        k
          .updateTable('users')
          .set({ password_hash: p.hash, failed_logins: 0, locked_until: null })
          .where('username', '=', p.username),
      ),
      // Managers and admins of a store (its own, or its organization's) who have set a PIN.
      approvers: db.prepare((k, p: { organizationId: string; dispensaryId: string }) =>
        selectUsers(k)
          .where('organization_id', '=', p.organizationId)
          .where((eb) => eb.or([eb('dispensary_id', 'is', null), eb('dispensary_id', '=', p.dispensaryId)]))
          .where('role', 'in', APPROVER_ROLES)
          .where('disabled', '=', 0)
          .where('pin_hash', 'is not', null)
          .orderBy('display_name'),
      ),
      pin: db.prepare((k, p: { username: string; hash: string | null }) =>
        k.updateTable('users').set({ pin_hash: p.hash }).where('username', '=', p.username),
      ),
    };
  }

  async find(q: Queryable, username: string): Promise<UserRecord | undefined> {
    const row = await q.first(this.q.byName, { username });
    return row && toRecord(row);
  }

  /** Every user, or one organization's, by username. */
  async list(q: Queryable, organizationId?: string): Promise<UserRecord[]> {
    const rows = organizationId ? await q.all(this.q.ofOrganization, { organizationId }) : await q.all(this.q.all);
    return rows.map(toRecord);
  }

  /**
   * Adds a user; the username is lower-case letters, digits, `.`, `_` or `-` (2–64), the display name
   * (the username when blank) and employee number as long as the API's schema lets them be.
   */
  async create(tx: Queryable, input: NewUser, now: Date): Promise<UserRecord> {
    const username = input.username.trim().toLowerCase();
    if (!USERNAME.test(username)) {
      throw invalidInput('username', 'must be 2-64 lower-case letters, digits, ".", "_" or "-"');
    }
    if (!isStaffRole(input.role)) throw invalidInput('role', `must be one of ${STAFF_ROLES.join(', ')}`);
    const displayName = input.displayName?.trim() || username;
    const employeeRef = input.employeeRef?.trim() || null;
    if (displayName.length > DISPLAY_NAME_MAX) {
      throw invalidInput('displayName', `must be at most ${DISPLAY_NAME_MAX} characters`);
    }
    if (employeeRef !== null && employeeRef.length > EMPLOYEE_REF_MAX) {
      throw invalidInput('employeeRef', `must be at most ${EMPLOYEE_REF_MAX} characters`);
    }
    const dispensaryId = input.dispensaryId ?? null;
    await this.organizations.checkOwner(tx, input.organizationId, dispensaryId);
    if (await this.find(tx, username)) {
      throw new ServicePayError('CONFLICT', `user ${username} already exists`, { field: 'username' });
    }
    await tx.run(this.q.insert, {
      id: randomUUID(),
      organizationId: input.organizationId,
      dispensaryId,
      username,
      displayName,
      employeeRef,
      passwordHash: input.passwordHash,
      role: input.role,
      createdAt: now.toISOString(),
    });
    return (await this.find(tx, username))!;
  }

  /** Counts a failed login; locks the account until `lockUntil` once `maxFailures` is reached. */
  async recordFailure(tx: Queryable, userId: string, maxFailures: number, now: Date, lockUntil: Date): Promise<void> {
    await tx.run(this.q.failure, {
      id: userId,
      max: maxFailures,
      now: now.toISOString(),
      lockUntil: lockUntil.toISOString(),
    });
  }

  async recordSuccess(tx: Queryable, user: UserRecord): Promise<void> {
    if (user.failedLogins > 0 || user.lockedUntil) await tx.run(this.q.success, { id: user.id });
  }

  async setDisabled(tx: Queryable, username: string, disabled: boolean): Promise<void> {
    if ((await tx.run(this.q.disabled, { username, disabled: disabled ? 1 : 0 })) !== 1) this.notFound(username);
  }

  async setPasswordHash(tx: Queryable, username: string, passwordHash: string): Promise<void> {
    if ((await tx.run(this.q.password, { username, hash: passwordHash })) !== 1) this.notFound(username);
  }

  /** The managers and admins of store `dispensaryId` who approve cash movements with a PIN, by name. */
  async approvers(q: Queryable, organizationId: string, dispensaryId: string): Promise<UserRecord[]> {
    return (await q.all(this.q.approvers, { organizationId, dispensaryId })).map(toRecord);
  }

  /** Sets (or with null, removes) a manager's hashed PIN. */
  async setPinHash(tx: Queryable, username: string, pinHash: string | null): Promise<void> {
    if ((await tx.run(this.q.pin, { username, hash: pinHash })) !== 1) this.notFound(username);
  }

  private notFound(username: string): never {
    throw new ServicePayError('NOT_FOUND', `no user ${username}`);
  }
}
