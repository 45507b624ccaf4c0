import { ServicePayError } from '../../../shared/errors.js';
import { isBackOfficeTerminal } from '../../../shared/terminal-id.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ShiftsRepository } from './shifts-repository.js';

/** Where money is taken or handed back: the register, when it happens at one. */
export interface AtRegister {
  dispensaryId: string | null;
  terminalId: string | null;
}

/** What the cash does: taken into the drawer, handed out of it, or none moves. */
export type CashMove = 'take' | 'hand out' | null;

/**
 * The drawer shift a payment or refund at a register belongs to: the register's open shift, read
 * under its row lock in the write transaction that records the payment or refund, so a close that
 * holds the lock first is seen (the payment then finds no open shift) and a close that comes after
 * counts it. Moving cash at a register with no open drawer is refused (DRAWER_CLOSED); money that is
 * not taken at a register (ecommerce, a back-office machine) belongs to no shift.
 */
/** Whether money at `at` moves a register's drawer (a back-office machine, ecommerce: none). */
const hasDrawer = (at: AtRegister): at is { dispensaryId: string; terminalId: string } =>
  at.dispensaryId !== null && at.terminalId !== null && !isBackOfficeTerminal(at.terminalId);

export async function shiftAtRegister(
  shifts: ShiftsRepository,
  tx: Queryable,
  at: AtRegister,
  cash: CashMove,
): Promise<string | null> {
  if (!hasDrawer(at)) return null;
  const shift = await shifts.lockOpen(tx, at.dispensaryId, at.terminalId);
  if (shift) return shift.id;
  if (cash !== null) throw drawerClosed(at.terminalId, cash);
  return null;
}

/**
 * Runs `work` holding register `at`'s drawer (DataLayer.exclusive, on every instance): its close
 * holds it too, so money that is checked against the open drawer before a processor is asked, and
 * written after its answer, still finds the drawer it was checked against (a split return's card
 * refund is then never made at the processor and left unrecorded by a close in between). Off a
 * register, `work` runs alone.
 */
export function holdingDrawer<T>(db: Pick<DataLayer, 'exclusive'>, at: AtRegister, work: () => Promise<T>): Promise<T> {
  if (!hasDrawer(at)) return work();
  return db.exclusive(`drawer:${at.dispensaryId}:${at.terminalId}`, work);
}

export function drawerClosed(terminalId: string, cash: Exclude<CashMove, null>): ServicePayError {
  const doing = cash === 'take' ? 'taking cash' : 'handing out cash';
  return new ServicePayError(
    'DRAWER_CLOSED',
    `the drawer of register ${terminalId} is not open: open it with a counted float before ${doing}`,
  );
}
