import { randomUUID } from 'node:crypto';
import { overShortWords } from '../../../shared/cash/expected-cash.js';
import type { AuditAction } from '../../../shared/contracts/audit.js';
import { formatMoney } from '../../../shared/money.js';
import { AuditRepository } from '../core/audit-repository.js';
import type { Queryable } from '../db/query.js';
import type {
  CashCount,
  CashMovementRequest,
  CashMovementView,
  DrawerReport,
  OpenDrawer,
  ShiftView,
} from '../../../shared/contracts/cash.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ServiceContext } from '../core/context.js';
import type { CashMovementsTable } from '../db/schema.js';
import type { DrawerState } from '../../../shared/contracts/cash-policy.js';
import type { DrawerUpdate } from '../../../shared/contracts/live.js';
import { UsersRepository } from '../auth/users-repository.js';
import type { DrawerActor } from './drawer-access.js';
import { countedCash } from './drawer-count.js';
import { holdingDrawer } from './drawer-gate.js';
import { ManagerApprovals } from './manager-approval.js';
import { movementView, shiftView } from './drawer-views.js';
import { ShiftCash } from './shift-cash.js';
import { noOpenDrawer, nothingToClose, sees, ShiftReports } from './shift-reports.js';
import { closedShift, newShift } from './shift-rows.js';
import { alreadyOpen, ShiftsRepository, type ShiftRow } from './shifts-repository.js';

function paymentInProgress(terminalId: string): ServicePayError {
  return new ServicePayError(
    'CONFLICT',
    `a payment at register ${terminalId} is still in progress: finish or cancel it before closing the drawer`,
  );
}

const TAKING_OUT: Partial<Record<CashMovementRequest['kind'], string>> = {
  paid_out: 'a paid-out',
  safe_drop: 'a safe drop',
};

/**
 * Cash taken out beyond what the drawer should hold, in words; the amount it holds only to whom
 * may see it (not a cashier on a blind shift).
 */
function moreThanHeld(taking: string, amount: number, holds: number, shown: boolean): ServicePayError {
  const words = shown
    ? `The drawer should hold ${formatMoney(holds)}: ${taking} of ${formatMoney(amount)} is more than it holds`
    : `${taking[0]!.toUpperCase()}${taking.slice(1)} of ${formatMoney(amount)} is more than the drawer should hold`;
  return new ServicePayError('CONFLICT', words, { field: 'amount' });
}

/**
 * The drawers of a store's registers (README "Cash drawers"): a shift opened with a counted
 * float, its cash movements, the X report at any time and the close, final and atomic: one write
 * transaction locks the open shift, adds up its cash, takes the register's next Z number and closes
 * it. Cash sales, change, cash back and cash refunds are derived from the register's payments.
 */
export class CashDrawers {
  private readonly shifts: ShiftsRepository;
  private readonly cash: ShiftCash;
  private readonly audit: AuditRepository;
  private readonly approvals: ManagerApprovals;
  private readonly reports: ShiftReports;

  constructor(private readonly ctx: ServiceContext) {
    this.reports = new ShiftReports(ctx);
    this.audit = new AuditRepository(ctx.db);
    this.approvals = new ManagerApprovals(ctx, new UsersRepository(ctx.db));
    this.shifts = new ShiftsRepository(ctx.db);
    this.cash = new ShiftCash(ctx.db);
  }

  async open(dispensary: Dispensary, terminalId: string, request: OpenDrawer, actor: DrawerActor): Promise<ShiftView> {
    const float = countedCash(request);
    // The store's policy makes every close blind; without it, whoever opens may choose one.
    const blind = dispensary.cashPolicy.blindClose || request.blind === true;
    const opened = {
      organization_id: dispensary.organizationId,
      dispensary_id: dispensary.id,
      terminal_id: terminalId,
      blind: blind ? 1 : 0,
      opened_at: this.ctx.now().toISOString(),
    };
    const row = newShift(opened, actor, float);
    await this.ctx.db.write(async (tx) => {
      if (await this.shifts.open(tx, dispensary.id, terminalId)) throw alreadyOpen(terminalId);
      await this.shifts.insert(tx, row);
      await this.record(tx, dispensary, 'drawer_opened', actor, float.cents, blind ? 'Blind close' : '');
    });
    this.changed(dispensary, row);
    return shiftView(row, float.cents, sees(actor, row));
  }

  async movement(
    dispensary: Dispensary,
    terminalId: string,
    request: CashMovementRequest,
    actor: DrawerActor,
  ): Promise<CashMovementView> {
    const reason = request.reason.trim();
    if (reason === '') throw invalidInput('reason', 'must say why, in words');
    if (request.kind === 'no_sale' && request.amount !== 0) throw invalidInput('amount', 'must be 0 for a no-sale');
    if (request.kind !== 'no_sale' && request.amount < 1) throw invalidInput('amount', 'must be at least 1 cent');
    const approver = await this.approvals.approve(dispensary, request.kind, actor, request.approval);
    const row = await this.ctx.db.write(async (tx) => {
      // Locked: a movement never lands on a shift a concurrent close has just added up.
      const shift = await this.shifts.lockOpen(tx, dispensary.id, terminalId);
      if (!shift) throw noOpenDrawer(terminalId);
      // Under the shift's lock: two taken out at once are added up one after the other.
      const taking = TAKING_OUT[request.kind];
      if (taking) {
        const holds = await this.cash.expected(tx, shift);
        if (request.amount > holds) throw moreThanHeld(taking, request.amount, holds, sees(actor, shift));
      }
      const movement: CashMovementsTable = {
        id: randomUUID(),
        shift_id: shift.id,
        kind: request.kind,
        amount_cents: request.amount,
        reason,
        actor_id: actor.id,
        actor_name: actor.name,
        at: this.ctx.now().toISOString(),
        approved_by_id: approver?.id ?? null,
        approved_by_name: approver?.name ?? null,
      };
      await this.cash.movements.insert(tx, movement);
      const approved = approver && approver.id !== actor.id ? ` (approved by ${approver.name})` : '';
      await this.record(tx, dispensary, `drawer_${request.kind}`, actor, request.amount, `${reason}${approved}`);
      return { movement, shift };
    });
    this.changed(dispensary, row.shift);
    return movementView(row.movement);
  }

