import type { Approver } from '../../../shared/contracts/cash-policy.js';
import type { CashMovementKind, ManagerApproval } from '../../../shared/contracts/cash.js';
import { CASH_MOVEMENT_DOING } from '../../../shared/labels.js';
import { ManagerPins } from '../auth/manager-pins.js';
import type { UsersRepository } from '../auth/users-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ServiceContext } from '../core/context.js';
import type { DrawerActor } from './drawer-access.js';

/**
 * The store's cash policy at the drawer: the movements it guards need a manager's approval, given
 * with the manager's PIN (README "Cash drawers", auth/manager-pins.ts). A manager doing one
 * approves it themselves.
 */
export class ManagerApprovals {
  private readonly pins: ManagerPins;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly users: UsersRepository,
  ) {
    this.pins = new ManagerPins(ctx.db, users, ctx.now, ctx.config.login);
  }

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
    return this.pins.check(dispensary, approval, CASH_MOVEMENT_DOING[kind]);
  }
}
