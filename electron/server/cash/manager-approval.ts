import type { Approver } from '../../../shared/contracts/cash-policy.js';
import type { CashMovementKind, ManagerApproval } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { CASH_MOVEMENT_DOING } from '../../../shared/labels.js';
import { APPROVER_ROLES } from '../../../shared/permissions.js';
import { dummyHash, verifyPassword } from '../auth/passwords.js';
import type { UserRecord, UsersRepository } from '../auth/users-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ServiceContext } from '../core/context.js';
import type { DrawerActor } from './drawer-access.js';

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

/**
 * The store's cash policy at the drawer: the movements it guards need a manager's approval, given
 * with the manager's PIN (README "Cash drawers"). A manager doing one approves it themselves. A
 * wrong PIN counts against the manager's account as a wrong password does, so guessing a PIN locks
 * it after the store's login limit (every service instance sees the count).
 */
export class ManagerApprovals {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly users: UsersRepository,
  ) {}

  /** The people who can approve at the store's registers, by name. */
  async approvers(dispensary: Dispensary): Promise<Approver[]> {
    const users = await this.users.approvers(this.ctx.db, dispensary.organizationId, dispensary.id);
    return users.map((user) => ({ username: user.username, name: user.displayName }));
  }

  /**
   * Who approves a `kind` movement by `actor`: null when the store does not guard it, the actor when
   * a manager, else the manager `approval` names once their PIN matches. Hashing takes tens of
   * milliseconds: call it before the movement's write.
   */
  async approve(
    dispensary: Dispensary,
    kind: CashMovementKind,
    actor: DrawerActor,
    approval: ManagerApproval | undefined,
  ): Promise<{ id: string; name: string } | null> {
    if (!dispensary.cashPolicy.managerApproval.includes(kind)) return null;
    if (actor.manager) return { id: actor.id, name: actor.name };
    if (!approval) {
      throw new ServicePayError(
        'APPROVAL_REQUIRED',
        `the store asks for a manager's PIN to ${CASH_MOVEMENT_DOING[kind]}`,
      );
    }
    const now = this.ctx.now();
    const manager = await this.users.find(this.ctx.db, approval.username.trim().toLowerCase());
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
      const { maxFailures, lockSeconds } = this.ctx.config.login;
      const lockUntil = new Date(now.getTime() + lockSeconds * 1000);
      await this.ctx.db.write((tx) => this.users.recordFailure(tx, manager.id, maxFailures, now, lockUntil));
      throw new ServicePayError('APPROVAL_REQUIRED', `that is not ${manager.displayName}'s PIN`);
    }
    return { id: manager.id, name: manager.displayName };
  }
}
