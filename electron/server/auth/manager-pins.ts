import type { ManagerApproval } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { APPROVER_ROLES } from '../../../shared/permissions.js';
import { pinProblem } from '../../../shared/pin.js';
import type { ServiceContext } from '../core/context.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { dummyHash, verifyPassword } from './passwords.js';
import { UsersRepository, type UserRecord } from './users-repository.js';

/** The refusal of a username that is nobody's here (nor of the store's organization). */
const nobody = (username: string) =>
  new ServicePayError(
    'APPROVAL_REQUIRED',
    `nobody called "${username}" can approve at this store: ask a manager to enter their own username and PIN`,
    { field: 'approval.username' },
  );

/**
 * Why `user` (of the store's organization) cannot approve at `dispensary`, in words naming them; null
 * when they can: a manager or admin of the store or of its organization, enabled, who has set a PIN.
 */
function whyNot(user: UserRecord, dispensary: Dispensary): string | null {
  const name = user.displayName;
  if (!APPROVER_ROLES.includes(user.role)) return `${name} is not a manager: ask a manager to enter their PIN`;
  if (user.disabled) return `${name}'s account is disabled: ask another manager`;
  if (user.dispensaryId !== null && user.dispensaryId !== dispensary.id) {
    return `${name} is a manager of another store: ask a manager of this one`;
  }
  if (user.pinHash === null) return `${name} has not set a PIN: ask them to set one in Staff, or ask another manager`;
  return null;
}

/** Who approved: the manager's id and display name. */
export interface Approver {
  id: string;
  name: string;
}

/**
 * A manager's PIN checked for an action a store guards (a cash movement, an inventory
 * adjustment). A wrong PIN counts against the manager's account as a wrong password does, so
 * guessing a PIN locks it after the store's login limit (every service instance sees the count).
 */
export class ManagerPins {
  constructor(
    private readonly db: DataLayer,
    private readonly users: UsersRepository,
    private readonly now: () => Date,
    private readonly login: { maxFailures: number; lockSeconds: number },
  ) {}

  /** The service's manager PINs: its database, clock and sign-in lockout. */
  static of(ctx: ServiceContext): ManagerPins {
    return new ManagerPins(ctx.db, new UsersRepository(ctx.db), ctx.now, ctx.config.login);
  }

  /**
   * The manager `approval` names, once their PIN matches; refused in words otherwise. `doing` says
   * what is approved ("pay cash out"). Hashing takes tens of milliseconds: call it before the write.
   */
  async check(dispensary: Dispensary, approval: ManagerApproval | undefined, doing: string): Promise<Approver> {
    if (!approval) throw new ServicePayError('APPROVAL_REQUIRED', `the store asks for a manager's PIN to ${doing}`);
    // A PIN of the wrong form is nobody's: refused as such, before any hash, and no lockout counts it.
    if (pinProblem(approval.pin) === 'not_digits') {
      throw new ServicePayError('INVALID_INPUT', 'a PIN is 4 to 8 digits', { field: 'approval.pin' });
    }
    const now = this.now();
    const username = approval.username.trim();
    const found = await this.users.find(this.db, username.toLowerCase());
    // Someone of another organization is nobody here: not even their lockout is this store's to learn.
    const manager = found?.organizationId === dispensary.organizationId ? found : undefined;
    if (manager?.lockedUntil && manager.lockedUntil > now.toISOString()) {
      const retryAfterSeconds = Math.ceil((Date.parse(manager.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError('RATE_LIMITED', `${manager.displayName} is locked after wrong PINs or passwords`, {
        retryAfterSeconds,
      });
    }
    // An unknown manager or one with no PIN costs one hash too, so timing tells nothing.
    const matches = await verifyPassword(approval.pin, manager?.pinHash ?? (await dummyHash()));
    if (!manager) throw nobody(username);
    const refusal = whyNot(manager, dispensary);
    if (refusal !== null) throw new ServicePayError('APPROVAL_REQUIRED', refusal, { field: 'approval.username' });
    if (!matches) {
      const lockUntil = new Date(now.getTime() + this.login.lockSeconds * 1000);
      await this.db.write((tx) => this.users.recordFailure(tx, manager.id, this.login.maxFailures, now, lockUntil));
      throw new ServicePayError('APPROVAL_REQUIRED', `that is not ${manager.displayName}'s PIN`);
    }
    return { id: manager.id, name: manager.displayName };
  }
}
