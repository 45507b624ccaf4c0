import type { ManagerApproval } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { needsManagerPin } from '../../../shared/inventory/adjustment-change.js';
import type { Approver, ManagerPins } from '../auth/manager-pins.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import { quantityInWords } from './adjustment-words.js';

/** The operator at the `servicepay` command holds the database: they approve their own adjustments. */
const OPERATOR_APPROVER: Approver = { id: 'operator', name: 'the operator (servicepay command)' };

/**
 * Who made what was approved, as its row keeps them: an adjustment's maker (`staff`, or another
 * signed-in kind, and their id; or the operator), or the one who applied a count.
 */
export interface ApprovalMaker {
  kind: string;
  /** The user's id; null for the operator. */
  id: string | null;
}

/**
 * Whether someone other than the one who made an adjustment (or applied a count) approved it,
 * decided by the ids its row keeps: a manager's or the operator's own approval needed no one
 * else's, so the audit trail, the API's `approvedByOther` and the lists that show it say none.
 * False when nobody approved.
 */
export function approvedByOther(maker: ApprovalMaker, approverId: string | null): boolean {
  if (approverId === null) return false;
  return maker.kind === 'operator' ? approverId !== OPERATOR_APPROVER.id : approverId !== maker.id;
}

/**
 * The store's policy of adjustments needing a manager's PIN (README "Inventory adjustments"): a
 * manager or admin (`store:manage`) and the operator approve their own; anyone else gives a
 * manager's PIN (auth/manager-pins.ts: the cash policy's PINs and lockout).
 */
export class AdjustmentApprovals {
  /** `pins` checks a PIN; without it (the command line) only the operator adjusts. */
  constructor(private readonly pins?: ManagerPins) {}

  /**
   * Who may approve what `actor` asks: themselves, or the manager whose PIN the request gives
   * (checked even where the change turns out not to need it); undefined when neither. Hashing takes
   * tens of milliseconds: call it before the write.
   */
  async approver(
    actor: SetupActor,
    store: Dispensary,
    request: { approval?: ManagerApproval },
  ): Promise<Approver | undefined> {
    if (actor.kind === 'operator') return OPERATOR_APPROVER;
    const { principal } = actor;
    if (principal.permissions.has('store:manage')) return { id: principal.subjectId, name: principal.name };
    if (!request.approval) return undefined;
    if (!this.pins) throw new ServicePayError('APPROVAL_REQUIRED', 'a manager’s PIN cannot be checked here');
    return this.pins.check(store, request.approval, 'adjust stock');
  }

  /** Who approved a change of `deltaMilli`: null when the store does not ask; refused when it asks and nobody did. */
  approvedBy(store: Dispensary, deltaMilli: number, approver: Approver | undefined): Approver | null {
    if (!needsManagerPin(store.adjustmentPinMilli, deltaMilli)) return null;
    if (approver) return approver;
    const size =
      store.adjustmentPinMilli === 0
        ? 'every adjustment'
        : `an adjustment of more than ${quantityInWords(store.adjustmentPinMilli!)}`;
    throw new ServicePayError(
      'APPROVAL_REQUIRED',
      `the store asks for a manager's PIN for ${size}: a manager approves it with their PIN`,
    );
  }
}
