import type { ManagerApproval } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { APPROVER_ROLES } from '../../../shared/permissions.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { dummyHash, verifyPassword } from './passwords.js';
import type { UserRecord, UsersRepository } from './users-repository.js';

/** A manager or admin of `dispensary` (theirs, or their organization's) who has set a PIN. */
function approves(user: UserRecord, dispensary: Dispensary): boolean {
  return (
    APPROVER_ROLES.includes(user.role) &&
    !user.disabled &&
    user.pinHash !== null &&
    user.organizationId === dispensary.organizationId &&
    (user.dispensaryId === null || user.dispensaryId === dispensary.id)
  );
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

  /**
   * The manager `approval` names, once their PIN matches; refused in words otherwise. `doing` says
   * what is approved ("pay cash out"). Hashing takes tens of milliseconds: call it before the write.
   */
  async check(dispensary: Dispensary, approval: ManagerApproval | undefined, doing: string): Promise<Approver> {
    if (!approval) throw new ServicePayError('APPROVAL_REQUIRED', `the store asks for a manager's PIN to ${doing}`);
    const now = this.now();
    const manager = await this.users.find(this.db, approval.username.trim().toLowerCase());
    if (manager?.lockedUntil && manager.lockedUntil > now.toISOString()) {
      const retryAfterSeconds = Math.ceil((Date.parse(manager.lockedUntil) - now.getTime()) / 1000);
      throw new ServicePayError('RATE_LIMITED', `${manager.displayName} is locked after wrong PINs or passwords`, {
        retryAfterSeconds,
      });
    }
    // An unknown manager or one with no PIN costs one hash too, so timing tells nothing.
    const matches = await verifyPassword(approval.pin, manager?.pinHash ?? (await dummyHash()));
    if (!manager || !approves(manager, dispensary)) {
      throw new ServicePayError(
        'APPROVAL_REQUIRED',
        `${approval.username} cannot approve at this store: ask a manager who has set a PIN`,
      );
    }
    if (!matches) {
      const lockUntil = new Date(now.getTime() + this.login.lockSeconds * 1000);
      await this.db.write((tx) => this.users.recordFailure(tx, manager.id, this.login.maxFailures, now, lockUntil));
      throw new ServicePayError('APPROVAL_REQUIRED', `that is not ${manager.displayName}'s PIN`);
    }
    return { id: manager.id, name: manager.displayName };
  }
}
