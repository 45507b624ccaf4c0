import type { NewStaffInput, StaffView } from '../../../shared/contracts/setup-people.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { APPROVER_ROLES } from '../../../shared/permissions.js';
import { pinProblem } from '../../../shared/pin.js';
import { hashPassword } from '../auth/passwords.js';
import { UsersRepository, type UserRecord } from '../auth/users-repository.js';
import type { Queryable } from '../db/query.js';
import { requirePermission, sees, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { inListing, listingScope, resolveBelonging, storeNames, type Belonging } from '../dispensaries/store-names.js';
import { writeChangingCached } from '../db/epoch-cache.js';

/** A new password: 8 to 200 characters (the login screens and the command line say so). */
export function checkPassword(password: string, field = 'password'): string {
  if (password.length < 8) throw invalidInput(field, 'must have at least 8 characters');
  if (password.length > 200) throw invalidInput(field, 'must have at most 200 characters');
  return password;
}

/** A PIN approving cash movements: 4 to 8 digits, and not one digit repeated. */
export function checkPin(pin: string, field = 'pin'): string {
  const problem = pinProblem(pin);
  if (problem === 'not_digits') throw invalidInput(field, 'must be 4 to 8 digits');
  if (problem === 'repeated') throw invalidInput(field, 'must not repeat one digit: anyone could guess it');
  return pin;
}

function toView(user: UserRecord, shortName: string | null): StaffView {
  const { username, displayName, role, employeeRef, disabled, lockedUntil, createdAt } = user;
  const hasPin = user.pinHash !== null;
  const view = { username, displayName, role, employeeRef, dispensaryShortName: shortName, disabled, lockedUntil };
  return { ...view, createdAt, hasPin };
}

/**
 * Staff logins (`users:manage`): adding them to one store or to every store of the organization,
 * disabling and enabling them, and setting a new password (which also ends a lockout). A store's
 * own administrator manages that store's staff only.
 */
export class StaffSetup {
  private readonly users: UsersRepository;

  constructor(private readonly access: StoreAccess) {
    this.users = new UsersRepository(access.db);
  }

  /**
   * The staff of store `shortName` (its own logins, and for organization-wide managers the
   * organization's), of organization `organizationId`, or — for the operator — everyone.
   */
  async list(actor: SetupActor, where: Omit<Belonging, 'allStores'> = {}): Promise<StaffView[]> {
    const named = await storeNames(this.access);
    const { organizationId, storeId } = await listingScope(this.access, actor, where, 'users:manage');
    return (await this.users.list(this.access.db, organizationId))
      .filter((user) => sees(actor, user.organizationId, user.dispensaryId))
      .filter((user) => inListing(storeId, user.dispensaryId))
      .map((user) => toView(user, named(user.dispensaryId)));
  }

  async add(actor: SetupActor, where: Belonging, input: NewStaffInput): Promise<StaffView> {
    const { organizationId, store } = await resolveBelonging(this.access, actor, where, 'users:manage', 'a login');
    // Hashing takes tens of milliseconds: before the write, which holds the database.
    const passwordHash = await hashPassword(checkPassword(input.password));
    const user = await this.access.db.write((tx) =>
      this.users.create(
        tx,
        {
          username: input.username,
          role: input.role,
          organizationId,
          dispensaryId: store?.id ?? null,
          displayName: input.displayName,
          employeeRef: input.employeeRef,
          passwordHash,
        },
        this.access.now(),
      ),
    );
    return toView(user, store?.shortName ?? null);
  }

  /** Disables (their tokens stop working at once) or enables a login. Nobody disables their own. */
  async setDisabled(actor: SetupActor, username: string, disabled: boolean, shortName?: string): Promise<StaffView> {
    return this.change(actor, username, shortName, async (tx, user) => {
      if (disabled && actor.kind === 'staff' && actor.principal.subjectId === user.id) {
        throw invalidInput('username', 'is your own login: another administrator must disable it');
      }
      await this.users.setDisabled(tx, user.username, disabled);
    });
  }

  /** Sets a new password and ends a lockout. */
  async setPassword(actor: SetupActor, username: string, password: string, shortName?: string): Promise<StaffView> {
    const passwordHash = await hashPassword(checkPassword(password));
    return this.change(actor, username, shortName, (tx, user) =>
      this.users.setPasswordHash(tx, user.username, passwordHash),
    );
  }

  /** Sets (or with null, removes) the PIN with which a manager or admin approves cash movements. */
  async setPin(actor: SetupActor, username: string, pin: string | null, shortName?: string): Promise<StaffView> {
    const pinHash = pin === null ? null : await hashPassword(checkPin(pin));
    return this.change(actor, username, shortName, async (tx, user) => {
      if (pinHash !== null && !APPROVER_ROLES.includes(user.role)) {
        throw invalidInput(
          'pin',
          `is for managers and admins, who approve cash movements: ${user.username} is not one`,
        );
      }
      await this.users.setPinHash(tx, user.username, pinHash);
    });
  }

  private async change(
    actor: SetupActor,
    username: string,
    shortName: string | undefined,
    work: (tx: Queryable, user: UserRecord) => Promise<void>,
  ): Promise<StaffView> {
    requirePermission(actor, 'users:manage');
    const store = shortName === undefined ? undefined : await this.access.store(actor, shortName, 'users:manage');
    const named = await storeNames(this.access);
    // A disabled login's tokens stop working at once on every instance.
    return writeChangingCached(this.access.db, async (tx) => {
      const user = await this.users.find(tx, username.trim().toLowerCase());
      const atStore = !store || user?.dispensaryId === store.id || user?.dispensaryId === null;
      if (!user || !atStore) {
        throw new ServicePayError('NOT_FOUND', `no user ${username}${store ? ` works at ${store.name}` : ''}`);
      }
      if (!sees(actor, user.organizationId, user.dispensaryId)) {
        throw new ServicePayError('FORBIDDEN', `user ${user.username} is not one of the staff you manage`);
      }
      await work(tx, user);
      return toView((await this.users.find(tx, user.username))!, named(user.dispensaryId));
    });
  }
}
