import { formatMoney } from '../../../shared/money.js';
import { storeStamp } from '../../../shared/store-time.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ShiftCash } from './shift-cash.js';
import { addedUpAgain, replacedShift } from './shift-rows.js';
import { ShiftsRepository, type ShiftRow } from './shifts-repository.js';

/** "opened by Casey Cashier on Nov 23, 2026, 9:00 AM PST with a $100.00 float": a shift in words. */
export function shiftOpenedWords(
  shift: Pick<ShiftRow, 'opened_by_name' | 'opened_at' | 'float_cents'>,
  timeZone: string,
): string {
  const at = storeStamp(shift.opened_at, timeZone);
  return `opened by ${shift.opened_by_name} on ${at} with a ${formatMoney(Number(shift.float_cents))} float`;
}

/** A shift closed as replaced, and the cash its drawer should hold. */
export interface ReplacedShift {
  shift: ShiftRow;
  expected: number;
}

/**
 * A register's drawer shift left open at the store server by a machine that was replaced under the
 * same name (README "Cash drawers"). The new machine's shift cannot be recorded beside it (one open
 * shift per register), and the dead machine will never close it: it is closed as replaced, not
 * counted, with what it should hold, so the new shift's cash and the old one's are each in a report.
 */
export class ReplacedShifts {
  private readonly shifts: ShiftsRepository;
  private readonly cash: ShiftCash;

  constructor(private readonly db: DataLayer) {
    this.shifts = new ShiftsRepository(db);
    this.cash = new ShiftCash(db);
  }

  /**
   * Closes the register's open shift, locked in `tx`, unless it is `shiftId` (the shift arriving)
   * or there is none: the closed shift and what it should hold, or null.
   */
  async closeOpen(
    tx: Queryable,
    register: { dispensaryId: string; terminalId: string },
    shiftId: string,
    close: { at: string; by: { id: string; name: string } },
  ): Promise<ReplacedShift | null> {
    const open = await this.shifts.lockOpen(tx, register.dispensaryId, register.terminalId);
    if (!open || open.id === shiftId) return null;
    const added = await this.cash.of(tx, open);
    const shift = replacedShift(open, close.by, added, close.at);
    if (!(await this.shifts.close(tx, shift))) return null;
    return { shift, expected: added.expected };
  }

  /**
   * Adds up again the shifts among `shiftIds` of store `dispensaryId` closed as replaced (no Z number),
   * after payments, refunds or movements of theirs arrived late (their machine attached again, sending
   * what waited): those whose figures moved, with what each should hold now and before. A shift whose
   * drawer a manager counted since keeps that count, its over/short against what it should hold now.
   * Each is locked: a count at the same time is made against the figure before or after, never lost.
   */
  async addUpAgain(
    tx: Queryable,
    dispensaryId: string,
    shiftIds: ReadonlySet<string>,
  ): Promise<(ReplacedShift & { before: number })[]> {
    const again: (ReplacedShift & { before: number })[] = [];
    for (const id of shiftIds) {
      const shift = await this.shifts.lock(tx, id);
      if (!shift || shift.dispensary_id !== dispensaryId || shift.status !== 'closed') continue;
      if (shift.z_number !== null) continue;
      const added = await this.cash.of(tx, shift);
      const redone = addedUpAgain(shift, added);
      if (redone.z_flows === shift.z_flows && redone.z_sales === shift.z_sales) continue;
      await tx.run(
        this.db.builder
          .updateTable('cash_shifts')
          .set({
            expected_cents: redone.expected_cents,
            over_short_cents: redone.over_short_cents,
            z_flows: redone.z_flows,
            z_sales: redone.z_sales,
          })
          .where('id', '=', id)
          .where('status', '=', 'closed')
          .where('z_number', 'is', null),
      );
      again.push({ shift: redone, expected: added.expected, before: Number(shift.expected_cents) });
    }
    return again;
  }
}
