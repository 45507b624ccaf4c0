import { overShortWords } from '../../../shared/cash/expected-cash.js';
import type { CashCount, DrawerReport } from '../../../shared/contracts/cash.js';
import { ServicePayError } from '../../../shared/errors.js';
import { formatMoney } from '../../../shared/money.js';
import { storeStamp } from '../../../shared/store-time.js';
import { AuditRepository } from '../core/audit-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DrawerActor } from './drawer-access.js';
import { countedCash } from './drawer-count.js';
import { shiftOpenedWords } from './replaced-shifts.js';
import { ShiftCash } from './shift-cash.js';
import { countedLate } from './shift-rows.js';
import { ShiftsRepository, type ShiftRow } from './shifts-repository.js';

/**
 * Why `shift` takes no count after its close, in words, or null when it does: closed as replaced,
 * not counted. A second count names the first, who made it and when.
 */
function noLateCount(shift: ShiftRow, timeZone: string): ServicePayError | null {
  const register = `register ${shift.terminal_id}`;
  if (shift.status !== 'closed') {
    return new ServicePayError(
      'CONFLICT',
      `the shift at ${register} is still open: count its drawer by closing it, which gives its Z report`,
    );
  }
  if (shift.z_number !== null) {
    return new ServicePayError(
      'CONFLICT',
      `that shift of ${register} was closed with a count of its drawer (Z report ${Number(shift.z_number)}): ` +
        'only a shift closed as replaced, not counted, takes a count after its close',
    );
  }
  if (shift.counted_cents === null) return null;
  const when = shift.counted_at === null ? '' : ` on ${storeStamp(shift.counted_at, timeZone)}`;
  const counted = `${formatMoney(Number(shift.counted_cents))}, ${overShortWords(Number(shift.over_short_cents))}`;
  return new ServicePayError(
    'CONFLICT',
    `the drawer of that shift of ${register} was counted already, by ${shift.counted_by_name ?? 'someone'}${when} ` +
      `(${counted}): its count is final`,
  );
}

/**
 * The count of a drawer whose shift the store server closed as replaced, not counted (README "Cash
 * drawers"): its register's machine was replaced under the same name while the shift was open, and a
 * manager counts the cash left in that drawer afterwards. The count and its over/short are kept on
 * the shift, with who counted and when, in the audit trail too; once: the shift's row is locked and
 * written only while not counted, so of two counts at once one is kept and the other refused. No Z
 * number is given (see ./shift-rows.ts `countedLate`).
 */
export class LateCounts {
  private readonly shifts: ShiftsRepository;
  private readonly cash: ShiftCash;
  private readonly audit: AuditRepository;

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'now'>) {
    this.shifts = new ShiftsRepository(ctx.db);
    this.cash = new ShiftCash(ctx.db);
    this.audit = new AuditRepository(ctx.db);
  }

  /** Counts the drawer of register `terminalId`'s shift `shiftId`, closed as replaced: its report now. */
  async count(
    dispensary: Dispensary,
    terminalId: string,
    shiftId: string,
    entry: CashCount,
    actor: DrawerActor,
  ): Promise<DrawerReport> {
    const counted = countedCash(entry);
    const at = this.ctx.now();
    const shift = await this.ctx.db.write(async (tx) => {
      const shift = await this.shifts.lock(tx, shiftId);
      if (!shift || shift.dispensary_id !== dispensary.id || shift.terminal_id !== terminalId) {
        throw new ServicePayError('NOT_FOUND', `register ${terminalId} of ${dispensary.name} has no shift ${shiftId}`);
      }
      const refused = noLateCount(shift, dispensary.timezone);
      if (refused) throw refused;
      const done = countedLate(shift, actor, counted, at.toISOString());
      if (!(await this.shifts.countLate(tx, done))) {
        throw noLateCount((await this.shifts.find(tx, shiftId))!, dispensary.timezone) ?? stillNotCounted(terminalId);
      }
      const expected = Number(shift.expected_cents);
      await this.audit.record(tx, {
        action: 'drawer_counted',
        actor: actor.audit,
        organizationId: dispensary.organizationId,
        dispensaryId: dispensary.id,
        at,
        amount: counted.cents,
        reason:
          `Counted late, the shift closed as replaced (${shiftOpenedWords(shift, dispensary.timezone)}): counted ` +
          `${formatMoney(counted.cents)}, expected ${formatMoney(expected)}: ${overShortWords(done.over_short_cents!)}`,
      });
      return done;
    });
    return this.cash.zReport(this.ctx.db, shift);
  }
}

/** The count was not written, yet the shift still takes one: never under its lock, said if it were. */
function stillNotCounted(terminalId: string): ServicePayError {
  return new ServicePayError(
    'CONFLICT',
    `the count of that shift of register ${terminalId} was not kept: read the shift again and count it again`,
  );
}
