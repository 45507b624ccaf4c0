import type { RefundRequest } from '../../../../shared/contracts/payment-reports.js';
import { ServicePayError } from '../../../../shared/errors.js';
import { ManagerPins, type Approver } from '../../auth/manager-pins.js';
import type { ServiceContext } from '../../core/context.js';
import type { Principal } from '../../core/principal.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';

/** Staff who sell at a register (not the pole display, not a partner): who may return items there. */
const sellsAtRegister = (principal: Principal) =>
  principal.kind === 'staff' &&
  principal.terminalId !== null &&
  principal.permissions.has('payment:create') &&
  principal.permissions.has('ticket:create');

/** Who approves a refund: a manager by their PIN (`byPin`), or whoever holds `payment:refund`, their own. */
export interface RefundApproval {
  approver: Approver;
  byPin: boolean;
}

/**
 * Who may give money back (README "Refunds", "Returns at the counter"): whoever holds
 * `payment:refund` (a manager or admin), as ever; and a cashier at a register returning items of a
 * sale, with a manager's PIN, so the everyday return is made at the counter and its cash comes out
 * of that register's drawer. The refund route is guarded on `payment:create` and asks this, once.
 */
export class RefundAccess {
  private readonly pins: ManagerPins;

  constructor(
    ctx: ServiceContext,
    private readonly store: PaymentStore,
  ) {
    this.pins = ManagerPins.of(ctx);
  }

  /**
   * Who approves `principal`'s refund of `payment`: themselves when they hold `payment:refund` (as a
   * manager approves their own guarded stock adjustment), else the manager whose PIN the request
   * gives; refused in words otherwise. Hashing a PIN takes tens of milliseconds: call it before the
   * refund's write. A wrong PIN counts against the manager as for cash movements.
   */
  async approval(
    principal: Principal,
    payment: StoredPayment,
    body: RefundRequest | undefined,
  ): Promise<RefundApproval> {
    if (principal.permissions.has('payment:refund')) {
      return { approver: { id: principal.subjectId, name: principal.name }, byPin: false };
    }
    if (!sellsAtRegister(principal)) {
      throw new ServicePayError('FORBIDDEN', `the ${principal.role} role does not have the payment:refund permission`);
    }
    if (!body?.lines) {
      throw new ServicePayError(
        'INVALID_INPUT',
        'at the register a refund gives back items: choose the lines that come back',
        { field: 'lines' },
      );
    }
    if (body.reason === undefined || body.reason.trim() === '') {
      throw new ServicePayError('INVALID_INPUT', 'say why the items come back', { field: 'reason' });
    }
    if (!body.approval) {
      throw new ServicePayError('APPROVAL_REQUIRED', 'a refund needs a manager: ask one to enter their PIN', {
        field: 'approval',
      });
    }
    const dispensary = payment.dispensaryId ? await this.store.dispensaries.findById(payment.dispensaryId) : undefined;
    if (!dispensary) throw new ServicePayError('NOT_FOUND', `the store of payment ${payment.id} is not known here`);
    return { approver: await this.pins.check(dispensary, body.approval, 'give money back'), byPin: true };
  }
}