  /** Tells the store's managers (the back office's Drawers, on every instance) once committed. */
  private changed(dispensary: Dispensary, shift: ShiftRow): void {
    const status = shift.status === 'closed' ? 'closed' : 'open';
    const update: DrawerUpdate = { terminalId: shift.terminal_id, shiftId: shift.id, status };
    this.ctx.live.publishTo(dispensary.id, 'drawers', 'drawer.updated', update);
  }

  /**
   * The register's open shift with the cash it should hold now (null when its drawer is closed),
   * and the store's cash policy with who can approve what it guards.
   */
  async current(
    dispensary: Dispensary,
    terminalId: string,
    viewer: DrawerActor,
  ): Promise<Pick<DrawerState, 'shift' | 'policy'>> {
    const [shift, approvers] = await Promise.all([
      this.shifts.open(this.ctx.db, dispensary.id, terminalId),
      this.approvals.approvers(dispensary),
    ]);
    const policy = { ...dispensary.cashPolicy, approvers };
    if (!shift) return { shift: null, policy };
    return { shift: shiftView(shift, await this.cash.expected(this.ctx.db, shift), sees(viewer, shift)), policy };
  }

  /** The X report of the register's open shift: its cash so far (hidden on a blind shift from a cashier). */
  xReport(dispensary: Dispensary, terminalId: string, viewer: DrawerActor): Promise<DrawerReport> {
    return this.reports.xReport(dispensary, terminalId, viewer);
  }

  /** One shift of the register: its Z report once closed (as the close made it), else its X report. */
  report(dispensary: Dispensary, terminalId: string, shiftId: string, viewer: DrawerActor): Promise<DrawerReport> {
    return this.reports.report(dispensary, terminalId, shiftId, viewer);
  }

  /** The audit event of a drawer action, in its transaction (the trail of issue 10). */
  private record(
    tx: Queryable,
    dispensary: Dispensary,
    action: AuditAction,
    actor: DrawerActor,
    amount: number,
    reason: string,
  ): Promise<void> {
    return this.audit.record(tx, {
      action,
      actor: actor.audit,
      organizationId: dispensary.organizationId,
      dispensaryId: dispensary.id,
      at: this.ctx.now(),
      amount,
      reason,
    });
  }

  /** Closes the register's open shift with the count: final; answers its Z report. */
  async close(dispensary: Dispensary, terminalId: string, count: CashCount, actor: DrawerActor): Promise<DrawerReport> {
    const counted = countedCash(count);
    // A split return handing out cash after its card's answer holds the drawer: the close waits for it.
    const register = { dispensaryId: dispensary.id, terminalId };
    const { shift, cash } = await holdingDrawer(this.ctx.db, register, () =>
      this.closeShift(dispensary, terminalId, counted, actor),
    );
    this.changed(dispensary, shift);
    return {
      kind: 'Z',
      shift: shiftView(shift, cash.expected, true),
      flows: cash.flows,
      sales: cash.sales,
      movements: cash.movements.map(movementView),
      generatedAt: shift.closed_at!,
    };
  }

  /** The close's write: the shift closed with its count and Z number, and its audit entry. */
  private closeShift(
    dispensary: Dispensary,
    terminalId: string,
    counted: ReturnType<typeof countedCash>,
    actor: DrawerActor,
  ) {
    return this.ctx.db.write(async (tx) => {
      const open = await this.shifts.lockOpen(tx, dispensary.id, terminalId);
      if (!open) throw await nothingToClose(tx, this.shifts, dispensary, terminalId);
      // Payments and refunds join the shift under its lock (drawer-gate.ts): holding it, every one
      // of them is committed and counted here, and none can join after.
      if ((await this.cash.payments.pendingCount(tx, open.id)) > 0) throw paymentInProgress(terminalId);
      const added = await this.cash.of(tx, open);
      const zNumber = await this.shifts.nextZ(tx, dispensary.id, terminalId);
      const closed = closedShift(open, actor, counted, added, { at: this.ctx.now().toISOString(), zNumber });
      const done = await this.shifts.close(tx, closed);
      // Throwing rolls the Z number back with it: no gap.
      if (!done) throw noOpenDrawer(terminalId);
      const words = `Z ${zNumber}: counted ${formatMoney(counted.cents)}, expected ${formatMoney(added.expected)}`;
      await this.record(
        tx,
        dispensary,
        'drawer_closed',
        actor,
        counted.cents,
        `${words}: ${overShortWords(closed.over_short_cents!)}`,
      );
      return { shift: closed, cash: added };
    });
  }
}
